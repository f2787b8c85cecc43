// A Vite plugin for the client build: next to every script, style sheet and SVG it writes a
// brotli (.br, quality 11) and a gzip (.gz, zopfli) copy, which server/http.ts sends to browsers
// that accept them. Compressing once at build time lets the slow, thorough compressors run:
// zopfli's gzip is about 3% smaller than zlib's best, and nothing is compressed per request.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const compressible = /\.(js|css|svg)$/;
/** Below this size compression gains nothing worth a file (the server's own threshold). */
const minimumBytes = 1024;

export function precompress(): Plugin {
  let assetsDir: string | undefined;
  return {
    name: "precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options) {
      assetsDir = join(options.dir ?? "", this.environment.config.build.assetsDir);
    },
    // After every plugin has written its files (React Router writes its manifest itself).
    async closeBundle() {
      if (!assetsDir) return;
      const dir = assetsDir;
      const names = (await readdir(dir)).filter((name) => compressible.test(name));
      await Promise.all(
        names.map(async (name) => {
          const path = join(dir, name);
          const content = await readFile(path);
          if (content.length < minimumBytes) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { numiterations: 15 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}
