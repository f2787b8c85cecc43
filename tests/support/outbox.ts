// Test mail set-ups: an outbox that delivers to the test mail catcher at once (no retries), and
// account e-mails queued into a list instead of an outbox (for tests that only read what would
// be sent).
import pino from "pino";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { createOutbox, type OutgoingMail } from "#app/platform/mail/outbox.server.ts";
import type { MailCatcher } from "./mail-catcher.ts";

/** A started outbox delivering to `catcher`; stop it after the test. */
export async function outboxTo(database: Database, catcher: MailCatcher, timeoutMs = 2000) {
  const outbox = createOutbox({
    database,
    logger: pino({ level: "silent" }),
    smtpUrl: catcher.url,
    from: "Sigma <no-reply@example.com>",
    retryLimit: 0,
    retryDelaySeconds: 1,
    timeoutMs,
  });
  await outbox.start();
  return outbox;
}

/** Staff e-mails (accounts, the pipeline) rendered as they would be sent, kept in `queued` (the brand has no logo). */
export function queuedMail(): { mail: StaffMail; queued: OutgoingMail[] } {
  const queued: OutgoingMail[] = [];
  const mail: StaffMail = {
    outbox: {
      enqueue: async (_tx, messages) => {
        queued.push(...messages);
        return messages.map((_, i) => i + 1);
      },
    },
    brand: {
      siteName: "Sigma Technology Partners",
      phone: "(205) 555-0142",
      address: "2100 Example Parkway, Birmingham, AL 35203",
      siteUrl: "https://www.example.com",
      logo: null,
      timeZone: "America/Chicago",
    },
  };
  return { mail, queued };
}
