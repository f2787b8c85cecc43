import { Form, Link } from "react-router";
import { addressWith } from "#app/components/admin/address.ts";
import { AdminDialog } from "#app/components/admin/admin-dialog.tsx";
import { useRecordBusy } from "#app/components/admin/admin-form.tsx";
import { adminButton } from "#app/components/admin/buttons.ts";
import { RawDetails } from "#app/components/admin/raw-details.tsx";
import {
  adminMeta,
  Badge,
  badgeStyle,
  countOf,
  DataTable,
  Notice,
  noticeOf,
  ScreenHeader,
  TabNav,
} from "#app/components/admin/screen.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { When } from "#app/components/ui/when.tsx";
import {
  getMailContent,
  listMail,
  mailHealth,
  resendMail,
} from "#app/domain/mail/mail-log.server.ts";
import {
  isMailStatus,
  MAIL_HEALTH_RULE,
  MAIL_LOG_LIMIT,
  MAIL_STATUSES,
  MAIL_TEXTS,
  type MailContent,
  type MailLogEntry,
  type MailStatus,
  mailStatusLabels,
  mailSummary,
  recipientOf,
} from "#app/domain/mail/mail-log.ts";
import { done, fail, handleIntents, postedId } from "#app/web/form-action.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { parseId } from "#app/web/http.server.ts";
import type { Route } from "./+types/mail";

export const meta: Route.MetaFunction = () => adminMeta("Mail Log");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const raw = params.get("status");
  const status = isMailStatus(raw) ? raw : undefined;
  // "Show message": one message with its HTML, read only when asked for (the list stays light).
  const shownId = parseId(params.get("message") ?? undefined);
  const [messages, health, shown] = await Promise.all([
    listMail(services.db, { status }),
    mailHealth(services.db),
    shownId ? getMailContent(services.db, shownId) : null,
  ]);
  return {
    messages,
    health,
    shown,
    status: status ?? ("" as const),
    smtpConfigured: Boolean(services.env.SMTP_URL),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  return handleIntents(request, {
    resend: async (form, intent) => {
      const id = postedId(form);
      if (!id) return fail(intent, MAIL_TEXTS.notFound, 404);
      const result = await resendMail(services.db, services.outbox, id, actor);
      if (!result.ok) return fail(intent, result);
      return done(intent, `${MAIL_TEXTS.resent} (to ${result.value.to})`);
    },
  });
}

const statusStyle: Record<MailStatus, string> = {
  pending: badgeStyle.warning,
  sent: badgeStyle.success,
  failed: badgeStyle.danger,
};

const warning = "mt-4 rounded-lg border p-3 text-sm";

export default function MailLogPage({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, health, shown, status, smtpConfigured } = loaderData;
  const listPath = addressWith("/admin/mail", { status });
  const filters: { value: "" | MailStatus; label: string }[] = [
    { value: "", label: "All" },
    ...MAIL_STATUSES.map((s) => ({ value: s, label: mailStatusLabels[s] })),
  ];
  return (
    <>
      <ScreenHeader
        title="Mail Log"
        description="Every e-mail the site sent or is still sending, newest first. A message is retried with growing pauses; after the last attempt it is marked failed and can be resent."
      />
      {!smtpConfigured && (
        <p
          className={`${warning} border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100`}
        >
          No mail server is set up yet, so e-mails wait here as Pending (you can read them below)
          and go out as soon as whoever runs the site connects one.
        </p>
      )}
      {health.failed + health.retrying > 0 && (
        <p
          className={`${warning} border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100`}
        >
          {health.failed} failed in the last {MAIL_HEALTH_RULE.failedWithinDays} days;{" "}
          {health.retrying} still retrying after more than {MAIL_HEALTH_RULE.retryingForMinutes}{" "}
          minutes.
        </p>
      )}
      <Notice {...noticeOf(actionData)} />

      <TabNav
        label="Filter by status"
        tabs={filters.map((f) => ({
          to: f.value ? `/admin/mail?status=${f.value}` : "/admin/mail",
          label: f.label,
          current: f.value === status,
        }))}
      />

      <DataTable
        caption="E-mail messages, newest first"
        columns={["Queued", "Message", "Status", "Attempts", "Last error", "Actions"]}
        count={
          messages.length < MAIL_LOG_LIMIT
            ? countOf(messages.length, "message")
            : `The newest ${MAIL_LOG_LIMIT} messages`
        }
        empty={status ? `No ${mailStatusLabels[status].toLowerCase()} messages.` : "No e-mail yet."}
      >
        {messages.map((m) => (
          <MailRow
            key={m.id}
            message={m}
            showTo={addressWith("/admin/mail", { status, message: String(m.id) })}
          />
        ))}
      </DataTable>

      <AdminDialog
        open={Boolean(shown)}
        title="Message"
        description={shown ? `${shown.subject} (to ${shown.to})` : undefined}
        closeTo={listPath}
      >
        {shown && <MessageView message={shown} />}
      </AdminDialog>
    </>
  );
}

