// /certificates/:id: anyone (an employer, a recruiter) checks a certificate without signing in
// (issue 46, decision 0024): the full details, as issued, and whether it is valid or revoked, so
// an edited PDF shows itself. Its JSON is at /api/certificates/:id. A content page: no framework
// script, never cached (a revocation shows at once).
import { data } from "react-router";
import { unlistedSeo } from "#app/components/seo.ts";
import { Icon } from "#app/components/ui/icons.tsx";
import { formatDate, formatDay } from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { appContext } from "#app/platform/context.ts";
import { AS_DOCUMENT, STATIC_PAGE } from "#app/platform/static-page.ts";
import { certificateView } from "#app/web/certificate.server.ts";
import { NO_STORE } from "#app/web/http.server.ts";
import type { Route } from "./+types/certificate";

export const handle = STATIC_PAGE;
export const clientMiddleware = AS_DOCUMENT;

const HEADERS = { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex" };
export const headers: Route.HeadersFunction = () => HEADERS;

export const meta: Route.MetaFunction = (args) =>
  unlistedSeo(args, [
    {
      title: args.loaderData
        ? `Certificate ${args.loaderData.id} | Sigma Technology Partners`
        : "Certificate not found | Sigma Technology Partners",
    },
  ]);

export async function loader({ context, params }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const view = await certificateView(services, params.id);
  if (!view) throw data(null, { status: 404, headers: HEADERS });
  const zone = await getTimeZone(services.db);
  return data(
    {
      ...view,
      issuedOn: formatDate(view.issuedAt, zone),
      revokedOn: view.revokedAt ? formatDate(view.revokedAt, zone) : null,
    },
    { headers: HEADERS },
  );
}

export default function Certificate({ loaderData: c }: Route.ComponentProps) {
  const valid = c.status === "valid";
  return (
    <main id="main" className="container-page max-w-3xl py-16">
      <p className="font-semibold text-brand-700 dark:text-brand-300">Certificate check</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Certificate of Completion
      </h1>
      <p
        className={`mt-6 flex items-start gap-3 rounded-lg border p-4 text-lg font-semibold ${
          valid
            ? "border-green-700 bg-green-50 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100"
            : "border-red-700 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        }`}
        data-testid="certificate-status"
      >
        <Icon
          name={valid ? "circle-check" : "triangle-exclamation-point"}
          className="mt-1 size-5 shrink-0"
        />
        {valid
          ? `Valid: ${c.issuer.name} issued this certificate to ${c.name}.`
          : `Revoked on ${c.revokedOn}: ${c.issuer.name} no longer stands behind this certificate.`}
      </p>
      <dl className="mt-8 grid gap-x-6 gap-y-4 sm:grid-cols-[max-content_1fr]">
        {[
          ["Name", c.name],
          ["Course", c.course],
          ["Hours", `${c.hours} hours of instruction`],
          ["Classes", `${formatDay(c.startDate)} to ${formatDay(c.endDate)}`],
          ["Issued", c.issuedOn],
          ["Issued by", c.issuer.name],
          ["Certificate ID", c.id],
        ].map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-slate-900 dark:text-white">{term}</dt>
            <dd className="break-words text-slate-700 dark:text-slate-300">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-8 text-slate-700 dark:text-slate-300">
        A PDF of this certificate should say the same: if a detail differs, the PDF was changed. For
        software: this certificate{" "}
        <a
          href={`/api/certificates/${c.id}`}
          className="text-brand-700 underline dark:text-brand-300"
        >
          as JSON
        </a>
        , with its Open Badges 3.0 credential signed by our{" "}
        <a href={c.keys} className="text-brand-700 underline dark:text-brand-300">
          published key
        </a>
        .
      </p>
    </main>
  );
}
