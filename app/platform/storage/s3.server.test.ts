import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "#tests/support/s3-server.ts";
import { createS3Storage } from "./s3.server.ts";
import { describeStorageContract } from "./storage.contract.ts";

let s3: TestS3Server;

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3?.close();
});

describeStorageContract("S3 (s3rver)", async () => {
  const storage = createS3Storage(await s3.newBucket());
  return { storage, cleanup: async () => storage.client.destroy() };
});

describe("createS3Storage", () => {
  it("stores the content type; a missing bucket is an error, not a missing file", async () => {
    const options = await s3.newBucket();
    const storage = createS3Storage(options);
    await storage.put("media/2025/01/a.png", Readable.from(["png"]), { contentType: "image/png" });
    const head = await fetch(`${s3.endpoint}/${options.bucket}/media/2025/01/a.png`, {
      method: "HEAD",
    });
    expect(head.headers.get("content-type")).toBe("image/png");

    const wrongBucket = createS3Storage({ ...options, bucket: "no-such-bucket" });
    await expect(wrongBucket.get("media/x.png")).rejects.not.toHaveProperty(
      "name",
      "StorageNotFoundError",
    );
    storage.client.destroy();
    wrongBucket.client.destroy();
  });
});
