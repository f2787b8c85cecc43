import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeStorageContract } from "./storage.contract.ts";
import { createLocalStorage, newObjectKey, type Storage } from "./storage.server.ts";

describeStorageContract("local folder", async () => {
  const root = await mkdtemp(path.join(tmpdir(), "storage-test-"));
  return {
    storage: createLocalStorage(root),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});

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
  it("keeps each object as a file under its key", async () => {
    await storage.put("leads/2025/01/abc.txt", Readable.from(["hello"]));
    expect(await listFiles(root)).toEqual(["leads/2025/01/abc.txt"]);
  });

  it("never writes outside its folder, and leaves no temp file after a failure", async () => {
    await expect(storage.put("../outside", Readable.from(["x"]))).rejects.toThrow();
    expect(existsSync(path.join(path.dirname(root), "outside"))).toBe(false);
    const failing = Readable.from(
      (async function* () {
        yield "partial";
        throw Object.assign(new Error("disk full"), { code: "ENOSPC" });
      })(),
    );
    await expect(storage.put("leads/x.bin", failing)).rejects.toThrow("disk full");
    expect(await listFiles(root)).toEqual([]);
  });

  it("lists no temp files and no files with names it would never make", async () => {
    await mkdir(path.join(root, ".tmp"), { recursive: true });
    await writeFile(path.join(root, ".tmp", "half-written"), "x");
    await mkdir(path.join(root, "leads"), { recursive: true });
    await writeFile(path.join(root, "leads", "with space"), "x");
    await storage.put("leads/ok.pdf", Readable.from(["x"]));
    const keys: string[] = [];
    for await (const object of storage.list()) keys.push(object.key);
    expect(keys).toEqual(["leads/ok.pdf"]);
  });
});

describe("newObjectKey", () => {
  it("builds prefix/yyyy/mm/uuid.ext keys", () => {
    const key = newObjectKey("leads", ".pdf");
    const now = new Date();
    const month = String(now.getUTCMonth() + 1).padStart(2, "0");
    expect(key).toMatch(new RegExp(`^leads/${now.getUTCFullYear()}/${month}/[0-9a-f-]{36}\\.pdf$`));
    expect(newObjectKey("leads", ".pdf")).not.toBe(key);
    expect(newObjectKey("leads", "")).toMatch(/^leads\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
  });

  it("refuses unsafe prefixes and extensions", () => {
    expect(() => newObjectKey("../x", ".pdf")).toThrow();
    expect(() => newObjectKey("leads", "/../x")).toThrow();
    expect(() => newObjectKey("leads", "pdf")).toThrow();
  });
});
