// A stored inquiry with one file, the way the inquiry form stores it (lead, file row, mails).
import { createLead } from "#app/domain/leads/leads.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import { createOutbox } from "#app/platform/mail/outbox.server.ts";

const quiet = { error() {}, warn() {}, info() {}, debug() {} };

export async function storeLeadWithFile(
  database: Database,
  file: { objectKey: string; size: number },
): Promise<void> {
  const outbox = createOutbox({
    database,
    logger: { ...quiet, child: () => quiet } as unknown as Logger,
    from: "Site <no-reply@example.com>",
    retryLimit: 1,
    retryDelaySeconds: 1,
    timeoutMs: 1000,
  });
  await createLead(
    {
      db: database.db,
      outbox,
      salesEmail: "sales@example.com",
      brand: {
        siteName: "Site",
        email: "info@example.com",
        phone: "555",
        address: "",
        siteUrl: "http://localhost",
        logo: null,
        timeZone: "America/Chicago",
      },
    },
    {
      form: "ai-design",
      name: "Dana Whitfield",
      email: "dana@example.org",
      phone: "(205) 555-0199",
      company: "Magic City Outfitters",
      inquiryType: "ai-design",
      message: "A store, please.",
      source: "Direct",
      sourcePage: "/",
      files: [
        { ...file, originalName: "brief.pdf", mimeType: "application/pdf", sha256: file.objectKey },
      ],
    },
  );
}
