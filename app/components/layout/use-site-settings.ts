import { useRouteLoaderData } from "react-router";
import { fallbackSettings, type SiteSettings } from "#app/domain/settings/settings.ts";

/** The site settings (phone, e-mail, address) loaded by the site layout, or the defaults. */
export function useSiteSettings(): SiteSettings {
  return (
    useRouteLoaderData<{ settings: SiteSettings }>("routes/site/layout")?.settings ??
    fallbackSettings
  );
}
