// The visitor's confirmation page after the registration wizard (DESIGN.md: a page they can
// keep, not a 3-second redirect): what they registered for, read through the receipt link the
// wizard's answer leads to.
import { eq } from "drizzle-orm";
import { leadReference } from "#app/domain/leads/lead-mail.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { courses, leads, registrations } from "#app/platform/db/schema.ts";
import { registrationOfToken } from "./registration-links.server.ts";
import { isRegistrationStatus } from "./registration-status.ts";

/** Where the wizard sends the visitor once the registration is stored. */
export const receiptPath = (courseSlug: string, token: string) =>
  `/certification-training/${courseSlug}/register/confirmation?token=${token}`;

/** What the confirmation page shows, or null for an unknown or expired link. */
export async function registrationReceipt(db: Db, token: unknown, now: Date, siteName: string) {
  const id = await registrationOfToken(db, token, "receipt", now);
  if (!id) return null;
  const [row] = await db
    .select({
      leadId: registrations.leadId,
      status: registrations.status,
      startDate: registrations.startDate,
      classSchedule: registrations.classSchedule,
      priceCents: registrations.priceCents,
      paymentMethod: registrations.paymentMethod,
      /** A company invoice's billing details, as step 3 took them (null otherwise). */
      billing: registrations.billing,
      holdExpiresAt: registrations.holdExpiresAt,
      email: leads.email,
      course: {
        slug: courses.slug,
        kind: courses.kind,
        title: courses.title,
        duration: courses.duration,
      },
    })
    .from(registrations)
    .innerJoin(courses, eq(courses.id, registrations.courseId))
    .innerJoin(leads, eq(leads.id, registrations.leadId))
    .where(eq(registrations.id, id));
  if (!row || !isRegistrationStatus(row.status)) return null;
  const { leadId, holdExpiresAt, status, ...shown } = row;
  return {
    ...shown,
    status,
    reference: leadReference(leadId, siteName),
    holdExpiresAt: holdExpiresAt?.toISOString() ?? null,
  };
}

export type RegistrationReceipt = NonNullable<Awaited<ReturnType<typeof registrationReceipt>>>;
