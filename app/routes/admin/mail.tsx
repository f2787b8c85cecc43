import { data, Form, Link, useNavigation } from "react-router";
import { adminButton } from "#app/components/admin/admin-dialog.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import { listMail, mailHealth, resendMail } from "#app/domain/mail/mail-log.server.ts";
import {
  isMailStatus,
  MAIL_HEALTH_RULE,
  MAIL_STATUSES,
  MAIL_TEXTS,
  type MailLogEntry,
  type MailStatus,
  mailStatusLabels,
} from "#app/domain/mail/mail-log.ts";
import { parseId } from "#app/platform/http.server.ts";
import type { Route } from "./+types/mail";

export const meta: Route.MetaFunction = () => [
  { title: "Mail Log | Admin | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const raw = new URL(request.url).searchParams.get("status");
  const status = isMailStatus(raw) ? raw : undefined;
  const [messages, health] = await Promise.all([
    listMail(services.db, { status }),
    mailHealth(services.db),
  ]);
  return {
    messages,
    health,
    status: status ?? ("" as const),
    smtpConfigured: Boolean(services.env.SMTP_URL),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const form = await request.formData().catch(() => null);
  if (form?.get("intent") !== "resend") {
    return data({ ok: false as const, error: "Unknown action." }, 400);
  }
  const id = parseId(String(form.get("id") ?? ""));
  if (!id) return data({ ok: false as const, error: MAIL_TEXTS.notFound }, 404);
  const result = await resendMail(services.db, services.outbox, id, actor);
  if (!result.ok) return data({ ok: false as const, error: result.error }, result.status);
  return { ok: true as const, message: `${MAIL_TEXTS.resent} (to ${result.message.to})` };
}

const statusStyle: Record<MailStatus, string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  sent: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
};

const when = (iso: string) => `${iso.replace("T", " ").slice(0, 16)} UTC`;

export default function MailLogPage({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, health, status, smtpConfigured } = loaderData;
  const filters: { value: "" | MailStatus; label: string }[] = [
    { value: "", label: "All" },
    ...MAIL_STATUSES.map((s) => ({ value: s, label: mailStatusLabels[s] })),
  ];
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Mail Log</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Every e-mail the site sent or is still sending, newest first. A message is retried with
        growing pauses; after the last attempt it is marked failed and can be resent.
      </p>
      {!smtpConfigured && (
        <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          No mail server is configured (SMTP_URL): messages stay pending here, readable below, and
          go out once the site starts with one.
        </p>
      )}
      {health.failed + health.retrying > 0 && (
        <p className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {health.failed} failed in the last {MAIL_HEALTH_RULE.failedWithinDays} days;{" "}
          {health.retrying} still retrying after more than {MAIL_HEALTH_RULE.retryingForMinutes}{" "}
          minutes.
        </p>
      )}
      <p role="status" className="mt-4 empty:hidden">
        {actionData?.ok && (
          <span className="block rounded-lg bg-green-50 p-3 text-green-800 dark:bg-green-950 dark:text-green-200">
            {actionData.message}
          </span>
        )}
      </p>
      {actionData && !actionData.ok && (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {actionData.error}
        </p>
      )}

      <nav
        aria-label="Filter by status"
        className="mt-6 border-b border-slate-200 dark:border-slate-800"
      >
        <ul className="-mb-px flex flex-wrap gap-1">
          {filters.map((f) => (
            <li key={f.value}>
              <Link
                to={f.value ? `/admin/mail?status=${f.value}` : "/admin/mail"}
                aria-current={f.value === status ? "page" : undefined}
                className={`block rounded-t-lg border-b-2 px-4 py-2 text-sm font-medium ${
                  f.value === status
                    ? "border-brand-600 text-brand-800 dark:border-brand-400 dark:text-brand-200"
                    : "border-transparent text-slate-700 hover:border-slate-300 dark:text-slate-300"
                }`}
              >
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {messages.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
          {status ? `No ${mailStatusLabels[status].toLowerCase()} messages.` : "No e-mail yet."}
        </p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">E-mail messages, newest first</caption>
            <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Queued
                </th>
                <th scope="col" className="px-4 py-2">
                  Message
                </th>
                <th scope="col" className="px-4 py-2">
                  Status
                </th>
                <th scope="col" className="px-4 py-2">
                  Attempts
                </th>
                <th scope="col" className="px-4 py-2">
                  Last error
                </th>
                <th scope="col" className="px-4 py-2">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 align-top text-slate-800 dark:divide-slate-800 dark:text-slate-100">
              {messages.map((m) => (
                <MailRow key={m.id} message={m} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function MailRow({ message: m }: { message: MailLogEntry }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === String(m.id);
  return (
    <tr data-testid={`mail-${m.id}`}>
      <td className="px-4 py-3 whitespace-nowrap">
        <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
        {m.sentAt && (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Sent <time dateTime={m.sentAt}>{when(m.sentAt)}</time>
          </p>
        )}
      </td>
      <td className="max-w-md px-4 py-3">
        <p className="font-medium break-words text-slate-900 dark:text-white">{m.subject}</p>
        <p className="break-all text-slate-600 dark:text-slate-300">To: {m.to}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">{m.template}</p>
        <details className="mt-1">
          <summary className="cursor-pointer text-sm font-medium text-brand-700 dark:text-brand-300">
            Show message
          </summary>
          <pre className="mt-2 rounded-md bg-slate-50 p-2 font-sans text-xs whitespace-pre-wrap dark:bg-slate-800">
            {m.body}
          </pre>
        </details>
      </td>
      <td className="px-4 py-3">
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusStyle[m.status]}`}>
          {mailStatusLabels[m.status]}
        </span>
      </td>
      <td className="px-4 py-3">{m.attempts}</td>
      <td className="max-w-xs px-4 py-3 break-words">{m.lastError ?? "-"}</td>
      <td className="px-4 py-3">
        {m.status === "failed" && (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="id" value={m.id} />
            <button
              type="submit"
              className={adminButton}
              disabled={busy}
              aria-label={`Resend "${m.subject}" to ${m.to}`}
            >
              <Icon name="rotate-cw" className="size-4" aria-hidden="true" />
              Resend
            </button>
          </Form>
        )}
      </td>
    </tr>
  );
}
