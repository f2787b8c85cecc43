// /preview/{token}: where a preview link leads (decision 0021). A version with a public page is
// shown on that page (`?preview=`, read by the server for that one request); one without (a
// content block, a course that is not on sale) is shown here, field by field.
import { data, redirect } from "react-router";
import { CONTENT_LABELS } from "#app/domain/history/history.ts";
import { resolvePreview } from "#app/domain/history/preview-links.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import { noStore, TOKEN_PAGE_HEADERS } from "#app/web/guard.server.ts";
import { statusOf } from "#app/web/http.server.ts";
import type { Route } from "./+types/preview";

export const meta: Route.MetaFunction = () => [
  { title: "Preview | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export const middleware = [noStore];
export const headers = () => ({ ...TOKEN_PAGE_HEADERS, "X-Robots-Tag": "noindex, nofollow" });

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const token = params.secret;
  const found = await resolvePreview(db, env, token, currentTime(env));
  if (!found.ok) throw data({ linkRefused: found.error }, { status: statusOf(found.reason) });
  const shown = found.value;
  if (shown.path) {
    throw redirect(`${shown.path}?preview=${encodeURIComponent(token)}`, {
      headers: { "Cache-Control": "no-store", ...TOKEN_PAGE_HEADERS },
    });
  }
  const fields = Object.entries(shown.data).map(([name, value]) => ({
    name,
    value: typeof value === "string" ? value : JSON.stringify(value, null, 2),
  }));
  return {
    label: CONTENT_LABELS[shown.type],
    title: shown.title,
    versionId: shown.versionId,
    fields,
  };
}

export default function Preview({ loaderData }: Route.ComponentProps) {
  const { label, title, versionId, fields } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <p className="rounded bg-amber-300 px-3 py-2 text-sm font-medium text-slate-950">
        Preview of an unpublished version (version {versionId}). Visitors see the live version until
        it is published.
      </p>
      <h1 className="mt-6 text-3xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">{label}</p>
      <dl className="mt-6 divide-y divide-slate-200 dark:divide-slate-800">
        {fields.map((f) => (
          <div key={f.name} className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr]">
            <dt className="font-medium text-slate-700 dark:text-slate-300">{f.name}</dt>
            <dd className="break-words whitespace-pre-wrap text-slate-900 dark:text-slate-100">
              {f.value || "-"}
            </dd>
          </div>
        ))}
      </dl>
    </main>
  );
}
