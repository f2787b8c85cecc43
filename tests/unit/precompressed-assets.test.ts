// The production build's compressed copies of its scripts (scripts/precompress.ts): every script
// worth compressing has a brotli and a gzip copy holding exactly its bytes, and the gzip copy
// beats zlib's best level (zopfli). (Reads the built app: run `npm run build` first; `npm test`
// does.)
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

const assets = "build/client/assets";

describe("the build's compressed scripts", () => {
  // React Router writes its route manifest (manifest-*.js) after the client build; pages never
  // load it (they discover routes through /__manifest), and the server compresses it if asked.
  const scripts = readdirSync(assets).filter(
    (name) =>
      name.endsWith(".js") &&
      !name.startsWith("manifest-") &&
      readFileSync(join(assets, name)).length >= 1024,
  );

  it("has scripts to compress", () => {
    expect(scripts.length).toBeGreaterThan(10);
  });

  it("writes a brotli and a gzip copy of each, with the same content", () => {
    for (const name of scripts) {
      const code = readFileSync(join(assets, name));
      expect(existsSync(join(assets, `${name}.br`)), `${name}.br`).toBe(true);
      expect(brotliDecompressSync(readFileSync(join(assets, `${name}.br`))).equals(code)).toBe(
        true,
      );
      expect(gunzipSync(readFileSync(join(assets, `${name}.gz`))).equals(code), name).toBe(true);
    }
  });

  it("compresses the framework smaller than zlib's best gzip", () => {
    const framework = scripts.find((name) => name.startsWith("framework-")) as string;
    const code = readFileSync(join(assets, framework));
    const zopfli = readFileSync(join(assets, `${framework}.gz`)).length;
    expect(zopfli).toBeLessThan(gzipSync(code, { level: 9 }).length);
  });
});
