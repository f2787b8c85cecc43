// An S3-compatible server (s3rver) in this process, on 127.0.0.1 and a free port, for tests.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateBucketCommand } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { createS3Storage, type S3StorageOptions } from "#app/platform/storage/s3.server.ts";

export interface TestS3Server {
  endpoint: string;
  /** Options for a fresh, empty bucket. */
  newBucket(): Promise<S3StorageOptions>;
  close(): Promise<void>;
}

export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    async newBucket() {
      const options: S3StorageOptions = {
        bucket: `test-${randomBytes(6).toString("hex")}`,
        region: "us-east-1",
        endpoint,
        forcePathStyle: true,
        credentials: S3RVER_CREDENTIALS,
      };
      const { client } = createS3Storage(options);
      await client.send(new CreateBucketCommand({ Bucket: options.bucket }));
      client.destroy();
      return options;
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
