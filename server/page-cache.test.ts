import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache, type PageCache } from "./page-cache.ts";

let server: Server | undefined;
let renders = 0;

async function serve(
  cache: PageCache,
  page: (path: string) => { status?: number; noStore?: boolean },
) {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${Math.random().toString(36).slice(2)}`;
    next();
  });
  app.use(cache.middleware);
  app.use((req, res) => {
    renders++;
    const { status = 200, noStore = false } = page(req.path);
    if (noStore) res.set("Cache-Control", "no-store");
    res.status(status).type("html");
    res.write(`<html><script nonce="${res.locals.cspNonce}">1</script>`);
    res.end(`<p>${req.path} render ${renders}</p></html>`);
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  renders = 0;
});

describe("the page cache", () => {
  it("renders a page once, then serves it with a fresh nonce each time", async () => {
    const base = await serve(createPageCache(), () => ({}));
    const first = await fetch(`${base}/about`);
    const second = await fetch(`${base}/about`);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    const [a, b] = [await first.text(), await second.text()];
    expect(renders).toBe(1);
    expect(a.replace(/nonce="[^"]+"/, "")).toBe(b.replace(/nonce="[^"]+"/, ""));
    expect(a.match(/nonce="([^"]+)"/)?.[1]).not.toBe(b.match(/nonce="([^"]+)"/)?.[1]);
  });

  it("invalidate() makes the next request render again", async () => {
    const cache = createPageCache();
    const base = await serve(cache, () => ({}));
    await fetch(`${base}/`);
    cache.invalidate();
    expect(await (await fetch(`${base}/`)).text()).toContain("render 2");
  });

  it("never stores errors, no-store answers, requests with cookies, API or HEAD answers", async () => {
    const cache = createPageCache();
    const base = await serve(cache, (path) => ({
      status: path === "/missing" ? 404 : 200,
      noStore: path === "/degraded",
    }));
    for (const path of ["/missing", "/degraded", "/api/thing"]) {
      await fetch(base + path);
      await fetch(base + path);
    }
    await fetch(`${base}/private`, { headers: { cookie: "session=abc" } });
    await fetch(`${base}/private`, { headers: { cookie: "session=abc" } });
    await fetch(`${base}/head-first`, { method: "HEAD" });
    expect(cache.size).toBe(0);
    expect(renders).toBe(9);
    const body = await (await fetch(`${base}/head-first`)).text();
    expect(body).toContain("/head-first");
  });

  it("keeps at most maxEntries pages, dropping the least recently used", async () => {
    const cache = createPageCache({ maxEntries: 2 });
    const base = await serve(cache, () => ({}));
    await fetch(`${base}/a`);
    await fetch(`${base}/b`);
    await fetch(`${base}/a`);
    await fetch(`${base}/c`);
    expect(cache.size).toBe(2);
    expect((await fetch(`${base}/a`)).headers.get("x-page-cache")).toBe("hit");
    expect((await fetch(`${base}/b`)).headers.get("x-page-cache")).toBe("miss");
  });
});
