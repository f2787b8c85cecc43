// The database goes away mid-request (PostgreSQL pass): a TCP proxy between the app and its
// database is cut while an inquiry with a file is being uploaded. That post, and every request
// during the outage, answers 503 with a clear message (pages: the "temporarily unavailable"
// page; APIs: JSON { error }), /readyz says 503, nothing half-stored remains, and once the
// proxy is restored the same process serves and stores again, without a restart.
// (Starts the built app: run `npm run build` first; `npm test` does.)
import { join } from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createLocalStorage } from "#app/platform/storage/storage.server.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import {
  createEmptyPostgresDatabase,
  explainSkipWithoutPostgres,
  usingPostgres,
} from "#tests/support/database.ts";
import {
  aiDesignForm,
  postAiDesign,
  postGeneral,
  samplePng,
} from "#tests/support/inquiry-posts.ts";
import { startTcpProxy, type TcpProxy } from "#tests/support/tcp-proxy.ts";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => {});
});

explainSkipWithoutPostgres("losing the database mid-request");

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.runIf(usingPostgres)("losing the database mid-request", () => {
  let server: AppServer;
  let proxy: TcpProxy;
  let direct: pg.Client;

  async function setUp() {
    const database = await createEmptyPostgresDatabase();
    cleanup.push(database.drop);
    const target = new URL(database.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    cleanup.push(() => proxy.close());
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    server = await startAppServer({
      env: { DATABASE_URL: viaProxy.toString(), FORM_RATE_LIMIT: "100" },
    });
    cleanup.push(() => server.stop());
    // The test's own look at the database, around the proxy.
    direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    cleanup.push(() => direct.end());
  }

  it("answers 503 during the outage, stores nothing half, and recovers without a restart", async () => {
    await setUp();
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const png = await samplePng();

    // An upload in flight: the first half of the body is sent, then the database goes away.
    const form = new Response(
      aiDesignForm({
        email: "lost@example.org",
        files: [{ name: "plan.png", bytes: png, type: "image/png" }],
      }),
    );
    const bytes = new Uint8Array(await form.arrayBuffer());
    const half = Math.floor(bytes.length / 2);
    let sendRest: () => void = () => {};
    const rest = new Promise<void>((resolve) => {
      sendRest = resolve;
    });
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes.slice(0, half));
        await rest;
        controller.enqueue(bytes.slice(half));
        controller.close();
      },
    });
    const inFlight = fetch(`${server.url}/api/customers/ai-design-inquiry`, {
      method: "POST",
      body,
      duplex: "half",
      headers: {
        Origin: server.url,
        "Content-Type": form.headers.get("content-type") ?? "",
      },
    } as RequestInit);
    // The request has reached the database (its rate-limit hit is counted) before the cut.
    await waitFor(
      async () => (await direct.query("select 1 from rate_limits where hits > 0")).rowCount === 1,
      10_000,
      "the request to reach the database",
    );
    proxy.cut();
    sendRest();
    const lost = await inFlight;
    expect(lost.status).toBe(503);
    expect(await lost.json()).toMatchObject({
      ok: false,
      error: expect.stringMatching(/try again/),
    });

    // During the outage: readiness, a page, public and staff APIs, form posts.
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: "unavailable" });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    const page = await fetch(`${server.url}/portfolio`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
    const html = await page.text();
    expect(html).toContain("Temporarily Unavailable");
    expect(html).toContain('data-error-status="503"');

    // A one-time link's page fails to render: the error log names the page, not its token.
    const secretToken = "S3cretOneTimeToken_abcdefghijklmnopqrstuvwxyz";
    const link = await fetch(`${server.url}/account/set-password?token=${secretToken}`);
    expect(link.status).toBe(503);
    await waitFor(
      async () => server.logs.some((line) => line.includes("/account/set-password?token=")),
      5_000,
      "the failed render to be logged",
    );
    expect(server.logs.join("\n")).not.toContain(secretToken);

    const slides = await fetch(`${server.url}/api/hero-slides`);
    expect(slides.status).toBe(503);
    expect(await slides.json()).toEqual({
      error: expect.stringMatching(/temporarily unavailable/),
    });

    const signIn = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com", password: "whatever-it-is" }),
    });
    expect(signIn.status).toBe(503);
    expect(await signIn.json()).toHaveProperty("error");

    const general = await postGeneral(server.url, "during@example.org");
    expect(general.status).toBe(503);
    expect(await general.json()).toMatchObject({ ok: false, error: expect.any(String) });

    // The form without JavaScript posts to its page.
    const noScript = await fetch(`${server.url}/contact?form=general`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: "Sam Lee",
        email: "noscript@example.org",
        phone: "205-555-0100",
        inquiryType: "training",
        message: "Please call me.",
      }),
    });
    expect(noScript.status).toBe(503);
    expect(await noScript.text()).toMatch(/Temporarily Unavailable|try again/);

    // The database is back: the same process recovers by itself.
    proxy.restore();
    await waitFor(
      async () => (await fetch(`${server.url}/readyz`)).status === 200,
      15_000,
      "/readyz to answer 200 again",
    );
    expect((await fetch(`${server.url}/portfolio`)).status).toBe(200);
    const after = await postAiDesign(server.url, {
      email: "after@example.org",
      files: [{ name: "plan.png", bytes: png, type: "image/png" }],
    });
    expect(after.status).toBe(200);

    // Nothing from the outage was stored; what was accepted is whole.
    const leads = await direct.query<{ id: number; email: string }>(
      "select id, email from leads where kind <> 'manual' order by id",
    );
    expect(leads.rows.map((l) => l.email)).toEqual(["after@example.org"]);
    const files = await direct.query<{ lead_id: number; object_key: string }>(
      "select lead_id, object_key from lead_files",
    );
    expect(files.rows).toHaveLength(1);
    const storage = createLocalStorage(join(server.dataDir, "uploads"));
    for (const file of files.rows) expect(await storage.exists(file.object_key)).toBe(true);
    const mails = await direct.query("select id from mail_messages");
    expect(mails.rowCount).toBe(2);
  }, 60_000);
});
