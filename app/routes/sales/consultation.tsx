import { data, Form, Link, redirect } from "react-router";
import {
  adminButton,
  adminDanger,
  adminDangerLink,
  adminPrimary,
} from "#app/components/admin/buttons.ts";
import { StaffShell } from "#app/components/auth/staff-shell.tsx";
import { card, inputClass, SmallField } from "#app/components/sales/sales-ui.tsx";
import { When } from "#app/components/ui/when.tsx";
import {
  cancelBooking,
  formatNextTime,
  loadStaffBooking,
  moveBooking,
  nextFreeTimes,
  setOutcome,
  staffBooking,
} from "#app/domain/consultations/consultation-changes.server.ts";
import { loadBookingEmails } from "#app/domain/consultations/consultation-mail.server.ts";
import { INQUIRY_TYPES, labelOf } from "#app/domain/leads/leads.ts";
import { staffMailOf } from "#app/domain/mail/brand.server.ts";
import { formatDay, timeZoneLabel } from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { isCalendarDate } from "#app/platform/calendar-date.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import type { Result } from "#app/platform/result.ts";
import { type ActionFailure, fail, handleIntents, invalid } from "#app/web/form-action.server.ts";
import { noStore, requireRecordUser } from "#app/web/guard.server.ts";
import { parseId } from "#app/web/http.server.ts";
import type { Route } from "./+types/consultation";

// The staff page of one consultation: its facts, the consultant's next free times to move it to
// (asked again before anyone is e-mailed), cancelling, and once it has started, held (with notes
// and a follow-up day) or a no-show. A consultation outside the viewer's scope is not found.

