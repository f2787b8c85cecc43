import type { RequestHandler, Response } from "express";

export interface PageCache {
  middleware: RequestHandler;
  /** Forget every cached page (after a staff edit of anything pages show). */
  invalidate(): void;
  readonly size: number;
}

interface Entry {
  status: number;
  headers: Record<string, string>;
  /** The HTML with the render's CSP nonce replaced by NONCE_SLOT. */
  body: string;
}

const NONCE_SLOT = "\u0000csp-nonce\u0000";
const KEPT_HEADERS = ["content-type", "vary"];

/**
 * Server-rendered public pages reused until the content changes: a rendered page costs about
 * fifteen times a prebuilt answer. Only anonymous GET document requests are cached (a request
 * with any cookie, an API or data request, or an answer other than 200 HTML is never stored).
 * Each answer still gets its own CSP nonce. Invalidation is per process for now; several
 * instances will need a shared signal (LISTEN/NOTIFY).
 */
export function createPageCache({ maxEntries = 500 } = {}): PageCache {
  const entries = new Map<string, Entry>();
  let generation = 0;

  const cacheable = (req: Parameters<RequestHandler>[0]) =>
    (req.method === "GET" || req.method === "HEAD") &&
    !req.headers.cookie &&
    !req.headers.authorization &&
    !req.path.startsWith("/api/") &&
    !req.path.endsWith(".data") &&
    !/\.[a-z0-9]+$/i.test(req.path);

  const middleware: RequestHandler = (req, res, next) => {
    if (!cacheable(req)) return next();
    const key = req.originalUrl;
    const nonce = String(res.locals.cspNonce ?? "");
    const hit = entries.get(key);
    if (hit) {
      // Most recently used last, so the oldest is evicted first.
      entries.delete(key);
      entries.set(key, hit);
      res.status(hit.status).set(hit.headers).set("X-Page-Cache", "hit");
      res.send(nonce ? hit.body.replaceAll(NONCE_SLOT, nonce) : hit.body);
      return;
    }
    res.setHeader("X-Page-Cache", "miss");
    // A HEAD answer has no body: serve HEAD from the cache, never fill it from one.
    if (req.method !== "GET") return next();
    capture(
      res,
      generation,
      (status, body) => {
        const type = String(res.getHeader("content-type") ?? "");
        const control = String(res.getHeader("cache-control") ?? "");
        if (status !== 200 || !type.startsWith("text/html") || res.getHeader("set-cookie")) return;
        // A page rendered from fallbacks (a failed read) says no-store: never keep it.
        if (/no-store|private/.test(control)) return;
        const headers: Record<string, string> = {};
        for (const name of KEPT_HEADERS) {
          const value = res.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entries.set(key, {
          status,
          headers,
          body: nonce ? body.replaceAll(nonce, NONCE_SLOT) : body,
        });
      },
      () => generation,
    );
    next();
  };

  return {
    middleware,
    invalidate() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/** Collects what the handler writes; stores it only if nothing was invalidated meanwhile. */
function capture(
  res: Response,
  startGeneration: number,
  store: (status: number, body: string) => void,
  currentGeneration: () => number,
) {
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
    if (currentGeneration() === startGeneration) {
      store(res.statusCode, Buffer.concat(chunks).toString("utf8"));
    }
    return end(chunk, ...rest);
  }) as typeof res.end;
}
