import type { ReactNode } from "react";
import {
  data,
  Form,
  Link,
  type ShouldRevalidateFunction,
  useLoaderData,
  useNavigation,
} from "react-router";
import { DayTimes } from "#app/components/consultations/time-links.tsx";
import { withSeo } from "#app/components/seo.ts";
import { FormAlert, SubmitButton, TextField } from "#app/components/ui/fields.tsx";
import { bookerPage, changeByBooker } from "#app/domain/consultations/booker-link.server.ts";
import { CHANGE_TEXTS } from "#app/domain/consultations/consultation-changes.server.ts";
import { appContext } from "#app/platform/context.ts";
import { TOKEN_PAGE_HEADERS } from "#app/web/guard.server.ts";
import {
  BadInputError,
  BodyTooLargeError,
  NO_STORE,
  readForm,
  statusOf,
} from "#app/web/http.server.ts";
import type { Route } from "./+types/consultation-manage";

// The booker's page behind their one-time link (/consultation/manage?token=...). A link that no
// longer works answers 410 and says why.
const MANAGE_HEADERS = {
  ...TOKEN_PAGE_HEADERS,
  "Cache-Control": NO_STORE,
  "X-Robots-Tag": "noindex, nofollow",
};

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "Your consultation | Sigma Technology Partners" },
    { name: "robots", content: "noindex" },
  ]);

export const headers: Route.HeadersFunction = () => MANAGE_HEADERS;

// After a move or a cancellation the link is spent: the page shows what happened, and reading
// the link again would only say it no longer works.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) => (actionResult?.ok ? false : defaultShouldRevalidate);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await bookerPage(
    context.get(appContext),
    url.searchParams.get("token") ?? "",
    url.searchParams.get("start") ?? "",
  );
  if (!page) {
    return data(
      { state: "gone" as const, error: CHANGE_TEXTS.linkGone },
      { status: 410, headers: MANAGE_HEADERS },
    );
  }
  return data(page, { headers: MANAGE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  let form: FormData | null;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return data(
        { ok: false as const, error: error.message },
        { status: error.status, headers: MANAGE_HEADERS },
      );
    }
    if (!(error instanceof BadInputError)) throw error;
    form = error.cleaned();
  }
  const intent = String(form?.get("intent") ?? "");
  if (intent !== "cancel" && intent !== "move") {
    return data(
      { ok: false as const, error: "Unknown action." },
      { status: 400, headers: MANAGE_HEADERS },
    );
  }
  // The page again with what happened, or why nothing did.
  const result = await changeByBooker(
    context.get(appContext),
    intent === "cancel"
      ? {
          intent,
          token,
          reason: String(form?.get("reason") ?? "")
            .trim()
            .slice(0, 500),
        }
      : { intent, token, start: String(form?.get("start") ?? "") },
  );
  if (!result.ok) {
    return data(
      { ok: false as const, error: result.error },
      { status: statusOf(result.reason), headers: MANAGE_HEADERS },
    );
  }
  return data({ ok: true as const, ...result.value }, { headers: MANAGE_HEADERS });
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="container-page max-w-3xl py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        {title}
      </h1>
      {children}
    </main>
  );
}

export default function ConsultationManage({ actionData }: Route.ComponentProps) {
  const page = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  if (actionData?.ok) {
    return (
      <Frame
        title={
          actionData.done === "moved"
            ? "Your consultation is moved"
            : "Your consultation is cancelled"
        }
      >
        <p className="mt-6 text-lg text-slate-700 dark:text-slate-300">
          {actionData.done === "moved" ? (
            <>
              It is now on <strong>{actionData.when}</strong>. We e-mailed you the updated
              invitation, with a new link to change it again.
            </>
          ) : (
            "We e-mailed you the cancellation: it removes the meeting from your calendar."
          )}
        </p>
        <p className="mt-8">
          <Link to="/consultation" className="btn-primary">
            {actionData.done === "moved" ? "Book another consultation" : "Book another time"}
          </Link>
        </p>
      </Frame>
    );
  }
  if (page.state === "gone") {
    return (
      <Frame title="This link no longer works">
        <div className="mt-6">
          <FormAlert kind="error">{page.error}</FormAlert>
        </div>
        <p className="mt-8">
          <Link to="/consultation" className="btn-primary">
            Book a consultation
          </Link>
        </p>
      </Frame>
    );
  }
  const failure = actionData && !actionData.ok ? actionData.error : "";
  const self = (start?: string) =>
    `?token=${encodeURIComponent(page.token)}${start ? `&start=${encodeURIComponent(start)}` : ""}`;
  return (
    <Frame title="Your consultation">
      <p className="mt-6 text-lg text-slate-700 dark:text-slate-300">
        {page.typeName} with {page.consultant} on <strong>{page.when}</strong> ({page.zone}).
      </p>
      {failure && (
        <div className="mt-6">
          <FormAlert kind="error">{failure}</FormAlert>
        </div>
      )}
      {page.chosen ? (
        <section aria-labelledby="move-heading" className="mt-10">
          <h2 id="move-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
            Move it to {page.chosen.when}?
          </h2>
          <Form method="post" action={self()} className="mt-4 flex flex-wrap items-center gap-4">
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="start" value={page.chosen.start} />
            <SubmitButton busy={busy} label="Move my consultation" busyLabel="Moving..." />
            <Link to={self()} className="btn-secondary">
              Choose another time
            </Link>
          </Form>
        </section>
      ) : (
        <section aria-labelledby="times-heading" className="mt-10">
          <h2 id="times-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
            Choose another time
          </h2>
          {page.days.length === 0 ? (
            <p className="mt-4">No other free times in the coming weeks: please call us.</p>
          ) : (
            <DayTimes days={page.days} href={self} />
          )}
        </section>
      )}
      <section
        aria-labelledby="cancel-heading"
        className="mt-12 border-t border-slate-200 pt-8 dark:border-slate-800"
      >
        <h2 id="cancel-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
          Cancel it
        </h2>
        <Form method="post" action={self()} className="mt-4 max-w-lg space-y-4">
          <input type="hidden" name="intent" value="cancel" />
          <TextField label="Reason (optional)" name="reason" maxLength={500} />
          <button type="submit" className="btn-secondary text-red-700 dark:text-red-300">
            Cancel my consultation
          </button>
        </Form>
      </section>
    </Frame>
  );
}
