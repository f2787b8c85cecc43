import { Form, Link } from "react-router";
import {
  adminButton,
  adminDanger,
  adminDangerLink,
  adminPrimary,
} from "#app/components/admin/buttons.ts";
import { StaffShell } from "#app/components/auth/staff-shell.tsx";
import { card, inputClass, SmallField } from "#app/components/sales/sales-ui.tsx";
import { When } from "#app/components/ui/when.tsx";
import { noStore } from "#app/domain/auth/guard.server.ts";
import {
  consultationPageAction,
  consultationPageLoader,
} from "#app/domain/bookings/booking-staff.server.ts";
import { INQUIRY_TYPES, labelOf } from "#app/domain/leads/leads.ts";
import { timeZoneLabel } from "#app/domain/settings/clock.ts";
import type { ActionFailure } from "#app/platform/form-action.server.ts";
import type { Route } from "./+types/consultation";

export const meta: Route.MetaFunction = () => [
  { title: "Consultation | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export const middleware = [noStore];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return consultationPageLoader(request, context, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return consultationPageAction(request, context, params.id);
}

const STATUS: Record<string, string> = {
  booked: "Booked",
  cancelled: "Cancelled",
};

export default function Consultation({ loaderData, actionData }: Route.ComponentProps) {
  const { booking: b, upcoming, started, times, done } = loaderData;
  const failure = actionData && !actionData.ok ? (actionData as ActionFailure) : null;
  const outcome = b.outcome === "held" ? "Held" : b.outcome === "no_show" ? "No-show" : "";
  return (
    <StaffShell area="Sales Dashboard" welcome="Consultation" signOutTo="/login">
      <p>
        <Link to="/sales-dashboard#consultations" className={adminButton}>
          Back to the dashboard
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        {b.typeName} with {b.name}
      </h1>
      <div
        role="status"
        className="mt-2 min-h-6 text-sm font-medium text-green-800 dark:text-green-300"
      >
        {done}
      </div>
      {failure && (
        <p
          role="alert"
          className="mt-2 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {failure.error}
        </p>
      )}
      <dl className={`${card} mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]`}>
        <dt className="font-medium text-slate-600 dark:text-slate-400">When</dt>
        <dd>
          <When at={b.startsAt} />
        </dd>
        <dt className="font-medium text-slate-600 dark:text-slate-400">Status</dt>
        <dd>
          {STATUS[b.status] ?? b.status}
          {outcome && `: ${outcome}`}
          {b.cancelReason && ` (${b.cancelReason})`}
        </dd>
        <dt className="font-medium text-slate-600 dark:text-slate-400">Consultant</dt>
        <dd>{b.consultantName}</dd>
        <dt className="font-medium text-slate-600 dark:text-slate-400">E-mail</dt>
        <dd>
          <a href={`mailto:${b.email}`} className="underline">
            {b.email}
          </a>
        </dd>
        <dt className="font-medium text-slate-600 dark:text-slate-400">Phone</dt>
        <dd>{b.phone}</dd>
        {b.company && (
          <>
            <dt className="font-medium text-slate-600 dark:text-slate-400">Company</dt>
            <dd>{b.company}</dd>
          </>
        )}
        <dt className="font-medium text-slate-600 dark:text-slate-400">Topic</dt>
        <dd>{labelOf(INQUIRY_TYPES, b.topic)}</dd>
        {b.message && (
          <>
            <dt className="font-medium text-slate-600 dark:text-slate-400">Message</dt>
            <dd className="whitespace-pre-line">{b.message}</dd>
          </>
        )}
        {b.leadId && (
          <>
            <dt className="font-medium text-slate-600 dark:text-slate-400">Customer record</dt>
            <dd>
              <Link
                to={`/sales-dashboard?customer=${b.leadId}#customer-detail`}
                className="underline"
              >
                Open the record
              </Link>
            </dd>
          </>
        )}
      </dl>

      {started && (
        <section aria-labelledby="outcome-title" className={`${card} mt-6`}>
          <h2 id="outcome-title" className="text-lg font-semibold text-slate-900 dark:text-white">
            How did it go?
          </h2>
          <Form method="post" className="mt-3 flex flex-wrap gap-3">
            <button type="submit" name="intent" value="held" className={adminPrimary}>
              Held
            </button>
            <button type="submit" name="intent" value="no_show" className={adminButton}>
              No-show
            </button>
          </Form>
        </section>
      )}

      {upcoming && (
        <section aria-labelledby="change-title" className={`${card} mt-6 space-y-6`}>
          <h2 id="change-title" className="text-lg font-semibold text-slate-900 dark:text-white">
            Change it
          </h2>
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <div className="min-w-64">
              <SmallField
                label={`New time (${timeZoneLabel(loaderData.timeZone)})`}
                id="move-start"
              >
                <select id="move-start" name="start" required className={inputClass}>
                  {times.map((t) => (
                    <option key={t.start} value={t.start}>
                      {t.label}
                    </option>
                  ))}
                </select>
              </SmallField>
            </div>
            <button type="submit" name="intent" value="move" className={adminPrimary}>
              Move and tell both
            </button>
          </Form>
          <details>
            <summary className={adminDangerLink}>Cancel this consultation...</summary>
            <Form method="post" className="mt-3 space-y-3">
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {b.name} and {b.consultantName} are e-mailed a cancellation that removes it from
                their calendars. This cannot be undone.
              </p>
              <SmallField label="Reason (told to both)" id="cancel-reason">
                <input id="cancel-reason" name="reason" maxLength={500} className={inputClass} />
              </SmallField>
              <button type="submit" name="intent" value="cancel" className={adminDanger}>
                Cancel the consultation
              </button>
            </Form>
          </details>
        </section>
      )}
    </StaffShell>
  );
}
