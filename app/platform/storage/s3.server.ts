// The S3-compatible storage driver (AWS S3, MinIO, Ceph, R2...): the same contract as the local
// folder, one object per key in one bucket. Used when S3_BUCKET is set.

import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import {
  assertValidKey,
  isValidKey,
  type Storage,
  StorageNotFoundError,
} from "./storage.server.ts";

export interface S3StorageOptions {
  bucket: string;
  /** e.g. "us-east-1" */
  region: string;
  /** e.g. "https://minio.internal:9000"; unset = AWS. */
  endpoint?: string;
  /** Unset: the SDK's default credential chain (AWS_* variables, instance role...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** bucket in the path (http://host/bucket/key) instead of the host name; most non-AWS servers want it. */
  forcePathStyle?: boolean;
}

/** Objects at most this big go up in one PUT; bigger ones as a multipart upload of such parts. */
const PART_SIZE = 8 * 1024 * 1024;

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata
    ?.httpStatusCode;
}

/** A missing key; a missing bucket is a configuration error and must not read as "no file". */
function isNotFound(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  return name === "NoSuchKey" || (statusOf(error) === 404 && name !== "NoSuchBucket");
}

export function createS3Storage(options: S3StorageOptions): Storage & { client: S3Client } {
  const config: S3ClientConfig = {
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    // Checksums only where S3 requires them: several S3-compatible servers refuse the newer
    // default (CRC32 trailers on every PUT).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  };
  const client = new S3Client(config);
  const Bucket = options.bucket;

  return {
    client,

    async put(key, body, putOptions) {
      assertValidKey(key);
      let size = 0;
      let finished = false;
      // Counts the bytes, and hands the SDK Buffers only (a stream may yield strings).
      const counted = Readable.from(
        (async function* () {
          for await (const chunk of body as AsyncIterable<Buffer | string>) {
            const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
            size += bytes.length;
            yield bytes;
          }
          finished = true;
        })(),
      );
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: counted, ContentType: putOptions?.contentType },
        partSize: PART_SIZE,
        queueSize: 2,
        // A failed multipart upload is aborted, so no part is left behind (and billed).
        leavePartsOnError: false,
      });
      try {
        // S3 makes an object visible only once its PUT (or multipart completion) succeeds, so a
        // reader never sees a partial object and a failed overwrite keeps the old one.
        await upload.done();
      } catch (error) {
        if (!finished) (body as Readable).destroy?.();
        counted.destroy();
        throw error;
      }
      return { size };
    },

    async get(key) {
      assertValidKey(key);
      try {
        const response = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        // On Node the body is an http.IncomingMessage: a Readable streamed from the server.
        return response.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) throw new StorageNotFoundError(`No stored object ${key}`);
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    async exists(key) {
      assertValidKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async *list(prefix = "") {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          // Objects another tool put in the bucket under keys we would never make are skipped.
          if (!object.Key || !isValidKey(object.Key)) continue;
          yield {
            key: object.Key,
            size: object.Size ?? 0,
            lastModified: object.LastModified ?? new Date(0),
          };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
