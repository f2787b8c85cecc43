import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./preload-priority.server.ts";

async function rewrite(chunks: (string | Buffer)[]): Promise<string> {
  const source = Readable.from(chunks.map((chunk) => Buffer.from(chunk)));
  return text(source.pipe(lowPriorityModulePreloads()));
}

const html =
  '<head><link rel="modulepreload" href="/a.js"/></head><body>é – ✓<link rel="modulepreload" href="/b.js"/></body>';
const expected =
  '<head><link rel="modulepreload" fetchPriority="low" href="/a.js"/></head><body>é – ✓<link rel="modulepreload" fetchPriority="low" href="/b.js"/></body>';

describe("low-priority module preloads", () => {
  it("marks every module preload of a document", async () => {
    expect(await rewrite([html])).toBe(expected);
  });

  it("finds tags split across chunks at every position, and keeps multi-byte characters whole", async () => {
    const bytes = Buffer.from(html);
    for (let cut = 1; cut < bytes.length; cut++) {
      const parts = [bytes.subarray(0, cut), bytes.subarray(cut)];
      expect(await rewrite(parts)).toBe(expected);
    }
  });

  it("leaves other links and a document without preloads as they are", async () => {
    const plain = '<link rel="stylesheet" href="/x.css"/><p>a < b</p>';
    expect(await rewrite([plain])).toBe(plain);
  });
});
