// On PostgreSQL other instances may be delivering, so a delivery cut off by a crash is not
// handed back at start (as on the embedded database): its job expires, and another instance
// retries it. The process is killed (SIGKILL) while its delivery hangs; a second instance on the
// same database delivers the message. (Starts the built app; the PostgreSQL pass of test:db.)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import {
  createEmptyPostgresDatabase,
  explainSkipWithoutPostgres,
  usingPostgres,
} from "#tests/support/database.ts";
import { postGeneral } from "#tests/support/inquiry-posts.ts";
import { type MailCatcher, startMailCatcher } from "#tests/support/mail-catcher.ts";

explainSkipWithoutPostgres("a delivery cut off by a crash on PostgreSQL");

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  cleanup.length = 0;
});

describe.runIf(usingPostgres)("a crash (SIGKILL) during a delivery, on PostgreSQL", () => {
  it("the message is delivered by the next instance once the cut-off delivery expires", async () => {
    const database = await createEmptyPostgresDatabase();
    cleanup.push(database.drop);
    const mail: MailCatcher = await startMailCatcher();
    cleanup.push(() => mail.stop());
    const dataDir = mkdtempSync(join(tmpdir(), "site-crash-pg-"));
    cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    // A delivery may last 10 s (the minimum): its job expires after that.
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: mail.url,
      MAIL_TIMEOUT_MS: "1000",
      MAIL_RETRY_DELAY_SECONDS: "1",
      FORM_RATE_LIMIT: "1000",
    };
    const first: AppServer = await startAppServer({ dataDir, env });
    cleanup.push(() => first.stop());

    // The mail server takes the connection and never answers: the delivery hangs; then SIGKILL.
    mail.setMode("hang");
    expect((await postGeneral(first.url, "cut-off@example.org")).status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (mail.held === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(mail.held).toBeGreaterThan(0);
    const exited = new Promise((resolve) => first.process.once("exit", resolve));
    first.process.kill("SIGKILL");
    await exited;

    // Another instance on the same database: the cut-off delivery is retried once expired.
    mail.setMode("accept");
    const second = await startAppServer({ dataDir, env });
    cleanup.push(() => second.stop());
    await mail.waitFor((m) => m.to.includes("cut-off@example.org"), 60_000);
    await mail.waitFor(
      (m) => m.to.includes("sales@example.com") && m.text.includes("cut-off@example.org"),
      60_000,
    );
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    cleanup.push(() => db.end());
    const { rows } = await db.query<{ status: string }>("select status from mail_messages");
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
  }, 120_000);
});
