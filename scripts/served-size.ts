// What a server sends over the wire for a file, before the client decodes it. `fetch` always
// decodes gzip and brotli, so this asks with node:http and counts the bytes as they arrive.
import { get } from "node:http";

/** The size in bytes of the body the server sends for `url` to a client that accepts gzip. */
export function servedGzipSize(url: string | URL): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
      });
      response.on("end", () => {
        if (response.statusCode === 200) resolve(size);
        else reject(new Error(`GET ${url} answered ${response.statusCode}`));
      });
      response.on("error", reject);
    }).on("error", reject);
  });
}
