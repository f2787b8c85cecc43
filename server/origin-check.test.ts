import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { originCheck } from "./origin-check.ts";

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(originCheck({ siteUrl: "https://www.example.com" }));
  app.all("/{*path}", (_req, res) => {
    res.json({ reached: true });
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const post = (path: string, headers: Record<string, string>) =>
  fetch(`${base}${path}`, { method: "POST", headers, body: "a=1" });

describe("the origin check", () => {
  it("lets safe methods through from anywhere", async () => {
    const res = await fetch(`${base}/admin`, { headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(200);
  });

  it.each([
    ["the site's own origin (the request's host)", () => ({ origin: base, cookie: "sid=x" })],
    ["SITE_URL", () => ({ origin: "https://www.example.com", cookie: "sid=x" })],
    [
      "a same-origin fetch without Origin",
      () => ({ "sec-fetch-site": "same-origin", cookie: "sid=x" }),
    ],
    ["a same-origin Referer without Origin", () => ({ referer: `${base}/admin`, cookie: "sid=x" })],
    ["a Bearer client without cookie or Origin", () => ({ authorization: "Bearer abc" })],
    ["a cookie-less client without Origin (a public form from curl)", () => ({})],
  ])("allows %s", async (_name, headers) => {
    expect((await post("/api/customers/1/status", headers())).status).toBe(200);
  });

  it.each([
    ["another origin", { origin: "https://evil.example" }],
    [
      "another origin, with a Bearer token",
      { origin: "https://evil.example", authorization: "Bearer abc" },
    ],
    ["an opaque origin (sandboxed frame)", { origin: "null", cookie: "sid=x" }],
    ["a sibling subdomain", { origin: "https://shop.example.com", cookie: "sid=x" }],
    ["the site over the other protocol", { origin: "http://www.example.com", cookie: "sid=x" }],
    ["a cross-site fetch without Origin", { "sec-fetch-site": "cross-site", cookie: "sid=x" }],
    ["a same-site (not same-origin) fetch", { "sec-fetch-site": "same-site", cookie: "sid=x" }],
    ["a cookie without Origin or Referer", { cookie: "sid=x" }],
    ["a cookie with a foreign Referer", { cookie: "sid=x", referer: "https://evil.example/page" }],
  ])("refuses %s with 403, as JSON for the API", async (_name, headers) => {
    const api = await post("/api/auth/register", headers);
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ error: "Cross-origin request refused." });
    const page = await post("/admin/dashboard", headers);
    expect(page.status).toBe(403);
    expect(await page.text()).toBe("Cross-origin request refused.");
  });

  it("checks every state-changing method", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const res = await fetch(`${base}/api/hero-slides/1`, {
        method,
        headers: { origin: "https://evil.example" },
      });
      expect(res.status, method).toBe(403);
    }
  });
});
