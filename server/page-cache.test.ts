import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { brotliDecompress } from "node:zlib";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import {
  CACHED_PAGE_CONTROL,
  createPageCache,
  inlineScriptHashes,
  type PageCache,
} from "./page-cache.ts";

let server: Server | undefined;
let renders = 0;

const SCRIPT = "window.answer = 42;";

/** The page cache in a stack shaped like server/http.ts: serve, nonce + CSP, fill, render. */
async function serve(
  cache: PageCache,
  page: (path: string) => {
    status?: number;
    noStore?: boolean;
    json?: boolean;
    css?: boolean;
  } = () => ({}),
) {
  const app = express();
  app.use(cache.serve);
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${Math.random().toString(36).slice(2)}`;
    res.set(
      "Content-Security-Policy",
      `default-src 'self'; script-src 'self' 'nonce-${res.locals.cspNonce}'`,
    );
    res.set("X-Content-Type-Options", "nosniff");
    next();
  });
  app.use(cache.fill);
  app.use((req, res) => {
    renders++;
    const { status = 200, noStore = false, json = false, css = false } = page(req.path);
    if (noStore) res.set("Cache-Control", "no-store");
    if (css) {
      if (!noStore) res.set("Cache-Control", "public, max-age=31536000, immutable");
      res.type("text/css").send(`.render-${renders}{color:red}${".a{color:blue}".repeat(200)}`);
      return;
    }
    if (json) {
      // React Router appends the headers a route gives.
      res.append("Cache-Control", "public, max-age=60").json({ path: req.path, renders });
      return;
    }
    res.status(status).type("html");
    res.write(`<html><script nonce="${res.locals.cspNonce}">${SCRIPT}</script>`);
    res.write(`<script type="module" src="/assets/entry.js"></script>`);
    res.end(`<p>${req.path} render ${renders}</p>${"<p>filler</p>".repeat(200)}</html>`);
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  // A test without a server (the pure functions below) must not wait for a close that never comes.
  const running = server;
  server = undefined;
  if (running) await new Promise((resolve) => running.close(resolve));
  renders = 0;
});

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

describe("the page cache", () => {
  it("renders a page once, then answers the same bytes with a hash-based policy", async () => {
    const base = await serve(createPageCache());
    const first = await fetch(`${base}/about`);
    const firstBody = await first.text();
    const second = await fetch(`${base}/about`);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    // The rendered answer carries a one-time nonce, so no shared cache may keep it.
    expect(first.headers.get("cache-control")).toBe("no-cache");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(await second.text()).toBe(firstBody);
    expect(renders).toBe(1);

    const policy = second.headers.get("content-security-policy");
    expect(policy).toBe(`default-src 'self'; script-src 'self' 'sha256-${sha256(SCRIPT)}'`);
    expect(policy).not.toContain("nonce");
    expect(second.headers.get("x-content-type-options")).toBe("nosniff");
    expect(second.headers.get("cache-control")).toBe(CACHED_PAGE_CONTROL);
    expect(second.headers.get("etag")).toMatch(/^"[\w-]+"$/);
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const base = await serve(createPageCache());
    await fetch(`${base}/`);
    const etag = (await fetch(`${base}/`)).headers.get("etag") as string;
    const again = await fetch(`${base}/`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const other = await fetch(`${base}/`, { headers: { "if-none-match": '"other"' } });
    expect(other.status).toBe(200);
  });

  it("sends the page compressed once it has been compressed", async () => {
    const base = await serve(createPageCache());
    const plain = await (await fetch(`${base}/`)).text();
    // Compression runs after the page is stored, off the request: asked again until it is done.
    const brotli = { headers: { "accept-encoding": "br" } };
    await expect
      .poll(async () => (await fetch(`${base}/`, brotli)).headers.get("content-encoding"))
      .toBe("br");
    const response = await fetch(`${base}/`, brotli);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    // fetch leaves an explicitly requested encoding alone only when asked for the raw bytes.
    const raw = Buffer.from(await response.arrayBuffer());
    const decoded = raw.toString("utf8").startsWith("<html")
      ? raw.toString("utf8")
      : (await promisify(brotliDecompress)(raw)).toString("utf8");
    expect(decoded).toBe(plain);
  });

  it("invalidate() makes the next request render again", async () => {
    const cache = createPageCache();
    const base = await serve(cache);
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

  it("keeps the public content reads too, with their own cache headers", async () => {
    const cache = createPageCache();
    const base = await serve(cache, () => ({ json: true }));
    for (const path of ["/api/hero-slides", "/api/project-details/project-2", "/api/leads"]) {
      const first = await fetch(base + path);
      expect(first.headers.get("cache-control")).toBe("public, max-age=60");
      const again = await fetch(base + path);
      const cached = path !== "/api/leads";
      expect(again.headers.get("x-page-cache"), path).toBe(cached ? "hit" : null);
      expect(await again.json()).toEqual({ path, renders: expect.any(Number) });
      if (cached) expect(again.headers.get("cache-control")).toBe("public, max-age=60");
    }
    expect(renders).toBe(4);
  });

  it("keeps a content page's stylesheet with its year-long cache, compressed once; not the stand-in", async () => {
    const cache = createPageCache();
    const own = "/styles/AAAAAAAAAAAAAAAAAAAAAA.css";
    const standIn = "/styles/BBBBBBBBBBBBBBBBBBBBBB.css";
    const base = await serve(cache, (path) => ({ css: true, noStore: path === standIn }));
    const first = await fetch(base + own);
    const text = await first.text();
    const again = await fetch(base + own);
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(again.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await again.text()).toBe(text);
    await expect
      .poll(async () => {
        const answer = await fetch(base + own, { headers: { "accept-encoding": "br" } });
        return answer.headers.get("content-encoding");
      })
      .toBe("br");
    // The whole stylesheet standing in for a name the process does not keep: rendered each
    // time; any other file name is not the cache's at all.
    for (const path of [standIn, standIn])
      expect((await fetch(base + path)).headers.get("x-page-cache"), path).toBe("miss");
    for (const path of ["/styles/x.css", "/styles/x.css", "/site.css"])
      expect((await fetch(base + path)).headers.get("x-page-cache"), path).toBeNull();
    expect(renders).toBe(6);
  });

  it("keeps at most maxEntries pages, dropping the least recently used", async () => {
    const cache = createPageCache({ maxEntries: 2 });
    const base = await serve(cache);
    await fetch(`${base}/a`);
    await fetch(`${base}/b`);
    await fetch(`${base}/a`);
    await fetch(`${base}/c`);
    expect(cache.size).toBe(2);
    expect((await fetch(`${base}/a`)).headers.get("x-page-cache")).toBe("hit");
    expect((await fetch(`${base}/b`)).headers.get("x-page-cache")).toBe("miss");
  });
});

describe("inlineScriptHashes", () => {
  it("hashes the text of inline scripts only, once each", () => {
    const html = `<script>a()</script><script type="module" src="/x.js"></script><script nonce="n">a()</script><script type="application/ld+json">{"b":1}</script><script></script>`;
    expect(inlineScriptHashes(html)).toEqual([sha256("a()"), sha256('{"b":1}')]);
  });
});

describe("msUntilMidnight", () => {
  it("counts to the next midnight where the company is", async () => {
    const { msUntilMidnight } = await import("./cache-invalidation.ts");
    // 22:30 in Birmingham (CST, UTC-6) is 04:30 UTC the next day.
    expect(msUntilMidnight(new Date("2026-01-15T04:30:00Z"), "America/Chicago")).toBe(90 * 60_000);
    expect(msUntilMidnight(new Date("2026-07-15T05:00:00Z"), "America/Chicago")).toBe(86_400_000);
  });
});
