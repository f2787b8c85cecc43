import { eq } from "drizzle-orm";
import type { Db } from "#app/platform/db/client.server.ts";
import { siteSettings } from "#app/platform/db/schema.ts";
import { previewed } from "#app/platform/preview-scope.server.ts";
import { settingFields, settingSchemas } from "./settings.schema.ts";
import { fallbackSettings, type SiteSettings } from "./settings.ts";

/** All brand settings; a missing or invalid value falls back to the placeholder brand. */
export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  const rows = await db.select().from(siteSettings);
  const stored = new Map<string, unknown>(rows.map((r) => [r.key, r.value]));
  // A preview link of the brand settings shows its version's values.
  for (const [key, value] of Object.entries(previewed("brand_settings")?.data ?? {})) {
    stored.set(key, value);
  }
  const settings: Record<string, unknown> = { ...fallbackSettings };
  for (const [field, key] of Object.entries(settingFields)) {
    const parsed = settingSchemas[key].safeParse(stored.get(key));
    if (parsed.success) settings[field] = parsed.data;
  }
  return settings as SiteSettings;
}

/** The company's time zone (the default when none, or an unknown one, is stored). */
export async function getTimeZone(db: Db): Promise<string> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, "time_zone"));
  return settingSchemas.time_zone.safeParse(row?.value).data ?? fallbackSettings.timeZone;
}
