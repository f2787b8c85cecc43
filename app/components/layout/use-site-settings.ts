import { useRouteLoaderData } from "react-router";
import { fallbackSettings, type SiteSettings } from "#app/domain/settings/settings.ts";
import type { loader as layoutLoader } from "#app/routes/site/layout.tsx";

/** The site settings (phone, e-mail, address) loaded by the site layout, or the defaults. */
export function useSiteSettings(): SiteSettings {
  return (
    useRouteLoaderData<typeof layoutLoader>("routes/site/layout")?.settings ?? fallbackSettings
  );
}
