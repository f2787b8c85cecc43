import { getHomepageContent } from "#app/domain/content/content.server.ts";
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import { formatAddress } from "#app/domain/settings/settings.ts";
import { appContext } from "#app/platform/context.ts";
import type { Route } from "./+types/homepage-content";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const [content, settings] = await Promise.all([getHomepageContent(db), getSiteSettings(db)]);
  // The contact section's phone, e-mail and address are the brand settings.
  const contact = content.contact && {
    ...content.contact,
    address: formatAddress(settings.address),
    phone: settings.phone,
    email: settings.email,
  };
  return Response.json(
    { ...content, contact },
    { headers: { "Cache-Control": "public, max-age=60" } },
  );
}
