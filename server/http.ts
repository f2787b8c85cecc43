import { STATUS_CODES } from "node:http";
import { resolve } from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import { pinoHttp } from "pino-http";
import type { Database } from "#app/platform/db/client.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import { originCheck } from "./origin-check.ts";
import type { PageCache } from "./page-cache.ts";
import { securityHeaders } from "./security.ts";

export interface HttpAppOptions {
  env: Env;
  database: Database;
  logger: Logger;
  /** Serves the pages (the React Router handler). */
  routerHandler: RequestHandler;
  /** Reuses rendered public pages (production). */
  pageCache?: PageCache;
  /** Development: Vite's middlewares instead of the built client folder. */
  devMiddleware?: RequestHandler;
  clientDir?: string;
}

const ONE_YEAR = 31_536_000;

/** Where "Pay now by card" sends a form post on: Stripe Checkout (STRIPE_API_URL's in tests). */
function checkoutOrigins(env: Env): string[] {
  if (!env.STRIPE_SECRET_KEY) return [];
  return [env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL).origin : "https://checkout.stripe.com"];
}

export function createHttpApp(options: HttpAppOptions) {
  const { env, database, logger } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => (req.headers["x-request-id"] as string | undefined) ?? crypto.randomUUID(),
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
      serializers: {
        req: (req) => ({
          method: req.method,
          url: req.url,
          ip: req.remoteAddress,
        }),
        res: (res) => ({ status: res.statusCode }),
      },
    }),
  );
  // A cached public page is answered before any other work (it carries its own headers).
  if (options.pageCache) app.use(options.pageCache.serve);
  app.use(
    securityHeaders({ dev: Boolean(options.devMiddleware), formTargets: checkoutOrigins(env) }),
  );
  app.use(compression({ threshold: 1024 }));

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      await withTimeout(database.ping(), 2000);
      res.json({ status: "ready", database: database.driver });
    } catch (error) {
      req.log.warn({ err: error }, "readiness check failed");
      res.status(503).json({ status: "unavailable", error: "Database is not answering" });
    }
  });

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else {
    const clientDir = options.clientDir ?? resolve("build/client");
    // Hashed build output never changes under its name. The build wrote brotli and gzip copies
    // of the scripts (scripts/precompress.ts): they are sent as they are, not compressed again.
    app.use(
      "/assets",
      expressStaticGzip(resolve(clientDir, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        serveStatic: {
          immutable: true,
          maxAge: ONE_YEAR * 1000,
          index: false,
          fallthrough: false,
        },
      }),
    );
    app.use(
      express.static(clientDir, {
        index: false,
        maxAge: "1h",
        setHeaders: (res, path) => {
          if (path.includes(`${resolve(clientDir, "images")}`)) {
            res.setHeader("Cache-Control", "public, max-age=86400, stale-while-revalidate=604800");
          }
        },
      }),
    );
  }

  app.use(originCheck({ siteUrl: env.SITE_URL }));
  if (options.pageCache) app.use(options.pageCache.fill);
  app.use(options.routerHandler);
  app.use(lastErrorHandler);
  return app;
}

/**
 * An error no handler answered (a page handler that threw, a file that failed to send): logged
 * through the app's logger, whose redaction hides the secrets its message may quote, instead of
 * Express's own `console.error` of the stack; answered with its status. A 4xx is the request
 * log's line alone.
 */
const lastErrorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const given = Number(err?.status ?? err?.statusCode);
  const status = given >= 400 && given < 600 ? given : 500;
  if (status >= 500) req.log.error({ err }, "request failed");
  // Half an answer is sent: all that is left is to end the connection.
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  res
    .status(status)
    .type("text/plain")
    .send(STATUS_CODES[status] ?? "Error");
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
