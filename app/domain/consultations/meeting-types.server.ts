// Meeting types, which admins set (/admin/consultations): "Free consultation" and one per
// service family, each with its length, buffers, minimum notice, booking window, slot interval
// and daily limit per consultant.
import { asc, eq } from "drizzle-orm";
import * as z from "zod/mini";
import { type Actor, auditChange } from "#app/domain/audit/audit.server.ts";
import { INQUIRY_TYPES } from "#app/domain/leads/leads.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { isUniqueViolation } from "#app/platform/db/errors.server.ts";
import { meetingTypes } from "#app/platform/db/schema.ts";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import { firstErrors } from "#app/platform/validation.ts";

const whole = (label: string, min: number, max: number) =>
  z.pipe(
    z
      .string()
      .check(z.trim(), z.regex(/^\d{1,6}$/, { error: `${label}: a whole number, please.` })),
    z.pipe(
      z.transform((v: string) => Number(v)),
      z
        .number()
        .check(
          z.gte(min, { error: `${label}: from ${min} to ${max}.` }),
          z.lte(max, { error: `${label}: from ${min} to ${max}.` }),
        ),
    ),
  );

const meetingTypeSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: "Please enter a name." }),
      z.maxLength(80, { error: "Please keep the name under 80 characters." }),
    ),
  slug: z.string().check(
    z.trim(),
    z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
      error: "Lower-case letters, digits and dashes, e.g. ai-design.",
    }),
    z.maxLength(40, { error: "Please keep the address under 40 characters." }),
  ),
  description: z._default(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(500, { error: "Please keep the description under 500 characters." }),
      ),
    "",
  ),
  serviceType: z.union([
    z.literal(""),
    z.enum(INQUIRY_TYPES.map((t) => t.value) as [string, ...string[]], {
      error: "Choose a service from the list.",
    }),
  ]),
  lengthMinutes: whole("Length", 5, 480),
  bufferBeforeMinutes: whole("Buffer before", 0, 240),
  bufferAfterMinutes: whole("Buffer after", 0, 240),
  minNoticeHours: whole("Minimum notice", 0, 336),
  windowDays: whole("Booking window", 1, 365),
  slotIntervalMinutes: whole("Slot interval", 5, 480),
  dailyLimit: z.union([z.literal(""), whole("Daily limit", 1, 50)]),
  active: z._default(z.string(), ""),
});

export type MeetingTypeRow = typeof meetingTypes.$inferSelect;

export const listMeetingTypes = (db: Db) =>
  db.select().from(meetingTypes).orderBy(asc(meetingTypes.sortOrder), asc(meetingTypes.id));

/** The form's values of a stored type (the notice in hours, an empty daily limit for none). */
export const meetingTypeValues = (t: MeetingTypeRow) => ({
  id: String(t.id),
  name: t.name,
  slug: t.slug,
  description: t.description,
  serviceType: t.serviceType,
  lengthMinutes: String(t.lengthMinutes),
  bufferBeforeMinutes: String(t.bufferBeforeMinutes),
  bufferAfterMinutes: String(t.bufferAfterMinutes),
  minNoticeHours: String(t.minNoticeMinutes / 60),
  windowDays: String(t.windowDays),
  slotIntervalMinutes: String(t.slotIntervalMinutes),
  dailyLimit: t.dailyLimit === null ? "" : String(t.dailyLimit),
  active: t.active ? "on" : "",
});

const GONE = "That meeting type no longer exists.";

/** Adds (`id` null) or changes a meeting type, with its audit entry; the saved name. */
export async function saveMeetingType(
  db: Db,
  actor: Actor,
  id: number | null,
  values: Record<string, string>,
): Promise<Result<string>> {
  const parsed = meetingTypeSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error.issues);
    return failure("invalid", fieldErrors.form ?? CORRECT_FIELDS, fieldErrors);
  }
  const v = parsed.data;
  // The free consultation keeps its address: every "Schedule Consultation" link opens it.
  const columns = {
    name: v.name,
    description: v.description,
    serviceType: v.serviceType,
    lengthMinutes: v.lengthMinutes,
    bufferBeforeMinutes: v.bufferBeforeMinutes,
    bufferAfterMinutes: v.bufferAfterMinutes,
    minNoticeMinutes: v.minNoticeHours * 60,
    windowDays: v.windowDays,
    slotIntervalMinutes: v.slotIntervalMinutes,
    dailyLimit: v.dailyLimit === "" ? null : v.dailyLimit,
    active: v.active === "on",
    updatedAt: new Date(),
  };
  try {
    return await db.transaction(async (tx) => {
      let saved: { id: number; slug: string }[];
      if (id === null) {
        saved = await tx
          .insert(meetingTypes)
          .values({ ...columns, slug: v.slug })
          .returning();
      } else {
        const [before] = await tx.select().from(meetingTypes).where(eq(meetingTypes.id, id));
        if (!before) return failure("not-found", GONE, { form: GONE });
        const slug = before.slug === "free" ? "free" : v.slug;
        const active = before.slug === "free" ? true : columns.active;
        saved = await tx
          .update(meetingTypes)
          .set({ ...columns, slug, active })
          .where(eq(meetingTypes.id, id))
          .returning();
      }
      const [row] = saved;
      await auditChange(tx, actor, "meeting_type_saved", `meeting_type:${row?.id}`, {
        name: v.name,
      });
      return success(v.name);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return failure("conflict", CORRECT_FIELDS, { slug: "Another meeting type has this address." });
  }
}
