// The registration wizard's second and third steps (registration-wizard.tsx): the start date
// and schedule (a full date stays on the list, for its waitlist), and the payment with the order
// summary.
import type { StartDate } from "#app/domain/training/courses.server.ts";
import type { Selection } from "#app/domain/training/registration-wizard.server.ts";
import {
  CLASS_SCHEDULES,
  EXPERIENCE_LEVELS,
  formatDayLong,
  formatPrice,
  labelOf,
  PAYMENT_METHODS,
  type WizardTexts,
} from "#app/domain/training/training.ts";
import { type Refilled, refill, SelectField, TextArea, TextField } from "../ui/fields.tsx";
import { HeadedSection } from "../ui/headed-section.tsx";

/**
 * Step 3: the payment method, a company invoice's billing details and the order summary
 * (course, the start date and class schedule chosen in step 2, duration, total, what happens
 * about paying); on a full date, that it joins the waitlist. The billing fields and the notes
 * follow the chosen method by CSS (app.css, `#company-billing`), so it works without script.
 */
export function PaymentStep({
  selection,
  chosen,
  waitlistDate,
  texts,
  form,
}: {
  selection: Selection;
  /** Step 2's choices, as posted (the server checked them before answering step 3). */
  chosen: { startDate?: string; classSchedule?: string; company?: string };
  /** The chosen date when it is full (completing the form joins its waitlist). */
  waitlistDate: string | null;
  /** What happens about paying, by method, and on a waitlist (training.ts WIZARD_TEXTS). */
  texts: WizardTexts;
  form: Refilled;
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
          <p className="mt-1">{texts.waitlist}</p>
        </div>
      )}
      {!waitlistDate && (
        <>
          <SelectField
            label="Payment Method"
            required
            placeholder="Select payment method"
            options={PAYMENT_METHODS}
            {...refill(form, "paymentMethod")}
          />
          <CompanyBilling form={form} company={chosen.company ?? ""} />
        </>
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
        {!waitlistDate && (
          <ul className="mt-4 space-y-2 text-sm text-slate-600 dark:text-slate-300">
            {PAYMENT_METHODS.map((method) => (
              <li key={method.value} data-payment-note={method.value}>
                {method.label}: {texts.paymentNotes[method.value]}
              </li>
            ))}
          </ul>
        )}
      </HeadedSection>
    </>
  );
}

/**
 * A company invoice's details (no maxLength: a pasted value is refused with the limit named, not
 * cut short): who it is made out to (step 1's company unless changed), where
 * it is sent and the PO number to print on it. Required only for a company invoice.
 */
function CompanyBilling({ form, company }: { form: Refilled; company: string }) {
  return (
    <fieldset
      id="company-billing"
      className="space-y-5 rounded-xl border border-slate-200 p-5 dark:border-slate-700"
    >
      <legend className="font-semibold text-slate-900 dark:text-white">
        Company invoice details
      </legend>
      <TextField
        label="Company Name"
        required
        autoComplete="organization"
        {...refill(form, "billingCompany")}
        defaultValue={form.value("billingCompany") || company}
      />
      <TextArea label="Billing Address" required {...refill(form, "billingAddress")} />
      <TextField label="Billing Email" type="email" required {...refill(form, "billingEmail")} />
      <TextField label="PO Number (Optional)" {...refill(form, "poNumber")} />
    </fieldset>
  );
}

export function ScheduleStep({
  startDates,
  chosenDate,
  form,
  texts,
}: {
  startDates: StartDate[];
  chosenDate: string;
  form: Refilled;
  texts: WizardTexts;
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
            ? texts.noDates
            : startDates.some((d) => d.full)
              ? texts.fullDates
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
