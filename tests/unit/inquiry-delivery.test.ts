// Nothing a visitor sends is lost: with the SMTP server refusing or hanging, posts are still
// accepted and stored once; the mail goes out when the server is back, across a restart too.
// (Starts the built app: run `npm run build` first; `npm test` does.)
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "#app/platform/db/client.server.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { type MailCatcher, startMailCatcher } from "#tests/support/mail-catcher.ts";

let server: AppServer | undefined;
let mail: MailCatcher | undefined;

afterEach(async () => {
  await server?.stop();
  await mail?.stop();
  server = undefined;
  mail = undefined;
});

function inquiry(url: string, email: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries({
    name: "Riley Stone",
    email,
    phone: "205-555-0142",
    "website-type": "business",
    message: "A new website for our clinic.",
  })) {
    body.append(k, v);
  }
  return fetch(`${url}/api/customers/ai-design-inquiry`, {
    method: "POST",
    body,
    headers: { Origin: url },
  });
}

describe("inquiries while the mail server is down", () => {
  for (const mode of ["refuse", "hang"] as const) {
    it(`SMTP ${mode}s: posts succeed, are stored once, and the mail goes out after it recovers and the app restarts`, async () => {
      mail = await startMailCatcher();
      mail.setMode(mode);
      const env = {
        SMTP_URL: mail.url,
        MAIL_RETRY_DELAY_SECONDS: "1",
        MAIL_TIMEOUT_MS: "500",
        FORM_RATE_LIMIT: "100",
      };
      server = await startAppServer({ env });

      const emails = ["a@example.org", "b@example.org", "c@example.org"];
      for (const email of emails) {
        const res = await inquiry(server.url, email);
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ ok: true, customerId: expect.any(Number) });
      }
      // The same post again (a browser retry) is not a second lead.
      expect((await inquiry(server.url, "a@example.org")).status).toBe(200);

      // Restart while the mail server is still down, then bring it back.
      await server.halt();
      server = await startAppServer({ env, dataDir: server.dataDir });
      mail.setMode("accept");
      for (const email of emails) {
        await mail.waitFor((m) => m.to.includes(email), 45_000);
        await mail.waitFor(
          (m) => m.to.includes("sales@example.com") && m.text.includes(email),
          45_000,
        );
      }

      await server.halt();
      const database = await openDatabase({ dataDir: join(server.dataDir, "db") });
      try {
        const leads = (
          await database.pglite?.query<{ email: string }>(
            "select email from leads where kind <> 'manual' order by email",
          )
        )?.rows;
        expect(leads?.map((l) => l.email)).toEqual(emails);
        const mails = (
          await database.pglite?.query<{ status: string; n: number }>(
            "select status, count(*)::int as n from mail_messages group by status",
          )
        )?.rows;
        expect(mails).toEqual([{ status: "sent", n: 6 }]);
      } finally {
        await database.close();
      }
      // Each message reached the mail server once.
      expect(mail.messages.filter((m) => m.to.includes("a@example.org"))).toHaveLength(1);
    }, 150_000);
  }
});

describe("inquiries while the mail server drops connections", () => {
  it("SMTP drops before accepting: posts succeed, and the outbox delivers each mail once later", async () => {
    mail = await startMailCatcher();
    mail.setMode("drop");
    server = await startAppServer({
      env: { SMTP_URL: mail.url, MAIL_RETRY_DELAY_SECONDS: "1", MAIL_TIMEOUT_MS: "1000" },
    });
    const res = await inquiry(server.url, "drop@example.org");
    expect(res.status).toBe(200);
    // The first attempts are cut off before the mail server acknowledges the message...
    await new Promise((r) => setTimeout(r, 1500));
    expect(mail.messages).toHaveLength(0);
    expect(server.logs.some((l) => l.includes('"outcome":"retry"'))).toBe(true);
    // ...and once it accepts again, the retries deliver.
    mail.setMode("accept");
    await mail.waitFor((m) => m.to.includes("drop@example.org"), 30_000);
    await mail.waitFor(
      (m) => m.to.includes("sales@example.com") && m.text.includes("drop@example.org"),
      30_000,
    );
    expect(mail.messages.filter((m) => m.to.includes("drop@example.org"))).toHaveLength(1);
  }, 60_000);
});