export const meta: Route.MetaFunction = () => [
  { title: "Consultation | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export const middleware = [noStore];

const DONE = {
  moved: "Moved; both were e-mailed the new time.",
  cancelled: "Cancelled; both were e-mailed.",
  held: "Marked held.",
  no_show: "Marked a no-show.",
} as const;

const notFound = () => data({ error: "Consultation not found." }, { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, services } = await requireRecordUser(request, context);
  const id = parseId(params.id);
  const booking = id ? await staffBooking(services.db, user, id) : null;
  if (!id || !booking) throw notFound();
  const now = currentTime(services.env);
  const companyZone = await getTimeZone(services.db);
  const loaded = await loadStaffBooking(services.db, user, id, companyZone);
  const upcoming = booking.status === "booked" && new Date(booking.startsAt) > now;
  const times =
    upcoming && loaded
      ? await nextFreeTimes(services.db, loaded, now, companyZone, formatNextTime)
      : [];
  const search = new URL(request.url).searchParams;
  const done = search.get("done") ?? "";
  // "Move" asks first: the chosen time comes back in the address, with the question.
  const proposed = times.find((t) => t.start === search.get("move")) ?? null;
  return {
    booking,
    upcoming,
    started: booking.status === "booked" && new Date(booking.startsAt) <= now,
    times,
    proposed,
    timeZone: companyZone,
    done: done in DONE ? DONE[done as keyof typeof DONE] : "",
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, actor, services } = await requireRecordUser(request, context);
  const id = parseId(params.id);
  if (!id) throw notFound();
  const now = currentTime(services.env);
  const companyZone = await getTimeZone(services.db);
  const staff = { ...actor, user };
  const who = { kind: "staff" as const, actor: staff, id };
  const mail = async () => ({
    db: services.db,
    ...(await staffMailOf(services, loadBookingEmails)),
  });
  // Each change ends on the page again, its outcome in the status line.
  const answer = (intent: string, done: keyof typeof DONE) => (result: Result<unknown>) => {
    if (!result.ok) return fail(intent, result);
    throw redirect(`/sales-dashboard/consultations/${id}?done=${done}`);
  };
  return handleIntents(request, {
    move: async (form) =>
      answer(
        "move",
        "moved",
      )(await moveBooking(await mail(), who, String(form.get("start") ?? ""), now, companyZone)),
    cancel: async (form) => {
      const reason = String(form.get("reason") ?? "")
        .trim()
        .slice(0, 500);
      return answer(
        "cancel",
        "cancelled",
      )(await cancelBooking(await mail(), who, reason, now, companyZone));
    },
    held: async (form) => {
      const notes = String(form.get("notes") ?? "").trim();
      const followUpOn = String(form.get("followUpOn") ?? "").trim();
      const values = { notes, followUpOn };
      if (notes.length > 2000) {
        return invalid("held", { notes: "Keep the notes under 2,000 characters." }, values);
      }
      if (followUpOn && !isCalendarDate(followUpOn)) {
        return invalid("held", { followUpOn: "Choose a date of the calendar, or none." }, values);
      }
      return answer(
        "held",
        "held",
      )(
        await setOutcome(services.db, staff, id, "held", now, companyZone, {
          notes,
          followUpOn: followUpOn || null,
        }),
      );
    },
    no_show: async () =>
      answer(
        "no_show",
        "no_show",
      )(await setOutcome(services.db, staff, id, "no_show", now, companyZone)),
  });
}

const STATUS: Record<string, string> = {
  booked: "Booked",
  cancelled: "Cancelled",
};

export default function Consultation({ loaderData, actionData }: Route.ComponentProps) {
  const { booking: b, upcoming, started, times, proposed, done } = loaderData;
  const failure = actionData && !actionData.ok ? (actionData as ActionFailure) : null;
  const outcome = b.outcome === "held" ? "Held" : b.outcome === "no_show" ? "No-show" : "";
  const heldValues: Record<string, string> =
    failure?.intent === "held" ? ((failure.values ?? {}) as Record<string, string>) : {};
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
        {b.outcomeNotes && (
          <>
            <dt className="font-medium text-slate-600 dark:text-slate-400">Meeting notes</dt>
            <dd className="whitespace-pre-line">{b.outcomeNotes}</dd>
          </>
        )}
        {b.followUpOn && (
          <>
            <dt className="font-medium text-slate-600 dark:text-slate-400">Follow up on</dt>
            <dd>{formatDay(b.followUpOn)}</dd>
          </>
        )}
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
          <Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="held" />
            <SmallField label="Meeting notes (optional)" id="outcome-notes">
              <textarea
                id="outcome-notes"
                name="notes"
                rows={4}
                maxLength={2000}
                defaultValue={heldValues.notes ?? b.outcomeNotes}
                aria-invalid={failure?.fieldErrors?.notes ? true : undefined}
                className={inputClass}
              />
            </SmallField>
            <SmallField label="Follow up on (optional)" id="outcome-follow-up">
              <input
                id="outcome-follow-up"
                name="followUpOn"
                type="date"
                defaultValue={heldValues.followUpOn ?? b.followUpOn ?? ""}
                aria-invalid={failure?.fieldErrors?.followUpOn ? true : undefined}
                className={inputClass}
              />
            </SmallField>
            <button type="submit" className={adminPrimary}>
              Held
            </button>
          </Form>
          <Form method="post" className="mt-4">
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
          {proposed ? (
            <Form method="post" className="space-y-3">
              <p className="text-slate-800 dark:text-slate-200">
                Move it to <strong>{proposed.label}</strong> ({timeZoneLabel(loaderData.timeZone)})?{" "}
                {b.name} and {b.consultantName} are e-mailed the new time.
              </p>
              <input type="hidden" name="start" value={proposed.start} />
              <div className="flex flex-wrap gap-3">
                <button type="submit" name="intent" value="move" className={adminPrimary}>
                  Move and tell both
                </button>
                <Link to="." className={adminButton}>
                  Keep the time
                </Link>
              </div>
            </Form>
          ) : (
            <Form method="get" className="flex flex-wrap items-end gap-3">
              <div className="min-w-64">
                <SmallField
                  label={`New time (${timeZoneLabel(loaderData.timeZone)})`}
                  id="move-start"
                >
                  <select id="move-start" name="move" required className={inputClass}>
                    {times.map((t) => (
                      <option key={t.start} value={t.start}>
                        {t.label}
                      </option>
                    ))}
                  </select>
                </SmallField>
              </div>
              <button type="submit" className={adminPrimary}>
                Move...
              </button>
            </Form>
          )}
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
