import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLocalStorage, type Storage } from "#app/platform/storage/storage.server.ts";
import {
  discardUploads,
  inquiryUploadLimits,
  parseMultipart,
  UploadError,
  type UploadLimits,
} from "./multipart.server.ts";

const limits = inquiryUploadLimits;
let dir: string;
let storageDir: string;
let tempDir: string;
let storage: Storage;

/** The hash the upload reports: the content's SHA-256, so the same file sent again is known. */
const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

let png: Buffer;
let jpeg: Buffer;
let gif: Buffer;
let webp: Buffer;
const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n" +
    "2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

function image() {
  return sharp({ create: { width: 4, height: 3, channels: 3, background: "#3366cc" } });
}

beforeAll(async () => {
  png = await image().png().toBuffer();
  jpeg = await image().jpeg().toBuffer();
  gif = await image().gif().toBuffer();
  webp = await image().webp().toBuffer();
});

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "multipart-test-"));
  storageDir = path.join(dir, "uploads");
  tempDir = path.join(dir, "tmp");
  storage = createLocalStorage(storageDir);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function filesIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)))
    .sort();
}

async function expectNothingLeft() {
  expect(await filesIn(storageDir)).toEqual([]);
  expect(await filesIn(tempDir)).toEqual([]);
}

/** A File from a Buffer (BlobPart wants an ArrayBuffer-backed view) or a string. */
function file(content: Buffer | string, name: string, options?: FilePropertyBag): File {
  return new File([typeof content === "string" ? content : new Uint8Array(content)], name, options);
}

function formRequest(entries: [string, string | File][]): Request {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return new Request("http://localhost/inquiry", { method: "POST", body: form });
}

