// Fault injection for storage drivers: a put that runs out of disk part-way through, handed to
// the real driver so its own clean-up of a partial write is what gets tested.
import { Readable } from "node:stream";
import type { Storage } from "#app/platform/storage/storage.server.ts";

export interface DiskFullOptions {
  /** Which puts fail, counting from 1 (e.g. [2] = the second put). */
  failingPuts: number[];
  /** Bytes that reach the driver before the error. */
  afterBytes?: number;
}

export function diskFullError(): NodeJS.ErrnoException {
  return Object.assign(new Error("ENOSPC: no space left on device, write"), {
    code: "ENOSPC",
    errno: -28,
    syscall: "write",
  });
}

/** The storage, except that the chosen puts fail with ENOSPC after `afterBytes` bytes. */
export function withDiskFull(
  inner: Storage,
  options: DiskFullOptions,
): Storage & { puts: string[] } {
  const puts: string[] = [];
  const afterBytes = options.afterBytes ?? 64;
  return {
    ...inner,
    puts,
    list: (prefix) => inner.list(prefix),
    put(key, body, putOptions) {
      puts.push(key);
      if (!options.failingPuts.includes(puts.length)) return inner.put(key, body, putOptions);
      const truncated = Readable.from(
        (async function* () {
          let sent = 0;
          for await (const chunk of body as AsyncIterable<Buffer | string>) {
            const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
            const room = afterBytes - sent;
            if (room > 0) yield bytes.subarray(0, room);
            sent += Math.min(room, bytes.length);
            if (sent >= afterBytes) break;
          }
          throw diskFullError();
        })(),
      );
      return inner.put(key, truncated, putOptions);
    },
  };
}
