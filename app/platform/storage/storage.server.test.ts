import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createLocalStorage,
  newObjectKey,
  type Storage,
  StorageNotFoundError,
} from "./storage.server.ts";

let root: string;
let storage: Storage;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "storage-test-"));
  storage = createLocalStorage(root);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe("createLocalStorage", () => {
  it("stores and reads back an object, reporting its size", async () => {
    const key = "leads/2025/01/abc.txt";
    const result = await storage.put(key, Readable.from([Buffer.from("hello "), "wörld"]), {
      contentType: "text/plain",
    });
    expect(result).toEqual({ size: Buffer.byteLength("hello wörld") });
    expect(await text(await storage.get(key))).toBe("hello wörld");
    expect(await readFile(path.join(root, key), "utf8")).toBe("hello wörld");
    expect(await listFiles(root)).toEqual([key]);
  });

  it("overwrites an existing key", async () => {
    await storage.put("a/b", Readable.from(["one"]));
    await storage.put("a/b", Readable.from(["two"]));
    expect(await text(await storage.get("a/b"))).toBe("two");
  });

  it("exists and delete", async () => {
    expect(await storage.exists("leads/x.pdf")).toBe(false);
    await storage.put("leads/x.pdf", Readable.from(["%PDF-1.4"]));
    expect(await storage.exists("leads/x.pdf")).toBe(true);
    expect(await storage.exists("leads")).toBe(false);
    await storage.delete("leads/x.pdf");
    expect(await storage.exists("leads/x.pdf")).toBe(false);
    await expect(storage.delete("leads/x.pdf")).resolves.toBeUndefined();
    await expect(storage.delete("nothing/here")).resolves.toBeUndefined();
  });

  it("get throws StorageNotFoundError for missing keys and folders", async () => {
    await expect(storage.get("leads/missing.png")).rejects.toBeInstanceOf(StorageNotFoundError);
    await storage.put("leads/2025/a.png", Readable.from(["x"]));
    await expect(storage.get("leads/2025")).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.get("leads/2025/a.png/b")).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it.each([
    "../outside",
    "leads/../../outside",
    "leads/..",
    "leads/./x",
    "/etc/passwd",
    "leads//x",
    "leads/",
    "Leads/x",
    ".tmp/x",
    "leads\\..\\x",
    "leads/a b",
    "",
  ])("refuses the key %j", async (key) => {
    await expect(storage.put(key, Readable.from(["x"]))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.exists(key)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
    expect(existsSync(path.join(path.dirname(root), "outside"))).toBe(false);
    expect(await listFiles(root)).toEqual([]);
  });

  it("leaves nothing behind when the stream fails, and keeps the error", async () => {
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(1024, 1);
        throw Object.assign(new Error("disk full"), { code: "ENOSPC" });
      })(),
    );
    const error = await storage.put("leads/x.bin", failing).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: "disk full", code: "ENOSPC" });
    expect(await storage.exists("leads/x.bin")).toBe(false);
    expect(await listFiles(root)).toEqual([]);
  });

  it("a failed overwrite keeps the previous object intact", async () => {
    await storage.put("leads/x.txt", Readable.from(["old"]));
    const failing = Readable.from(
      (async function* () {
        yield "new partial";
        throw new Error("boom");
      })(),
    );
    await expect(storage.put("leads/x.txt", failing)).rejects.toThrow("boom");
    expect(await text(await storage.get("leads/x.txt"))).toBe("old");
    expect(await listFiles(root)).toEqual(["leads/x.txt"]);
  });
});

describe("newObjectKey", () => {
  it("builds prefix/yyyy/mm/uuid.ext keys that the storage accepts", async () => {
    const key = newObjectKey("leads", ".pdf");
    const now = new Date();
    const month = String(now.getUTCMonth() + 1).padStart(2, "0");
    expect(key).toMatch(new RegExp(`^leads/${now.getUTCFullYear()}/${month}/[0-9a-f-]{36}\\.pdf$`));
    expect(newObjectKey("leads", ".pdf")).not.toBe(key);
    expect(newObjectKey("leads", "")).toMatch(/^leads\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    await storage.put(key, Readable.from(["x"]));
    expect(await storage.exists(key)).toBe(true);
  });

  it("refuses unsafe prefixes and extensions", () => {
    expect(() => newObjectKey("../x", ".pdf")).toThrow();
    expect(() => newObjectKey("leads", "/../x")).toThrow();
    expect(() => newObjectKey("leads", "pdf")).toThrow();
  });
});
