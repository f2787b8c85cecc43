import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

/**
 * Security headers for every response. Scripts run only from our origin or with this
 * response's nonce; pages cannot be framed; HSTS only when the request came over HTTPS. Forms
 * post to our origin only, and may be sent on to `formTargets` (Stripe Checkout's page, where
 * "Pay now by card" redirects: the browser holds a redirected form post to form-action too).
 */
export function securityHeaders({
  dev,
  formTargets = [],
}: {
  dev: boolean;
  formTargets?: string[];
}): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) =>
            `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`,
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'"],
        mediaSrc: ["'self'"],
        connectSrc: dev ? ["'self'", "ws:"] : ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...formTargets],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  // A page may send its own Referrer-Policy (the one-time-link pages' same-origin): it replaces
  // the default above instead of joining it, as React Router's Express adapter appends every
  // header it answers with ("strict-origin-when-cross-origin, same-origin").
  const routePolicy: RequestHandler = (_req, res, next) => {
    const append = res.append.bind(res);
    res.append = ((field: string, value?: string | string[]) =>
      field.toLowerCase() === "referrer-policy"
        ? res.set(field, value)
        : append(field, value)) as typeof res.append;
    next();
  };
  const hsts: RequestHandler = (req, res, next) => {
    if (req.secure)
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
  return [nonce, headers, routePolicy, hsts];
}
