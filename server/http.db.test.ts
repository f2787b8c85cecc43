import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#app/platform/db/client.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createHttpApp, type HttpAppOptions } from "./http.ts";

const page = `<!doctype html><html><body>${"<p>hello</p>".repeat(500)}</body></html>`;

let server: Server | undefined;
let database: Database | undefined;

async function serve(
  db: Database,
  envOverrides: Record<string, string> = {},
  clientDir = "public",
  more: Partial<HttpAppOptions> = {},
) {
  const env = parseEnv({ LOG_LEVEL: "silent", ...envOverrides });
  const app = createHttpApp({
    env,
    database: db,
    logger: createLogger("silent"),
    routerHandler: (_req, res) => {
      res.type("html").send(page);
    },
    clientDir,
    ...more,
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
  await database?.close().catch(() => {});
  database = undefined;
});

describe("the HTTP server", () => {
  it("logs every request, and an error quoting its address, without the secrets in it", async () => {
    database = await createTestDatabase();
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    const secret = "Zq9-secret_value-4cT0aZbLm3nPq8rSt1uVw2xYz5A";
    const base = await serve(database, {}, "public", {
      logger,
      // A failed page logs its error the way handleError does: the message quotes the address,
      // the error carries it in a field and in its cause.
      routerHandler: (req, res) => {
        const err = Object.assign(new Error(`could not render ${req.originalUrl}`), {
          url: req.originalUrl,
          cause: new Error(`while loading ${req.originalUrl}`),
        });
        req.log.error({ err, url: req.originalUrl }, "request failed");
        res.status(500).send("failed");
      },
    });
    const paths = [
      `/calendar-feed/${secret}.ics`,
      `/preview/${secret}`,
      `/?preview=${secret}`,
      `/consultation/manage?token=${secret}&start=2027-03-19T15%3A00%3A00.000Z`,
      `/login?next=%2Fpreview%2F${secret}`,
    ];
    for (const path of paths) expect((await fetch(base + path)).status).toBe(500);
    const log = lines.join("");
    expect(lines.length).toBeGreaterThanOrEqual(paths.length * 2);
    expect(log).not.toContain(secret);
    // What was asked for stays readable.
    expect(log).toContain('"url":"/calendar-feed/[redacted].ics"');
    expect(log).toContain("could not render /consultation/manage?token=[redacted]&start=");
    expect(log).toContain("while loading /login?next=%2Fpreview%2F[redacted]");
  });

  it("an error no handler answered is logged by the logger, redacted, and answered 500", async () => {
    database = await createTestDatabase();
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    const secret = "Zq9-secret_value-4cT0aZbLm3nPq8rSt1uVw2xYz5A";
    const base = await serve(database, {}, "public", {
      logger,
      routerHandler: async (req) => {
        throw new Error(`no feed at ${req.originalUrl}`);
      },
    });
    const answer = await fetch(`${base}/calendar-feed/${secret}.ics`);
    expect(answer.status).toBe(500);
    expect(await answer.text()).toBe("Internal Server Error");
    const failed = lines.map((l) => JSON.parse(l)).find((l) => l.msg === "request failed");
    expect(failed?.err.message).toBe("no feed at /calendar-feed/[redacted].ics");
    expect(lines.join("")).not.toContain(secret);
  });

  it("sends the security headers on every response", async () => {
    database = await createTestDatabase();
    const base = await serve(database);
    for (const path of ["/", "/healthz", "/favicon.ico"]) {
      const res = await fetch(base + path);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-powered-by")).toBeNull();
      // Plain HTTP: no HSTS.
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("a fresh nonce per response", async () => {
    database = await createTestDatabase();
    const base = await serve(database);
    const nonce = async () =>
      /'nonce-([^']+)'/.exec((await fetch(base)).headers.get("content-security-policy") ?? "")?.[1];
    expect(await nonce()).not.toBe(await nonce());
  });

  it("sends HSTS only over HTTPS, trusting the proxy header only with TRUST_PROXY", async () => {
    database = await createTestDatabase();
    let base = await serve(database);
    const viaProxy = { headers: { "x-forwarded-proto": "https" } };
    expect((await fetch(base, viaProxy)).headers.get("strict-transport-security")).toBeNull();
    await new Promise((resolve) => server?.close(resolve));
    base = await serve(database, { TRUST_PROXY: "1" });
    expect((await fetch(base, viaProxy)).headers.get("strict-transport-security")).toMatch(
      /max-age=\d+/,
    );
  });

  it("compresses with brotli or gzip", async () => {
    database = await createTestDatabase();
    const base = await serve(database);
    const br = await fetch(base, { headers: { "accept-encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(await br.text()).toBe(page);
    const gzip = await fetch(base, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
  });

  it("GET /healthz answers while the process is alive", async () => {
    database = await createTestDatabase();
    const base = await serve(database);
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("GET /readyz answers 200 while the database answers and 503 once it is gone", async () => {
    database = await createTestDatabase();
    const base = await serve(database);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready" });

    await database.close();
    const gone = await fetch(`${base}/readyz`);
    expect(gone.status).toBe(503);
    expect(await gone.json()).toMatchObject({ status: "unavailable" });
    // /healthz is about the process, not the database.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it("GET /readyz answers 503 when the PostgreSQL server is unreachable", async () => {
    database = await openDatabase({ url: "postgres://nobody@127.0.0.1:1/none" });
    const base = await serve(database);
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(503);
  });

  it("serves hashed assets as immutable for a year, other files briefly", async () => {
    const clientDir = mkdtempSync(join(tmpdir(), "client-"));
    mkdirSync(join(clientDir, "assets"));
    writeFileSync(join(clientDir, "assets", "entry-AbC123.js"), "console.log(1)");
    writeFileSync(join(clientDir, "robots.txt"), "User-agent: *");
    database = await createTestDatabase();
    const base = await serve(database, {}, clientDir);
    const asset = await fetch(`${base}/assets/entry-AbC123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const plain = await fetch(`${base}/robots.txt`);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=3600");
    expect((await fetch(`${base}/assets/missing-XyZ.js`)).status).toBe(404);
    rmSync(clientDir, { recursive: true });
  });

  it("sends the build's brotli or gzip copy of a script as it is, or the plain file", async () => {
    const clientDir = mkdtempSync(join(tmpdir(), "client-"));
    mkdirSync(join(clientDir, "assets"));
    const code = `export const words = ${JSON.stringify("lorem ipsum ".repeat(400))};`;
    const file = join(clientDir, "assets", "words-AbC123.js");
    writeFileSync(file, code);
    writeFileSync(`${file}.br`, brotliCompressSync(code));
    writeFileSync(`${file}.gz`, gzipSync(code, { level: 1 }));
    database = await createTestDatabase();
    const base = await serve(database, {}, clientDir);
    const url = `${base}/assets/words-AbC123.js`;

    for (const [accepted, encoding, suffix] of [
      ["gzip, deflate, br", "br", ".br"],
      ["gzip", "gzip", ".gz"],
      ["identity", null, ""],
    ] as const) {
      const res = await fetch(url, { headers: { "accept-encoding": accepted } });
      expect(res.headers.get("content-encoding")).toBe(encoding);
      // The stored copy, not a fresh compression: its length is known before it is sent.
      expect(Number(res.headers.get("content-length"))).toBe(statSync(file + suffix).size);
      expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
      expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await res.text()).toBe(code);
    }
    rmSync(clientDir, { recursive: true });
  });
});
