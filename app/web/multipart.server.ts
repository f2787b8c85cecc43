import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { fileTypeFromFile } from "file-type";
import sharp from "sharp";
import { formatFileSize } from "#app/platform/file-size.ts";
import { NO_SPACE, newObjectKey, type Storage } from "#app/platform/storage/storage.server.ts";
import { drainBody } from "#app/web/request-body.server.ts";

export interface AllowedFileType {
  extensions: string[];
  mime: string;
  image: boolean;
  /** Shown to visitors, e.g. "WebP"; defaults to the first extension in capitals. */
  label?: string;
}

export interface UploadLimits {
  maxFiles: number;
  maxFileBytes: number;
  /** Per text field. */
  maxFieldBytes: number;
  maxFields: number;
  maxImagePixels: number;
  allowed: AllowedFileType[];
  /** Form field name of the files. */
  fileField: string;
}

export interface StoredUpload {
  objectKey: string;
  originalName: string;
  size: number;
  mimeType: string;
  /** The content's SHA-256 (hex): the same file sent again is recognised. */
  sha256: string;
}

export interface ParsedMultipart {
  fields: Map<string, string[]>;
  files: StoredUpload[];
}

/** The message is shown to the visitor. */
export class UploadError extends Error {
  name = "UploadError";
  status: number;
  /** The text fields read before the refused part, so a form can be shown again with them. */
  fields = new Map<string, string[]>();

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export const inquiryUploadLimits: UploadLimits = {
  maxFiles: 5,
  maxFileBytes: 10 * 1024 * 1024,
  maxFieldBytes: 20_000,
  maxFields: 50,
  maxImagePixels: 40_000_000,
  allowed: [
    { extensions: [".jpg", ".jpeg"], mime: "image/jpeg", image: true, label: "JPG" },
    { extensions: [".png"], mime: "image/png", image: true, label: "PNG" },
    { extensions: [".gif"], mime: "image/gif", image: true, label: "GIF" },
    { extensions: [".webp"], mime: "image/webp", image: true, label: "WebP" },
    { extensions: [".pdf"], mime: "application/pdf", image: false, label: "PDF" },
  ],
  fileField: "files",
};

const UNREADABLE = "The form could not be read. Please try again.";
const INTERRUPTED = "The upload was interrupted. Please try again.";

/** The answer (507) when storage is full: the visitor may try again later. */
export { NO_SPACE };

const MAX_NAME_LENGTH = 200;

/** Basename only, without control or bidi characters, at most 200 characters, never empty. */
function safeDisplayName(raw: string | undefined): string {
  let name = (raw ?? "").split(/[/\\]/).pop() ?? "";
  name = name.replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, "").trim();
  if (name.length > MAX_NAME_LENGTH) {
    const ext = path.extname(name);
    const keep = ext.length <= 20 ? ext : "";
    name = name.slice(0, MAX_NAME_LENGTH - keep.length).replace(/[\ud800-\udbff]$/, "") + keep;
  }
  return name === "" || name === "." || name === ".." ? "file" : name;
}

function listOf(words: string[], conjunction: string): string {
  return words.length < 2
    ? words.join("")
    : `${words.slice(0, -1).join(", ")} ${conjunction} ${words.at(-1)}`;
}

