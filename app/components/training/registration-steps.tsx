// The registration wizard's second and third steps (registration-wizard.tsx): the start date
// and schedule (a full date stays on the list, for its waitlist), and the payment with the order
// summary.
import { useRouteLoaderData } from "react-router";
import type { StartDate } from "#app/domain/training/courses.server.ts";
import type { Selection } from "#app/domain/training/registration-wizard.server.ts";
import {
  CLASS_SCHEDULES,
  EXPERIENCE_LEVELS,
  formatDayLong,
  formatPrice,
  labelOf,
  OFFER_HOURS,
  PAYMENT_METHODS,
} from "#app/domain/training/training.ts";
import { type Refilled, refill, SelectField, TextArea } from "../ui/fields.tsx";
import { HeadedSection } from "../ui/headed-section.tsx";

/**
 * Step 3: the payment method and the order summary (course, the start date and class schedule
 * chosen in step 2, duration, total); on a full date, that it joins the waitlist.
 */
export function PaymentStep({
  selection,
  chosen,
  waitlistDate,
  error,
  paymentMethod,
}: {
  selection: Selection;
  /** Step 2's choices, as posted (the server checked them before answering step 3). */
  chosen: { startDate?: string; classSchedule?: string };
  /** The chosen date when it is full (completing the form joins its waitlist). */
  waitlistDate: string | null;
  error?: string;
  paymentMethod?: string;
}) {
  const rows: [string, string][] = [
    ["Course", selection.course.title],
    ["Start date", chosen.startDate ? formatDayLong(chosen.startDate) : ""],
    ["Class schedule", labelOf(CLASS_SCHEDULES, chosen.classSchedule ?? "")],
    ["Duration", selection.course.duration],
  ];
  return (
    <>
      {waitlistDate && (
        <div
          role="note"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <input type="hidden" name="waitlist" value="1" />
          <p className="font-semibold">
            {formatDayLong(waitlistDate)} is full: you are joining its waitlist.
          </p>
          <p className="mt-1">
            Nothing is charged and no payment method is needed now. When a seat frees, the first
            person waiting is e-mailed a link to take it, and the seat is held for them for{" "}
            {OFFER_HOURS} hours; once you take it, a representative contacts you to arrange payment.
          </p>
        </div>
      )}
      {!waitlistDate && (
        <SelectField
          label="Payment Method"
          name="paymentMethod"
          required
          placeholder="Select payment method"
          options={PAYMENT_METHODS}
          error={error}
          defaultValue={paymentMethod}
        />
      )}
      <HeadedSection
        id="order-summary-heading"
        title="Order Summary"
        level={3}
        className="rounded-xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-700 dark:bg-slate-800/60"
        titleClassName="font-semibold text-slate-900 dark:text-white"
      >
        <dl className="mt-3 space-y-2 text-sm text-slate-700 dark:text-slate-200">
          {rows.map(([label, value], i) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="shrink-0">{label}</dt>
              <dd className={i === 0 ? "text-right font-medium" : "text-right"}>{value}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base dark:border-slate-700">
            <dt className="font-semibold">Total</dt>
            <dd className="font-bold text-slate-900 dark:text-white" data-testid="order-total">
              {formatPrice(selection.course.priceCents)}
            </dd>
          </div>
        </dl>
        {!waitlistDate && <PaymentPromise />}
      </HeadedSection>
    </>
  );
}

export function ScheduleStep({
  startDates,
  chosenDate,
  form,
}: {
  startDates: StartDate[];
  chosenDate: string;
  form: Refilled;
}) {
  const { errors, value } = form;
  const day = startDates.find((d) => d.date === chosenDate);
  // The chosen date's schedules; before a date is chosen (or without script), every one offered.
  // A full one stays on the list: choosing it joins its waitlist.
  const offered = day ? day.schedules : startDates.flatMap((d) => d.schedules);
  const schedules = [...new Set(offered.map((s) => s.value))];
  const fullOnDay = new Set(day?.schedules.filter((s) => s.full).map((s) => s.value));
  return (
    <>
      <SelectField
        label="Years of Experience"
        required
        placeholder="Select experience"
        options={EXPERIENCE_LEVELS}
        {...refill(form, "experience")}
      />
      <SelectField
        label="Preferred Start Date"
        name="startDate"
        required
        placeholder="Select start date"
        options={startDates.map((d) => ({
          value: d.date,
          label: d.full
            ? `${formatDayLong(d.date)} (full: join the waitlist)`
            : formatDayLong(d.date),
        }))}
        error={errors.startDate}
        defaultValue={
          startDates.some((d) => d.date === value("startDate")) ? value("startDate") : ""
        }
        hint={
          startDates.length === 0
            ? "No upcoming start dates are scheduled. Please call us."
            : startDates.some((d) => d.full)
              ? "A full date takes a waitlist: choose it to be offered the first seat that frees."
              : undefined
        }
      />
      <SelectField
        key={chosenDate}
        label="Class Schedule"
        name="classSchedule"
        required
        placeholder="Select schedule"
        options={CLASS_SCHEDULES.filter((s) => schedules.includes(s.value)).map((s) =>
          fullOnDay.has(s.value) ? { ...s, label: `${s.label} (full: waitlist)` } : s,
        )}
        error={errors.classSchedule}
        defaultValue={
          schedules.includes(value("classSchedule") as never)
            ? value("classSchedule")
            : schedules.length === 1 && day
              ? schedules[0]
              : ""
        }
      />
      <TextArea label="Additional Comments" rows={4} {...refill(form, "comments")} />
    </>
  );
}

/**
 * What happens about paying (issue 47): with Stripe set up (the register route's loader says so)
 * a credit card is paid on Stripe's page right after registering; without it, a representative
 * finalizes every method, as before.
 */
function PaymentPromise() {
  const page = useRouteLoaderData("routes/site/training/register") as
    | { cardPayments?: boolean }
    | undefined;
  return (
    <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
      {page?.cardPayments
        ? "Paying by credit card? Right after you register, you pay by card on Stripe's secure checkout page and your receipt follows by e-mail. For the other methods, a representative will contact you to finalize payment arrangements."
        : "A representative will contact you to schedule a meet and greet session and finalize payment arrangements."}
    </p>
  );
}
