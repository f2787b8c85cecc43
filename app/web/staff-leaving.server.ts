// What becomes of a leaving user's work, composed above the areas (decision 0012): identity
// (auth) changes the account and calls this in its transaction; the pipeline hands their open
// records back to New leads (the managers e-mailed); their upcoming consultations, when the
// admin chose what becomes of them, go to others or are cancelled.
import type { Actor } from "#app/domain/audit/audit.server.ts";
import { handBackRecords } from "#app/domain/leads/customer-commands.server.ts";
import { salesMailOf } from "#app/domain/leads/pipeline-mail.server.ts";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import type { OnLeave } from "#app/domain/users/users-admin.server.ts";
import type { AppServices } from "#app/platform/context.ts";
import type { DbTransaction } from "#app/platform/db/client.server.ts";

/** The leave step of a user change, its e-mail loaded before the transaction opens. */
export async function staffLeaving(
  services: Pick<AppServices, "db" | "storage" | "env" | "logger" | "outbox">,
  /** null: the operator's command line. */
  actor: Actor | null,
  consultations?: (tx: DbTransaction) => Promise<void>,
): Promise<OnLeave> {
  return handBackOnLeave(await salesMailOf(services), actor, consultations);
}

/** The leave step with its e-mail at hand. */
export const handBackOnLeave =
  (
    mail: StaffMail,
    actor: Actor | null,
    consultations?: (tx: DbTransaction) => Promise<void>,
  ): OnLeave =>
  async (tx, leaving, how) => {
    await handBackRecords(tx, mail, actor, leaving, how);
    if (how !== "moved") await consultations?.(tx);
  };
