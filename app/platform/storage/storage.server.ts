import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createWriteStream, type Dirent } from "node:fs";
import { type FileHandle, mkdir, open, readdir, rename, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface Storage {
  /** Stores the stream under the key (atomically: a reader never sees a partial object). */
  put(
    key: string,
    body: NodeJS.ReadableStream | Readable,
    options?: { contentType?: string },
  ): Promise<{ size: number }>;
  /** Throws StorageNotFoundError when the key does not exist. */
  get(key: string): Promise<Readable>;
  /** No error when the key does not exist. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored object whose key starts with `prefix` (e.g. "leads/"), in no set order. */
  list(prefix?: string): AsyncIterable<StoredObject>;
}

export interface StoredObject {
  key: string;
  size: number;
  /** When the object was last written. */
  lastModified: Date;
}

export class StorageNotFoundError extends Error {
  name = "StorageNotFoundError";
}

const KEY_SHAPE = /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)*$/;

/** A key every driver accepts: lower-case first segment, no empty, dot-only or hidden parts. */
export function isValidKey(key: string): boolean {
  return !(
    !KEY_SHAPE.test(key) ||
    key.includes("..") ||
    key.split("/").some((s) => /^\.+$/.test(s))
  );
}

export function assertValidKey(key: string): void {
  // Segments made only of dots would still be normalised away by path.join.
  if (!isValidKey(key)) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

export function createLocalStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);
  // Inside the root so the final rename never crosses file systems; keys cannot start with "."
  const tmpDir = path.join(root, ".tmp");

  function pathOf(key: string): string {
    assertValidKey(key);
    const full = path.join(root, key);
    if (!full.startsWith(root + path.sep)) {
      throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    }
    return full;
  }

  return {
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, randomUUID());
      let size = 0;
      const file = createWriteStream(tmp, { flags: "wx", flush: true });
      try {
        await pipeline(
          body,
          async function* (source: AsyncIterable<Buffer | string>) {
            for await (const chunk of source) {
              size += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.length;
              yield chunk;
            }
          },
          file,
        );
        await mkdir(path.dirname(target), { recursive: true });
        await rename(tmp, target);
      } catch (error) {
        // A body that fails at once can beat the file's own opening: let the stream finish
        // closing, or the file it was still creating outlives this removal.
        if (!file.closed) await once(file, "close").catch(() => {});
        await rm(tmp, { force: true });
        throw error;
      }
      return { size };
    },

    async get(key) {
      const file = pathOf(key);
      let handle: FileHandle;
      try {
        handle = await open(file, "r");
      } catch (error) {
        if (isMissing(error)) throw new StorageNotFoundError(`No stored object ${key}`);
        throw error;
      }
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        throw new StorageNotFoundError(`No stored object ${key}`);
      }
      return handle.createReadStream();
    },

    async delete(key) {
      try {
        await unlink(pathOf(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async *list(prefix = "") {
      // Walk only the folder the prefix names (its part up to the last "/").
      const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
      if (folder && !isValidKey(folder)) return;
      let entries: Dirent[];
      try {
        entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path
          .relative(root, path.join(entry.parentPath, entry.name))
          .split(path.sep)
          .join("/");
        // Skips the temp folder (".tmp" is no valid key) and anything not written by put.
        if (!key.startsWith(prefix) || !isValidKey(key)) continue;
        try {
          const info = await stat(path.join(root, key));
          yield { key, size: info.size, lastModified: info.mtime };
        } catch (error) {
          // Deleted while listing.
          if (!isMissing(error)) throw error;
        }
      }
    },
  };
}

/** What a visitor is told (507) when storage is full: they may try again later. */
export const NO_SPACE = "We could not store your files right now. Please try again later.";

/** `${prefix}/${yyyy}/${mm}/${randomUUID()}${extension}` e.g. newObjectKey("leads", ".pdf") */
export function newObjectKey(prefix: string, extension: string): string {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(prefix) || !/^(\.[A-Za-z0-9]+)?$/.test(extension)) {
    throw new Error(`Invalid object key parts: ${JSON.stringify([prefix, extension])}`);
  }
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  return `${prefix}/${now.getUTCFullYear()}/${month}/${randomUUID()}${extension}`;
}