function rawRequest(body: string | Buffer, boundary = "XyZ"): Request {
  return new Request("http://localhost/inquiry", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
}

function parse(request: Request, options: { storage?: Storage; limits?: UploadLimits } = {}) {
  return parseMultipart(
    request,
    options.storage ?? storage,
    options.limits ?? limits,
    "leads",
    tempDir,
  );
}

async function uploadError(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

/** A valid PNG whose header claims the given size (IHDR patched, CRC recomputed). */
function pngClaiming(width: number, height: number): Buffer {
  const buffer = Buffer.from(png);
  // Signature (8), IHDR length (4), "IHDR" (4), then width and height.
  buffer.writeUInt32BE(width, 16);
  buffer.writeUInt32BE(height, 20);
  buffer.writeUInt32BE(crc32(buffer.subarray(12, 29)), 29);
  return buffer;
}

const KEY = /^leads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.[a-z]+$/;

describe("parseMultipart", () => {
  it("collects text fields, repeated names accumulating", async () => {
    const result = await parse(
      formRequest([
        ["name", "Ada Lovelace"],
        ["services", "networks"],
        ["services", "backups"],
        ["message", "Hello\r\nthere ✓"],
      ]),
    );
    expect(result.files).toEqual([]);
    expect(Object.fromEntries(result.fields)).toEqual({
      name: ["Ada Lovelace"],
      services: ["networks", "backups"],
      message: ["Hello\r\nthere ✓"],
    });
    await expectNothingLeft();
  });

  it("ignores the empty part sent when no file was chosen", async () => {
    const request = formRequest([
      ["name", "Ada"],
      ["files", file("", "")],
    ]);
    expect(await parse(request)).toEqual({ fields: new Map([["name", ["Ada"]]]), files: [] });

    // As browsers send it: filename="" and no bytes.
    const raw = rawRequest(
      [
        "--XyZ",
        'Content-Disposition: form-data; name="files"; filename=""',
        "Content-Type: application/octet-stream",
        "",
        "",
        "--XyZ--",
        "",
      ].join("\r\n"),
    );
    expect((await parse(raw)).files).toEqual([]);
    await expectNothingLeft();
  });

  it("stores valid files under server keys with their sniffed type", async () => {
    const result = await parse(
      formRequest([
        ["name", "Ada"],
        ["files", file(png, "Screen shot.PNG", { type: "text/plain" })],
        ["files", file(pdf, "quote.pdf", { type: "image/png" })],
      ]),
    );
    expect(result.fields.get("name")).toEqual(["Ada"]);
    expect(result.files).toEqual([
      {
        objectKey: expect.stringMatching(KEY),
        originalName: "Screen shot.PNG",
        size: png.length,
        mimeType: "image/png",
        sha256: sha256(png),
      },
      {
        objectKey: expect.stringMatching(KEY),
        originalName: "quote.pdf",
        size: pdf.length,
        mimeType: "application/pdf",
        sha256: sha256(pdf),
      },
    ]);
    const [first, second] = result.files;
    expect(first?.objectKey).toMatch(/\.png$/);
    expect(second?.objectKey).toMatch(/\.pdf$/);
    expect(await filesIn(storageDir)).toEqual(result.files.map((f) => f.objectKey).sort());
    expect(await readFile(path.join(storageDir, first?.objectKey ?? ""))).toEqual(png);
    expect(await readFile(path.join(storageDir, second?.objectKey ?? ""))).toEqual(pdf);
    expect(await filesIn(tempDir)).toEqual([]);
  });

  it("accepts JPEG, GIF and WebP images", async () => {
    const result = await parse(
      formRequest([
        ["files", file(jpeg, "photo.jpeg")],
        ["files", file(gif, "anim.gif")],
        ["files", file(webp, "pic.webp")],
      ]),
    );
    expect(result.files.map((f) => [f.mimeType, path.extname(f.objectKey)])).toEqual([
      ["image/jpeg", ".jpg"],
      ["image/gif", ".gif"],
      ["image/webp", ".webp"],
    ]);
    expect(await filesIn(storageDir)).toHaveLength(3);
  });

  it("refuses a sixth file and keeps none of them", async () => {
    const files = Array.from(
      { length: 6 },
      (_, i) => ["files", file(png, `p${i}.png`)] as [string, File],
    );
    const error = await uploadError(parse(formRequest(files)));
    expect(error.status).toBe(413);
    expect(error.message).toBe("You can attach at most 5 files.");
    await expectNothingLeft();
  });

  it("accepts exactly five files", async () => {
    const files = Array.from(
      { length: 5 },
      (_, i) => ["files", file(png, `p${i}.png`)] as [string, File],
    );
    expect((await parse(formRequest(files))).files).toHaveLength(5);
  });

  it("refuses a file over the size limit and keeps nothing", async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 0x20);
    pdf.copy(big);
    const error = await uploadError(
      parse(
        formRequest([
          ["files", file(png, "first.png")],
          ["files", file(big, "big.pdf")],
        ]),
      ),
    );
    expect(error.status).toBe(413);
    expect(error.message).toBe("Each file must be 10 MB or smaller.");
    await expectNothingLeft();
  });

  it("accepts a file of exactly the size limit", async () => {
    const small = { ...limits, maxFileBytes: pdf.length };
    const result = await parse(formRequest([["files", file(pdf, "a.pdf")]]), {
      limits: small,
    });
    expect(result.files[0]?.size).toBe(pdf.length);
  });

  it.each([
    ["an HTML page named .jpg", "x.jpg", "<!doctype html><html><script>alert(1)</script></html>"],
    ["an SVG", "logo.svg", '<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'],
    ["a text file", "notes.jpg", "just some notes"],
    ["a PNG named .jpg", "photo.jpg", "png"],
    ["a PDF named .png", "doc.png", "pdf"],
    ["an empty file", "empty.pdf", ""],
    ["a file without extension", "README", "pdf"],
  ])("refuses %s (415)", async (_label, name, content) => {
    const bytes = content === "png" ? png : content === "pdf" ? pdf : Buffer.from(content);
    const error = await uploadError(
      parse(
        formRequest([
          ["files", file(png, "ok.png")],
          ["files", file(bytes, name, { type: "image/jpeg" })],
        ]),
      ),
    );
    expect(error.status).toBe(415);
    expect(error.message).toBe(`"${name}" is not a JPG, PNG, GIF, WebP or PDF file.`);
    await expectNothingLeft();
  });

  it("keeps only the base name of a path-like file name", async () => {
    const result = await parse(formRequest([["files", file(png, "../../etc/passwd.png")]]));
    expect(result.files).toEqual([
      {
        objectKey: expect.stringMatching(KEY),
        originalName: "passwd.png",
        size: png.length,
        mimeType: "image/png",
        sha256: sha256(png),
      },
    ]);
    expect(await filesIn(storageDir)).toEqual([result.files[0]?.objectKey]);

    const error = await uploadError(
      parse(formRequest([["files", file("root:x:0:0", "../../etc/passwd.png")]])),
    );
    expect(error.status).toBe(415);
    expect(error.message).toContain('"passwd.png"');
    expect(await filesIn(storageDir)).toEqual([result.files[0]?.objectKey]);
  });

  it("cleans file names for display", async () => {
    // Browsers send the name as raw UTF-8 in the part header; busboy itself refuses most control
    // characters there, but not tabs.
    const part = (filename: string) => [
      Buffer.from(
        `--XyZ\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\n` +
          "Content-Type: image/png\r\n\r\n",
      ),
      png,
      Buffer.from("\r\n"),
    ];
    const body = Buffer.concat([
      ...part("C:\\Users\\ada\\My\t \u202eshot.png"),
      ...part("  ünïcode ✓.png  "),
      ...part(`${"a".repeat(300)}.png`),
      Buffer.from("--XyZ--\r\n"),
    ]);
    const result = await parse(rawRequest(body), { limits: { ...limits, maxFiles: 10 } });
    expect(result.files.map((f) => f.originalName)).toEqual([
      "My shot.png",
      "ünïcode ✓.png",
      `${"a".repeat(196)}.png`,
    ]);

    const nameless = Buffer.concat([...part("\t \t"), Buffer.from("--XyZ--\r\n")]);
    const error = await uploadError(parse(rawRequest(nameless)));
    expect(error.message).toBe('"file" is not a JPG, PNG, GIF, WebP or PDF file.');
  });

  it("refuses a pixel flood (a PNG claiming 30000x30000)", async () => {
    const error = await uploadError(
      parse(formRequest([["files", file(pngClaiming(30000, 30000), "flood.png")]])),
    );
    expect(error.status).toBe(415);
    expect(error.message).toContain('"flood.png"');
    await expectNothingLeft();
  });

  it("refuses a corrupt image", async () => {
    const big = await sharp({
      create: { width: 200, height: 200, channels: 3, background: "#ff0000" },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const error = await uploadError(
      parse(formRequest([["files", file(big.subarray(0, 2000), "cut.png")]])),
    );
    expect(error.status).toBe(415);
    expect(error.message).toContain('"cut.png"');
    await expectNothingLeft();
  });

  it("refuses a truncated body (400)", async () => {
    const body = Buffer.concat([
      Buffer.from(
        [
          "--XyZ",
          'Content-Disposition: form-data; name="name"',
          "",
          "Ada",
          "--XyZ",
          'Content-Disposition: form-data; name="files"; filename="a.png"',
          "Content-Type: image/png",
          "",
          "",
        ].join("\r\n"),
      ),
      png.subarray(0, 40),
    ]);
    const error = await uploadError(parse(rawRequest(body)));
    expect(error.status).toBe(400);
    expect(error.message).toBe("The upload was interrupted. Please try again.");
    await expectNothingLeft();
  });

  it("refuses a body cut after a complete file, removing what was stored", async () => {
    const body = Buffer.concat([
      Buffer.from(
        '--XyZ\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\n',
      ),
      png,
      Buffer.from('\r\n--XyZ\r\nContent-Disposition: form-data; name="note"\r\n\r\nhal'),
    ]);
    const error = await uploadError(parse(rawRequest(body)));
    expect(error.status).toBe(400);
    await expectNothingLeft();
  });

  it("refuses a request that is not multipart, or has no boundary (400)", async () => {
    const json = new Request("http://localhost/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const noBoundary = new Request("http://localhost/", {
      method: "POST",
      headers: { "content-type": "multipart/form-data" },
      body: "x",
    });
    const urlencoded = new Request("http://localhost/", {
      method: "POST",
      body: new URLSearchParams({ a: "b" }),
    });
    for (const request of [json, noBoundary, urlencoded]) {
      const error = await uploadError(parse(request));
      expect(error.status).toBe(400);
      expect(error.message).toBe("The form could not be read. Please try again.");
    }
  });

  it("refuses a field that is too long (413)", async () => {
    const error = await uploadError(
      parse(
        formRequest([
          ["files", file(png, "a.png")],
          ["message", "x".repeat(1024 * 1024)],
        ]),
      ),
    );
    expect(error.status).toBe(413);
    expect(error.message).toBe("A field is too long.");
    await expectNothingLeft();
  });

  it("accepts a field of exactly the size limit", async () => {
    const value = "é".repeat(limits.maxFieldBytes / 2);
    const result = await parse(formRequest([["message", value]]));
    expect(result.fields.get("message")).toEqual([value]);
  });

  it("reads the rest of the body after an early rejection, so the connection is free", async () => {
    const head = Buffer.from(
      '--XyZ\r\nContent-Disposition: form-data; name="files"; filename="setup.exe"\r\n\r\nMZ',
    );
    let sent = 0;
    let ended = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new Uint8Array(head));
        else if (sent < 200) controller.enqueue(new Uint8Array(64 * 1024));
        else {
          controller.enqueue(new Uint8Array(Buffer.from("\r\n--XyZ--\r\n")));
          controller.close();
          ended = true;
        }
        sent += 1;
      },
    });
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=XyZ" },
      body,
      duplex: "half",
    } as RequestInit);
    const error = await uploadError(parse(request));
    expect(error.status).toBe(415);
    await expect.poll(() => ended).toBe(true);
    await expectNothingLeft();
  });

  it("refuses too many fields (413)", async () => {
    const entries = Array.from({ length: 51 }, (_, i) => [`f${i}`, "x"] as [string, string]);
    const error = await uploadError(parse(formRequest(entries)));
    expect(error.status).toBe(413);
  });

  it("ignores files sent under another field name", async () => {
    const result = await parse(
      formRequest([
        ["avatar", file("<html>", "evil.html")],
        ["files", file(png, "a.png")],
      ]),
    );
    expect(result.files.map((f) => f.originalName)).toEqual(["a.png"]);
    expect(await filesIn(storageDir)).toHaveLength(1);
  });

  it("answers 507 when storage is full, leaving no temp files", async () => {
    const stored: string[] = [];
    const full: Storage = {
      ...storage,
      async put(key, body, options) {
        if (stored.length === 1) {
          // Consume the stream like a real driver would before failing.
          for await (const _ of body) {
          }
          throw Object.assign(new Error("no space left on device"), { code: "ENOSPC" });
        }
        stored.push(key);
        return storage.put(key, body, options);
      },
    };
    const error = await uploadError(
      parse(
        formRequest([
          ["files", file(png, "a.png")],
          ["files", file(pdf, "b.pdf")],
        ]),
        { storage: full },
      ),
    );
    expect(error.status).toBe(507);
    expect(error.message).toBe("We could not store your files right now. Please try again later.");
    expect(stored).toHaveLength(1);
    await expectNothingLeft();
  });

  it("lets other storage errors through, still cleaning up", async () => {
    const broken: Storage = {
      ...storage,
      async put() {
        throw Object.assign(new Error("permission denied"), { code: "EACCES" });
      },
    };
    const error = await parse(formRequest([["files", file(png, "a.png")]]), {
      storage: broken,
    }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ code: "EACCES" });
    await expectNothingLeft();
  });

  it("handles an aborted request", async () => {
    const controller = new AbortController();
    let push!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        push = c;
      },
    });
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=XyZ" },
      body,
      signal: controller.signal,
      duplex: "half",
    } as RequestInit);
    push.enqueue(
      Buffer.from(
        '--XyZ\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n',
      ),
    );
    push.enqueue(pdf);
    const pending = parse(request);
    setTimeout(() => controller.abort(), 50);
    const error = await uploadError(pending);
    expect(error.status).toBe(400);
    await expectNothingLeft();
  });
});

describe("discardUploads", () => {
  it("deletes the stored objects", async () => {
    const result = await parse(
      formRequest([
        ["files", file(png, "a.png")],
        ["files", file(pdf, "b.pdf")],
      ]),
    );
    expect(await filesIn(storageDir)).toHaveLength(2);
    await discardUploads(storage, result.files);
    expect(await filesIn(storageDir)).toEqual([]);
    await discardUploads(storage, result.files);
  });
});
