import { join } from "node:path";
import type { Env } from "../env.server.ts";
import { createS3Storage } from "./s3.server.ts";
import { createLocalStorage, type Storage } from "./storage.server.ts";

export type StorageEnv = Pick<
  Env,
  | "DATA_DIR"
  | "S3_BUCKET"
  | "S3_ENDPOINT"
  | "S3_REGION"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
>;

/** The storage the configuration names: the S3 bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function openConfiguredStorage(env: StorageEnv): {
  storage: Storage;
  driver: "s3" | "local";
} {
  if (!env.S3_BUCKET) {
    return { storage: createLocalStorage(join(env.DATA_DIR, "uploads")), driver: "local" };
  }
  const storage = createS3Storage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
  return { storage, driver: "s3" };
}
