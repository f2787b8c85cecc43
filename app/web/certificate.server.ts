// A certificate as the public reads it (issue 46, decision 0024): the page and the JSON for
// employers' systems show the same facts, with whether it is valid or revoked. Never stored by a
// cache: a revocation shows at once.
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import { publicCertificate } from "#app/domain/training/certificates.server.ts";
import { certificatePath } from "#app/domain/training/completion.ts";
import type { AppServices } from "#app/platform/context.ts";

/** Where the site's public signing keys are (the credential's `kid` names one). */
export const JWKS_PATH = "/.well-known/jwks.json";

export async function certificateView(
  services: Pick<AppServices, "db" | "env">,
  id: string | undefined,
) {
  const found = id ? await publicCertificate(services.db, id) : null;
  if (!found) return null;
  const { siteName } = await getSiteSettings(services.db);
  const site = services.env.SITE_URL.replace(/\/+$/, "");
  return {
    id: found.id,
    status: found.revokedAt ? ("revoked" as const) : ("valid" as const),
    name: found.name,
    course: found.courseTitle,
    hours: found.hours,
    startDate: found.startDay,
    endDate: found.endDay,
    issuedAt: found.issuedAt.toISOString(),
    revokedAt: found.revokedAt?.toISOString() ?? null,
    issuer: { name: siteName, url: site },
    url: `${site}${certificatePath(found.id)}`,
    /** The Open Badges 3.0 credential (VC-JWT, ES256), verifiable with `keys`. */
    credential: found.credential,
    keys: `${site}${JWKS_PATH}`,
  };
}

export type CertificateView = NonNullable<Awaited<ReturnType<typeof certificateView>>>;