function labelOf(type: AllowedFileType): string {
  return type.label ?? (type.extensions[0] ?? "").replace(/^\./, "").toUpperCase();
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/**
 * Streams a multipart/form-data request: text fields into memory (bounded by the limits), files
 * through a temp file into storage once their content is verified. On any failure nothing is left
 * behind: stored objects are deleted and temp files removed before the error is thrown.
 */
export async function parseMultipart(
  request: Request,
  storage: Storage,
  limits: UploadLimits,
  keyPrefix: string,
  tempDir: string,
): Promise<ParsedMultipart> {
  const parser = createParser(request, limits);
  if (!parser || !request.body) {
    drainBody(request.body);
    throw new UploadError(400, UNREADABLE);
  }
  try {
    await mkdir(tempDir, { recursive: true });
  } catch (error) {
    drainBody(request.body);
    if (errorCode(error) === "ENOSPC") throw new UploadError(507, NO_SPACE);
    throw error;
  }

  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  const fields = new Map<string, string[]>();
  const stored: StoredUpload[] = [];
  const tasks: Promise<void>[] = [];
  let fileCount = 0;
  let failure: { error: unknown } | undefined;
  let finished!: () => void;
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });
  // Decoding and storing one file at a time bounds memory; parsing carries on meanwhile.
  let processing: Promise<void> = Promise.resolve();

  const typeNames = limits.allowed.map(labelOf);
  const notAllowed = (name: string) =>
    new UploadError(415, `"${name}" is not a ${listOf(typeNames, "or")} file.`);
  const maxSize = formatFileSize(limits.maxFileBytes);
  const tooMany = () =>
    new UploadError(
      413,
      `You can attach at most ${limits.maxFiles} ${limits.maxFiles === 1 ? "file" : "files"}.`,
    );

  const fail = (error: unknown) => {
    if (failure) return;
    failure = { error };
    // Deferred: busboy emits its events mid-parse and breaks if destroyed from inside one.
    process.nextTick(() => {
      // Stop parsing but keep reading the body so the response can still reach the visitor.
      source.unpipe(parser);
      source.resume();
      parser.destroy();
      finished();
    });
  };

  const countFile = () => {
    fileCount += 1;
    if (fileCount > limits.maxFiles) throw tooMany();
  };

  async function handleFile(
    stream: Readable & { truncated?: boolean },
    rawName: string | undefined,
  ): Promise<void> {
    const originalName = safeDisplayName(rawName);
    const named = (rawName ?? "") !== "";
    const tmp = path.join(tempDir, `${randomUUID()}.upload`);
    // Taken in arrival order, so files are checked and stored in the order they were sent.
    const previous = processing;
    let release!: () => void;
    processing = new Promise((resolve) => {
      release = resolve;
    });
    // Errors surface through the pipeline or the parser; this keeps a late one from crashing.
    stream.on("error", () => {});
    stream.once("limit", () => {
      fail(new UploadError(413, `Each file must be ${maxSize} or smaller.`));
    });
    try {
      if (named) countFile();
      const ext = path.extname(originalName).toLowerCase();
      if (named && !limits.allowed.some((t) => t.extensions.includes(ext))) {
        throw notAllowed(originalName);
      }
      let size = 0;
      const digest = createHash("sha256");
      await pipeline(
        stream,
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            try {
              if (size === 0 && !named) {
                countFile();
                if (!limits.allowed.some((t) => t.extensions.includes(ext))) {
                  throw notAllowed(originalName);
                }
              }
              size += chunk.length;
              digest.update(chunk);
              callback(null, chunk);
            } catch (error) {
              callback(error as Error);
            }
          },
        }),
        createWriteStream(tmp, { flags: "wx" }),
      ).catch((error: unknown) => {
        // File system errors (e.g. ENOSPC) keep their code; anything else is a broken body.
        if (error instanceof UploadError || (error as NodeJS.ErrnoException).syscall) throw error;
        throw new UploadError(400, INTERRUPTED);
      });
      if (failure || stream.truncated) return;
      // A browser sends an empty nameless part when no file was chosen.
      if (!named && size === 0) return;

      await previous;
      if (failure) return;
      const upload = await verifyAndStore(tmp, originalName, ext, size, digest.digest("hex"));
      if (upload) stored.push(upload);
    } catch (error) {
      fail(error);
      stream.resume();
    } finally {
      release();
      await rm(tmp, { force: true });
    }
  }

  async function verifyAndStore(
    tmp: string,
    originalName: string,
    ext: string,
    size: number,
    sha256: string,
  ): Promise<StoredUpload | undefined> {
    const sniffed = await fileTypeFromFile(tmp);
    // An animated PNG is still a PNG to browsers and sharp.
    const mime = sniffed?.mime === "image/apng" ? "image/png" : sniffed?.mime;
    const type = limits.allowed.find((t) => t.mime === mime && t.extensions.includes(ext));
    if (!sniffed || !type) throw notAllowed(originalName);
    if (type.image) {
      try {
        // Decoding every pixel catches corrupt files; the pixel limit stops decompression bombs.
        await sharp(tmp, { limitInputPixels: limits.maxImagePixels, failOn: "error" }).stats();
      } catch {
        throw new UploadError(
          415,
          `"${originalName}" could not be read as an image. It may be damaged or too large.`,
        );
      }
    }
    if (failure) return undefined;
    const keyExt = `.${sniffed.ext === "apng" ? "png" : sniffed.ext.toLowerCase()}`;
    const objectKey = newObjectKey(keyPrefix, keyExt);
    const body = createReadStream(tmp);
    try {
      await storage.put(objectKey, body, { contentType: type.mime });
    } finally {
      // A driver that fails early may leave the stream open.
      body.destroy();
    }
    return { objectKey, originalName, size, mimeType: type.mime, sha256 };
  }

  parser.on("field", (name, value, info) => {
    if (failure) return;
    if (info.valueTruncated || info.nameTruncated) {
      fail(new UploadError(413, "A field is too long."));
      return;
    }
    const values = fields.get(name);
    if (values) values.push(value);
    else fields.set(name, [value]);
  });
  parser.on("fieldsLimit", () => fail(new UploadError(413, "The form has too many fields.")));
  parser.on("filesLimit", () => fail(tooMany()));
  parser.on("file", (name, stream, info) => {
    if (failure || name !== limits.fileField) {
      stream.resume();
      return;
    }
    tasks.push(handleFile(stream, info.filename));
  });
  parser.on("error", () => fail(new UploadError(400, INTERRUPTED)));
  parser.on("close", () => finished());
  source.on("error", () => fail(new UploadError(400, INTERRUPTED)));

  const onAbort = () => fail(new UploadError(400, INTERRUPTED));
  if (request.signal.aborted) onAbort();
  else request.signal.addEventListener("abort", onAbort, { once: true });

  try {
    source.pipe(parser);
    await done;
    // Files still being checked or stored must settle before anything is cleaned up.
    while (true) {
      const pending = tasks.length;
      await Promise.all(tasks);
      if (tasks.length === pending) break;
    }
  } finally {
    request.signal.removeEventListener("abort", onAbort);
  }

  if (failure) {
    await discardUploads(storage, stored).catch(() => {});
    const { error } = failure;
    if (!(error instanceof UploadError) && errorCode(error) === "ENOSPC") {
      throw Object.assign(new UploadError(507, NO_SPACE), { fields });
    }
    if (error instanceof UploadError) error.fields = fields;
    throw error;
  }
  return { fields, files: stored };
}

/** Deletes the stored objects (e.g. when saving the form failed). Tries every one, then throws. */
export async function discardUploads(storage: Storage, files: StoredUpload[]): Promise<void> {
  const results = await Promise.allSettled(files.map((f) => storage.delete(f.objectKey)));
  const errors = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
  if (errors.length > 0) throw new AggregateError(errors, "Some uploads could not be deleted");
}

function createParser(request: Request, limits: UploadLimits): busboy.Busboy | undefined {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return undefined;
  try {
    return busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        // Busboy flags a value as truncated once it reaches the limit, even if it ends right there.
        fieldSize: limits.maxFieldBytes + 1,
        fields: limits.maxFields,
        fileSize: limits.maxFileBytes + 1,
        // Room for the empty parts browsers send for unused file inputs; real files are counted
        // as they arrive.
        files: limits.maxFiles * 2 + 1,
      },
    });
  } catch {
    // No boundary.
    return undefined;
  }
}