/** The message as its recipient sees it: the HTML in a frame that runs nothing, then the text. */
function MessageView({ message }: { message: MailContent }) {
  const heading = "mb-2 text-sm font-semibold text-slate-900 dark:text-white";
  return (
    <div className="space-y-6">
      <section aria-labelledby="mail-html">
        <h3 id="mail-html" className={heading}>
          HTML part
        </h3>
        {message.html ? (
          <iframe
            title={`The HTML part of "${message.subject}"`}
            srcDoc={message.html}
            // No permission at all: no script, no form, no navigation of this page, no origin.
            sandbox=""
            referrerPolicy="no-referrer"
            className="h-[36rem] w-full rounded-lg border border-slate-200 bg-white dark:border-slate-700"
          />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            None: this message was queued before the site sent HTML e-mail, and goes out (and is
            resent) as text only.
          </p>
        )}
      </section>
      <section aria-labelledby="mail-text">
        <h3 id="mail-text" className={heading}>
          Text part
        </h3>
        <pre className="rounded-md bg-slate-50 p-3 font-sans text-xs whitespace-pre-wrap dark:bg-slate-800">
          {message.body}
        </pre>
      </section>
      {message.attachments.length > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Attached: {message.attachments.join(", ")}
        </p>
      )}
    </div>
  );
}

function MailRow({ message: m, showTo }: { message: MailLogEntry; showTo: string }) {
  const busy = useRecordBusy(m.id);
  return (
    <tr data-testid={`mail-${m.id}`}>
      <td className="px-4 py-3 whitespace-nowrap">
        <When at={m.createdAt} />
        {m.sentAt && (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Sent <When at={m.sentAt} />
          </p>
        )}
      </td>
      <td className="max-w-md px-4 py-3">
        <p className="font-medium break-words text-slate-900 dark:text-white">{mailSummary(m)}</p>
        <p className="break-words text-slate-700 dark:text-slate-300">{m.subject}</p>
        <p className="break-all text-slate-600 dark:text-slate-300">To: {recipientOf(m)}</p>
        <Link
          to={showTo}
          preventScrollReset
          className="mt-1 inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
          aria-label={`Show message "${m.subject}" to ${m.to}`}
        >
          Show message
        </Link>
        {!m.hasHtml && (
          <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">(text only)</span>
        )}
        <RawDetails
          value={{
            id: m.id,
            template: m.template,
            to: m.to,
            status: m.status,
            attempts: m.attempts,
            lastError: m.lastError,
            createdAt: m.createdAt,
            sentAt: m.sentAt,
          }}
        />
      </td>
      <td className="px-4 py-3">
        <Badge className={statusStyle[m.status]}>{mailStatusLabels[m.status]}</Badge>
      </td>
      <td className="px-4 py-3">{m.attempts}</td>
      <td className="max-w-xs px-4 py-3 break-words">{m.lastError ?? "-"}</td>
      <td className="px-4 py-3">
        {m.status === "failed" && m.oneTimeLink && (
          <Link to="/admin/users" className="text-sm text-brand-700 underline dark:text-brand-300">
            One-time link: send a new one from Users
          </Link>
        )}
        {m.status === "failed" && !m.oneTimeLink && (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="id" value={m.id} />
            <button
              type="submit"
              className={adminButton}
              disabled={busy}
              aria-label={`Resend "${m.subject}" to ${m.to}`}
            >
              <Icon name="rotate-cw" className="size-4" />
              Resend
            </button>
          </Form>
        )}
      </td>
    </tr>
  );
}
