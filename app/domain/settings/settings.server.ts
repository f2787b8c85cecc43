import type { Db } from "#app/platform/db/client.server.ts";
import { siteSettings } from "#app/platform/db/schema.ts";
import { settingFields, settingSchemas } from "./settings.schema.ts";
import { fallbackSettings, type SiteSettings } from "./settings.ts";

/** All brand settings; a missing or invalid value falls back to the placeholder brand. */
export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  const rows = await db.select().from(siteSettings);
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const settings: Record<string, unknown> = { ...fallbackSettings };
  for (const [field, key] of Object.entries(settingFields)) {
    const parsed = settingSchemas[key].safeParse(stored.get(key));
    if (parsed.success) settings[field] = parsed.data;
  }
  return settings as SiteSettings;
}
