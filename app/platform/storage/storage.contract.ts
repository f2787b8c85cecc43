// The behaviour every storage driver owes the app, run against each driver by its test file.
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { newObjectKey, type Storage, StorageNotFoundError } from "./storage.server.ts";

export interface ContractSubject {
  storage: Storage;
  cleanup(): Promise<void>;
}

async function keysOf(storage: Storage, prefix?: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys.sort();
}

export function describeStorageContract(name: string, make: () => Promise<ContractSubject>) {
  describe(`storage contract: ${name}`, () => {
    let subject: ContractSubject;
    let storage: Storage;

    beforeEach(async () => {
      subject = await make();
      storage = subject.storage;
    });

    afterEach(async () => {
      await subject.cleanup();
    });

    it("stores and reads back an object as a stream, reporting its size", async () => {
      const key = "leads/2025/01/abc.txt";
      const result = await storage.put(key, Readable.from([Buffer.from("hello "), "wörld"]), {
        contentType: "text/plain",
      });
      expect(result).toEqual({ size: Buffer.byteLength("hello wörld") });
      const body = await storage.get(key);
      expect(body).toBeInstanceOf(Readable);
      expect(await text(body)).toBe("hello wörld");
      expect(await keysOf(storage)).toEqual([key]);
    });

    it("streams an object bigger than one part both ways", async () => {
      const chunk = Buffer.alloc(1024 * 1024, 7);
      const chunks = Array.from({ length: 9 }, (_, i) => Buffer.from(chunk.map((b) => b + i)));
      const { size } = await storage.put("media/big.bin", Readable.from(chunks));
      expect(size).toBe(9 * chunk.length);
      let read = 0;
      let matches = true;
      for await (const part of await storage.get("media/big.bin")) {
        for (const byte of part as Buffer) {
          if (byte !== 7 + Math.floor(read / chunk.length)) matches = false;
          read += 1;
        }
      }
      expect(read).toBe(size);
      expect(matches).toBe(true);
    });

    it("stores an empty object", async () => {
      expect(await storage.put("leads/empty", Readable.from([]))).toEqual({ size: 0 });
      expect(await text(await storage.get("leads/empty"))).toBe("");
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

    it("lists objects by prefix with their size and time", async () => {
      const before = Date.now() - 5_000;
      await storage.put("leads/2025/01/a.pdf", Readable.from(["aaa"]));
      await storage.put("leads/2025/02/b.pdf", Readable.from(["bb"]));
      await storage.put("media/2025/01/c.png", Readable.from(["c"]));
      expect(await keysOf(storage)).toEqual([
        "leads/2025/01/a.pdf",
        "leads/2025/02/b.pdf",
        "media/2025/01/c.png",
      ]);
      expect(await keysOf(storage, "leads/")).toEqual([
        "leads/2025/01/a.pdf",
        "leads/2025/02/b.pdf",
      ]);
      expect(await keysOf(storage, "leads/2025/02/")).toEqual(["leads/2025/02/b.pdf"]);
      expect(await keysOf(storage, "leads/2025/0")).toEqual([
        "leads/2025/01/a.pdf",
        "leads/2025/02/b.pdf",
      ]);
      expect(await keysOf(storage, "nothing/")).toEqual([]);
      const listed = [];
      for await (const object of storage.list("leads/2025/01/")) listed.push(object);
      expect(listed).toHaveLength(1);
      expect(listed[0]?.size).toBe(3);
      expect(listed[0]?.lastModified.getTime()).toBeGreaterThan(before);
      expect(listed[0]?.lastModified.getTime()).toBeLessThan(Date.now() + 5_000);
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
      expect(await keysOf(storage)).toEqual([]);
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
      expect(await keysOf(storage)).toEqual([]);
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
      expect(await keysOf(storage)).toEqual(["leads/x.txt"]);
    });

    it("keys from newObjectKey are accepted", async () => {
      const key = newObjectKey("leads", ".pdf");
      await storage.put(key, Readable.from(["x"]));
      expect(await storage.exists(key)).toBe(true);
    });
  });
}
