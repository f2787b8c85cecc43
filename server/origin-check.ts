import type { Request, RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for every state-changing request (page actions and /api
 * writes alike): a request that carries an Origin header, or any cookie, must come from the
 * site's own origin: SITE_URL, or the origin the request itself was made to (its protocol,
 * from X-Forwarded-Proto only with TRUST_PROXY, and Host). Without Origin, a cookie-bearing
 * request needs a same-origin Referer or `Sec-Fetch-Site: same-origin`. API clients that send
 * only `Authorization: Bearer` (no cookie, no Origin) are authorised by their token instead.
 * React Router's own action check stays on behind this one.
 */
export function originCheck({ siteUrl }: { siteUrl: string }): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (isSameOrigin(req, siteOrigin)) return next();
    req.log?.warn(
      { origin: req.headers.origin ?? null, fetchSite: req.headers["sec-fetch-site"] ?? null },
      "cross-origin request refused",
    );
    res.status(403).set("Cache-Control", "no-store");
    if (req.path.startsWith("/api/") || req.path.endsWith(".data")) {
      res.json({ error: "Cross-origin request refused." });
    } else {
      res.type("text/plain").send("Cross-origin request refused.");
    }
  };
}

function isSameOrigin(req: Request, siteOrigin: string): boolean {
  const own = (value: string) =>
    value === siteOrigin || value === `${req.protocol}://${req.get("host") ?? ""}`;
  const origin = req.headers.origin;
  if (origin !== undefined) return own(origin);
  const fetchSite = req.headers["sec-fetch-site"];
  if (fetchSite !== undefined) return fetchSite === "same-origin";
  if (!req.headers.cookie) return true;
  const referer = req.headers.referer;
  if (!referer) return false;
  try {
    return own(new URL(referer).origin);
  } catch {
    return false;
  }
}
