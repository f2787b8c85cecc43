// Staff edits of the brand settings (the Settings screen and the homepage contact section).
import { inArray } from "drizzle-orm";
import { z } from "zod";
import { type Actor, type AuditEntry, recordAudit } from "#app/domain/audit/audit.server.ts";
import { draftDataOf, itemState } from "#app/domain/history/item-state.server.ts";
import {
  type ContentKind,
  invalidData,
  versionedWrite,
} from "#app/domain/history/versions.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { siteSettings } from "#app/platform/db/schema.ts";
import type { Env } from "#app/platform/env.server.ts";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import { nestedErrors } from "#app/platform/validation.ts";
import { listClosedDays } from "./closed-days.server.ts";
import { type SettingKey, settingSchemas, timeZoneSchema } from "./settings.schema.ts";
import { getSiteSettings } from "./settings.server.ts";
import { brandFields } from "./settings.ts";
import { getStoredStaffSettings, staffSettingDefaults } from "./staff-settings.server.ts";

/** A save of settings: the names of the fields it wrote, or why not. */
export type SaveResult = Result<string[]>;

/** A logo: a site path or http(s) URL of a PNG, JPEG or WebP image; SVG is refused (DESIGN.md 7). */
export const logoUrlSchema = z
  .string()
  .trim()
  .max(2048, { error: "must be at most 2048 characters" })
  .refine((v) => v === "" || /^\/(?!\/)\S*$/.test(v) || /^https?:\/\/\S+$/i.test(v), {
    error: "must be a path starting with / or an http(s) URL",
  })
  .refine((v) => !/\.svg(z)?([?#].*)?$/i.test(v), { error: "SVG logos are not accepted" });

/** The brand fields of the Settings screen; the logo is saved on its own. */
export const brandSettingsSchema = z.object({
  site_name: settingSchemas.site_name,
  tagline: settingSchemas.tagline,
  phone: settingSchemas.phone,
  email: settingSchemas.email,
  address: settingSchemas.address,
  social_links: settingSchemas.social_links,
});

/** The contact details the homepage contact section shares with the settings. */
export const contactSettingsSchema = brandSettingsSchema.pick({
  phone: true,
  email: true,
  address: true,
});

export type SettingsActor = Pick<AuditEntry, "actorId" | "actorLabel" | "ip">;

/** The audit entry's actor as the history names authors (none: the system). */
export const actorOf = (actor: SettingsActor): Actor | null =>
  actor.actorId
    ? { user: { id: actor.actorId, email: actor.actorLabel ?? "" }, ip: actor.ip ?? "" }
    : null;

/** The brand settings are one item of the content history. */
export const BRAND_ID = "brand";

/** Writes settings rows (upsert); an undefined value deletes the row (its default applies). */
export async function writeSettings(
  tx: Pick<Db, "insert" | "delete">,
  values: Partial<Record<SettingKey, unknown>>,
) {
  const now = new Date();
  const removed = Object.entries(values)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k);
  if (removed.length) await tx.delete(siteSettings).where(inArray(siteSettings.key, removed));
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    await tx
      .insert(siteSettings)
      .values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: now } });
  }
}

/** What the Settings screen shows: the brand record and the staff settings with their defaults. */
export async function getSettingsForEditor(db: Db, env: Pick<Env, "SALES_EMAIL">) {
  const [settings, staff, brandState, brandDraft, closed] = await Promise.all([
    getSiteSettings(db),
    getStoredStaffSettings(db),
    itemState(db, brandKind, BRAND_ID),
    draftDataOf(db, "brand_settings", BRAND_ID),
    listClosedDays(db),
  ]);
  return {
    settings,
    closedDays: closed,
    staff,
    staffDefaults: staffSettingDefaults(env),
    // The brand's history line, and its draft in the form (decision 0021).
    brandState,
    brandDraft,
  };
}

function invalid(issues: z.core.$ZodIssue[]): SaveResult {
  return failure("invalid", CORRECT_FIELDS, nestedErrors(issues));
}

export async function saveBrandSettings(
  db: Db,
  input: unknown,
  actor: SettingsActor,
): Promise<SaveResult> {
  const raw = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
  const parsed = brandSettingsSchema.safeParse({ social_links: [], ...raw });
  if (!parsed.success) return invalid(parsed.error.issues);
  await db.transaction((tx) =>
    versionedWrite(tx, brandKind, BRAND_ID, actorOf(actor), async () => {
      await writeSettings(tx, parsed.data);
      await recordAudit(tx, {
        ...actor,
        action: "settings_updated",
        target: "brand",
        details: { fields: Object.keys(parsed.data).join(",") },
      });
    }),
  );
  return success(Object.keys(parsed.data));
}

/** One setting saved on its own, with its audit entry; `error` is the screen's text for a refusal. */
async function saveOne<T>(
  db: Db,
  input: unknown,
  actor: SettingsActor,
  one: {
    key: SettingKey;
    schema: z.ZodType<T>;
    error: string;
    /** The audit entry's target and the name of the value in its details. */
    target: string;
    detail: string;
  },
): Promise<SaveResult> {
  const parsed = one.schema.safeParse(input);
  if (!parsed.success) {
    return failure("invalid", one.error, nestedErrors(parsed.error.issues, [one.key]));
  }
  await db.transaction(async (tx: DbTransaction) => {
    const write = async () => {
      await writeSettings(tx, { [one.key]: parsed.data });
      await recordAudit(tx, {
        ...actor,
        action: "settings_updated",
        target: one.target,
        details: { [one.detail]: parsed.data },
      });
    };
    // The logo is part of the brand's history; the time zone is how the company works, not content.
    if (BRAND_KEYS.includes(one.key)) {
      await versionedWrite(tx, brandKind, BRAND_ID, actorOf(actor), write);
    } else await write();
  });
  return success([one.key]);
}

export const saveLogo = (db: Db, input: unknown, actor: SettingsActor) =>
  saveOne(db, input, actor, {
    key: "logo_url",
    schema: logoUrlSchema,
    error: "Error updating logo. Please try again.",
    target: "logo",
    detail: "logoUrl",
  });

/** The company's time zone; every date and time on the pages and in the e-mails follows it. */
export const saveTimeZone = (db: Db, input: unknown, actor: SettingsActor) =>
  saveOne(db, input, actor, {
    key: "time_zone",
    schema: timeZoneSchema,
    error: "The time zone was not saved: choose one from the list.",
    target: "time_zone",
    detail: "timeZone",
  });

/** What a version of the brand settings holds: the brand fields and the logo. */
const brandVersionSchema = brandSettingsSchema.extend({ logo_url: logoUrlSchema });
const BRAND_KEYS: SettingKey[] = Object.keys(brandVersionSchema.shape) as SettingKey[];

/** The brand settings in the content history (decision 0021); one item, id "brand". */
export const brandKind: ContentKind = {
  type: "brand_settings",
  schemaVersion: 1,
  ids: async () => [BRAND_ID],
  async read(tx) {
    const s = await getSiteSettings(tx as Db);
    return { ...brandFields(s), logo_url: s.logoUrl };
  },
  check(data) {
    const parsed = brandVersionSchema.safeParse(data);
    return parsed.success ? success(parsed.data) : invalidData(nestedErrors(parsed.error.issues));
  },
  async apply(tx, _id, value) {
    await writeSettings(tx, value as Partial<Record<SettingKey, unknown>>);
    return success();
  },
  title: (data) => `Brand settings (${String(data.site_name ?? "")})`,
  editPath: () => "/admin/settings",
  previewPath: () => "/",
};
