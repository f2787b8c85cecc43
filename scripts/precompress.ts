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

export function precompress(): Plugin {
  let assetsDir: string | undefined;
  return {
    name: "precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options) {
      assetsDir = join(options.dir ?? "", this.environment.config.build.assetsDir);
    },
    // Once the client build's files are all written.
    async closeBundle() {
      if (!assetsDir) return;
      const dir = assetsDir;
      const names = (await readdir(dir)).filter((name) => compressible.test(name));
      await Promise.all(
        names.map(async (name) => {
          const path = join(dir, name);
          const content = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { numiterations: 15 }),
          ]);
          // A copy is written only where it is smaller (not so for the tiniest files).
          const copies = Object.entries({ ".br": br, ".gz": gz });
          await Promise.all(
            copies
              .filter(([, copy]) => copy.length < content.length)
              .map(([suffix, copy]) => writeFile(`${path}${suffix}`, copy)),
          );
        }),
      );
    },
  };
}
