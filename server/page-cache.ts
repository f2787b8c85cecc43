import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { PAGE_STYLESHEET_ADDRESS } from "#app/platform/page-stylesheet-address.ts";

export interface PageCache {
  /** Early in the stack: answers a request from the cache, before any other work. */
  serve: RequestHandler;
  /** Just before the router: keeps what a cacheable request renders. */
  fill: RequestHandler;
  /** Forget every cached page of this process (see createCacheInvalidation for all of them). */
  invalidate(): void;
  readonly size: number;
}

interface Entry {
  headers: OutgoingHttpHeaders;
  etag: string;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * What a cached answer tells browsers and shared caches: keep it, but ask again (a 304 is cheap)
 * after a minute at a CDN and at once in a browser. A staff edit reaches CDN visitors within a
 * minute; this process and its siblings forget the page at once.
 */
export const CACHED_PAGE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=30";

const DROPPED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "etag",
  "date",
  "connection",
  "keep-alive",
  "x-page-cache",
  "strict-transport-security",
]);

/** Public reads outside the pages that change only with the content, like the pages. */
const CACHED_READS = [
  /^\/api\/(hero-slides|homepage-content|portfolio-projects)$/,
  /^\/api\/project-details\/[^/]+$/,
  /^\/sitemap\.xml$/,
  // A content page's own stylesheet (decision 0022): the same 40 kB for every first visitor of
  // that kind of page, compressed once here instead of on every request.
  PAGE_STYLESHEET_ADDRESS,
];
const STORED_TYPES = /^(text\/html|text\/css|application\/json|application\/xml)\b/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Server-rendered public pages reused until the content changes: a rendered page costs about
 * fifteen times a prebuilt answer (docs/decisions/0003). Only anonymous GET requests for pages
 * and for the public content reads (CACHED_READS) are cached; a request with any cookie or
 * Authorization, any other API or data request, or an answer other than 200 is never stored.
 *
 * A stored page is answered exactly as it was rendered, with a Content-Security-Policy that
 * allows its inline scripts by their SHA-256 hashes instead of the render's one-time nonce, so
 * the same bytes (compressed once, with an ETag) are safe to share between visitors and CDNs.
 */
export function createPageCache({ maxEntries = 500 } = {}): PageCache {
  const entries = new Map<string, Entry>();
  let generation = 0;

  const cacheable = (req: Request) =>
    (req.method === "GET" || req.method === "HEAD") &&
    !req.headers.cookie &&
    !req.headers.authorization &&
    (CACHED_READS.some((read) => read.test(req.path)) ||
      (!req.path.startsWith("/api/") &&
        !req.path.endsWith(".data") &&
        !/\.[a-z0-9]+$/i.test(req.path)));

  const serve: RequestHandler = (req, res, next) => {
    if (!cacheable(req)) return next();
    const key = req.originalUrl;
    const hit = entries.get(key);
    if (!hit) return next();
    // Most recently used last, so the oldest is evicted first.
    entries.delete(key);
    entries.set(key, hit);
    const headers: OutgoingHttpHeaders = { ...hit.headers, etag: hit.etag, "x-page-cache": "hit" };
    if (req.secure) headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";
    if (req.headers["if-none-match"] === hit.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const accepted = String(req.headers["accept-encoding"] ?? "");
    let body = hit.body;
    if (hit.br && /\bbr\b/.test(accepted)) {
      body = hit.br;
      headers["content-encoding"] = "br";
    } else if (hit.gzip && /\bgzip\b/.test(accepted)) {
      body = hit.gzip;
      headers["content-encoding"] = "gzip";
    }
    headers["content-length"] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  };

  const fill: RequestHandler = (req, res, next) => {
    if (!cacheable(req)) return next();
    res.setHeader("X-Page-Cache", "miss");
    // A HEAD answer has no body: serve HEAD from the cache, never fill it from one.
    if (req.method !== "GET") return next();
    // This answer carries a one-time nonce: unless the route said otherwise, a shared cache must
    // not hand it to anyone else. (Set as the headers go out: the router appends its own.)
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    res.writeHead = ((...args: unknown[]) => {
      if (!res.getHeader("cache-control")) res.setHeader("Cache-Control", "no-cache");
      return writeHead(...args);
    }) as typeof res.writeHead;
    const started = generation;
    capture(res, (body) => {
      if (generation !== started) return; // invalidated while rendering: the page may be stale
      const stored = storable(res, body);
      if (!stored) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(req.originalUrl, stored);
      // Compressed once, off the request path; until then the page is sent uncompressed.
      void Promise.all([
        brotli(stored.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
        gzipAsync(stored.body, { level: 9 }),
      ]).then(
        ([br, gz]) => {
          stored.br = br;
          stored.gzip = gz;
        },
        () => {},
      );
    });
    next();
  };

  return {
    serve,
    fill,
    invalidate() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/** The entry for a rendered answer, or undefined when it must not be shared. */
function storable(res: Response, body: Buffer): Entry | undefined {
  const type = String(res.getHeader("content-type") ?? "");
  const control = String(res.getHeader("cache-control") ?? "");
  if (res.statusCode !== 200 || !STORED_TYPES.test(type) || res.getHeader("set-cookie")) {
    return undefined;
  }
  // A page rendered from fallbacks (a failed read) says no-store: never keep it.
  if (/no-store|private/.test(control)) return undefined;
  const policy = res.getHeader("content-security-policy");
  if (typeof policy !== "string") return undefined;

  const html = body.toString("utf8");
  const hashes = inlineScriptHashes(html).map((hash) => `'sha256-${hash}'`);
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (!DROPPED_HEADERS.has(name) && value !== undefined) headers[name] = value;
  }
  headers["content-security-policy"] = policy.replace(/'nonce-[^']*'/g, hashes.join(" "));
  if (type.startsWith("text/html")) headers["cache-control"] = CACHED_PAGE_CONTROL;
  headers.vary = "Accept-Encoding";
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { headers, etag, body };
}

/** SHA-256 (base64) of the text of every inline script of a page, as CSP hash sources. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", text = ""] = match;
    if (/\bsrc\s*=/i.test(attributes) || !text) continue;
    hashes.add(createHash("sha256").update(text, "utf8").digest("base64"));
  }
  return [...hashes];
}

/** Collects what the handler writes (before compression) and hands it over once it has ended. */
function capture(res: Response, done: (body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array),
    );
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    done(Buffer.concat(chunks));
    return end(chunk, ...rest);
  }) as typeof res.end;
}
