import { Link } from "react-router";
// The Settings tab: the logo, the brand details every public page shows, and the staff-only
// settings (never sent to a public page). Each is a form of its own; a save comes back to
// ?saved=<form>, and that form's card says so.
import { HISTORY_NOTICES, type ItemState } from "#app/domain/history/history.ts";
import { formatDayWithWeekday, formatMonthDay, US_TIME_ZONES } from "#app/domain/settings/clock.ts";
import type { ClosedDay } from "#app/domain/settings/closed-days.server.ts";
import type { SiteSettings } from "#app/domain/settings/settings.ts";
import { BLANK_SOCIAL_LINK, brandFields } from "#app/domain/settings/settings.ts";
import { STAFF_SETTING_LABELS, type StaffSettings } from "#app/domain/settings/staff-settings.ts";
import type { ActionDraft, ActionFailure } from "#app/web/form-action.server.ts";
import { AdminForm, FormActions } from "./admin-form.tsx";
import { adminButton } from "./buttons.ts";
import { RowAction } from "./confirm-button.tsx";
import { CONTACT_FIELDS } from "./contact-fields.ts";
import { row, SpecFields, text } from "./field-specs.tsx";
import { FormArea, FormCheckbox, FormSelect, FormText } from "./form-fields.tsx";
import { FormImage } from "./image-field.tsx";
import { ItemList } from "./list-items.tsx";
import { Notice, Panel, ScreenHeader } from "./screen.tsx";
import { DraftBase, VersionStatus } from "./version-status.tsx";

type Form = "logo" | "brand" | "clock" | "closed" | "staff";

export interface SettingsData {
  settings: SiteSettings;
  closedDays: ClosedDay[];
  /** The stored staff settings ("" where the default applies) and their defaults. */
  staff: StaffSettings;
  staffDefaults: StaffSettings;
  saved: Form | null;
  /** The brand's history line and open draft (decision 0021). */
  brandState: ItemState | null;
  brandDraft: Record<string, unknown> | null;
  /** A Publish or Discard on the history line just came back. */
  history: string | null;
  /** Card payments (issue 47): whether Stripe's keys are set, and the webhook's address. */
  stripe?: { connected: boolean; webhookUrl: string };
}

/** The action's answer: a refused save, or the brand form again after a list edit. */
export type SettingsAnswer = ActionFailure | ActionDraft;

const SAVED: Record<Form, string> = {
  logo: "Logo updated successfully!",
  brand: "Draft saved. Visitors see the live details until you publish them.",
  clock: "Time zone updated successfully!",
  closed: "Closed days updated.",
  staff: "Staff settings updated successfully!",
};

const BRAND_FIELDS = [
  row("sm:grid-cols-2", [
    text("site_name", "Site name", { required: true }),
    text("tagline", "Tagline"),
    ...CONTACT_FIELDS,
  ]),
];

/** The US zones, and the stored zone when it is another one (set before, or through the API). */
const zoneOptions = (current: string) =>
  US_TIME_ZONES.some((z) => z.value === current)
    ? US_TIME_ZONES
    : [...US_TIME_ZONES, { value: current, label: current }];

export function SettingsEditor({ data, answer }: { data: SettingsData; answer?: SettingsAnswer }) {
  const s = data.settings;
  const failure = answer?.ok === false ? answer : null;
  // What was saved, until the next answer (a refusal, a list edit) is about something else.
  const saved = (form: Form) => (
    <Notice message={!answer && data.saved === form ? SAVED[form] : undefined} />
  );
  const brand = brandFields(s);
  return (
    <>
      <ScreenHeader
        title="Settings"
        description="The logo and contact details shown in the header, the footer and on the contact pages."
      />

      <Panel title="Logo" titleId="logo-heading" className="mt-8">
        {saved("logo")}
        <AdminForm
          intent="logo"
          failure={failure}
          defaults={{ logo_url: s.logoUrl }}
          className="mt-4 space-y-4"
        >
          <FormImage
            name="logo_url"
            label="Logo URL"
            description="Recommended size: 200x50 px, PNG or WebP, max 1 MB. SVG files are not accepted. Leave empty to show the site name."
            alert={false}
          />
          <FormActions submit="Save Logo" busy="Saving..." />
        </AdminForm>
      </Panel>

      <Panel title="Site details" titleId="brand-heading" className="mt-6">
        {saved("brand")}
        <Notice message={HISTORY_NOTICES[data.history ?? ""]} />
        {data.brandState && (
          <VersionStatus state={data.brandState} returnTo="/admin/settings#brand-heading" />
        )}
        <AdminForm
          intent="brand"
          defaultSubmit="Save Draft"
          failure={failure}
          defaults={answer?.intent === "brand" ? answer.values : (data.brandDraft ?? brand)}
          className="mt-4 space-y-5"
        >
          <SpecFields fields={BRAND_FIELDS} />
          <fieldset className="space-y-4">
            <legend className="text-sm font-semibold text-slate-800 dark:text-slate-100">
              Social links
            </legend>
            <ItemList
              name="social_links"
              noun="link"
              row="sm:grid-cols-[12rem_1fr_auto]"
              blank={BLANK_SOCIAL_LINK}
              addLabel="Add social link"
            >
              {(prefix, _, n) => (
                <>
                  <FormText label={`Link ${n} name`} name={`${prefix}label`} required />
                  <FormText label={`Link ${n} URL`} name={`${prefix}url`} type="url" required />
                </>
              )}
            </ItemList>
          </fieldset>
          <DraftBase liveId={data.brandState?.live?.id} />
          <FormActions submit="Save Draft" busy="Saving draft..." />
        </AdminForm>
      </Panel>

      <Panel title="Dates and times" titleId="clock-heading" className="mt-6">
        {saved("clock")}
        <AdminForm
          intent="clock"
          failure={failure}
          defaults={{ time_zone: s.timeZone }}
          className="mt-4 space-y-4"
        >
          <FormSelect
            label="Company time zone"
            name="time_zone"
            options={zoneOptions(s.timeZone)}
            hint="Every date and time on the site, the staff screens and the e-mails is shown in this zone, with the zone named (for example CST or CDT)."
          />
          <FormActions submit="Save Time Zone" busy="Saving..." />
        </AdminForm>
      </Panel>

      <Panel
        title="Closed days"
        titleId="closed-heading"
        description="Days the company is closed: no consultation is offered and no class starts on them."
        className="mt-6"
      >
        {saved("closed")}
        {data.closedDays.length > 0 && (
          <ul
            aria-label="Closed days"
            className="mt-4 divide-y divide-slate-200 dark:divide-slate-800"
          >
            {data.closedDays.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <span>
                  <strong>{d.name}</strong>:{" "}
                  {d.yearly ? `${formatMonthDay(d.day)}, every year` : formatDayWithWeekday(d.day)}
                </span>
                <RowAction
                  intent="open-day"
                  id={d.id}
                  action="/admin/settings"
                  busy={false}
                  label={`Open again on ${d.name}`}
                >
                  Open again
                </RowAction>
              </li>
            ))}
          </ul>
        )}
        <AdminForm
          intent="closed-day"
          failure={failure}
          defaults={{ day: "", name: "", yearly: "" }}
          className="mt-4 grid items-end gap-4 sm:grid-cols-[auto_1fr_auto_auto]"
        >
          <FormText label="Date" name="day" type="date" required />
          <FormText label="Name" name="name" required />
          <FormCheckbox name="yearly" value="on" label="Every year" />
          <FormActions submit="Close this day" busy="Saving..." />
        </AdminForm>
      </Panel>

      <Panel
        title="Consultations"
        titleId="consultations-heading"
        description="What visitors can book at /consultation: each meeting type's length, buffers, notice, booking window and daily limit."
        className="mt-6"
      >
        <p className="mt-4">
          <Link to="/admin/consultations" className={adminButton}>
            Meeting types
          </Link>
        </p>
      </Panel>

      <Panel
        title="Staff settings"
        titleId="staff-heading"
        description="Only staff see these; no public page shows them."
        className="mt-6"
      >
        {saved("staff")}
        <AdminForm
          intent="staff"
          failure={failure}
          defaults={data.staff}
          className="mt-4 space-y-5"
        >
          <FormText
            label={STAFF_SETTING_LABELS.sales_email}
            name="sales_email"
            type="email"
            hint={`New inquiries and registrations are e-mailed to this address. Leave empty to use ${data.staffDefaults.sales_email}.`}
          />
          <div>
            <FormCheckbox
              name="require_admin_two_factor"
              value="on"
              label={STAFF_SETTING_LABELS.require_admin_two_factor}
            />
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              An admin without two-factor codes or a passkey is sent to their account page right
              after signing in, and can open nothing else until one is set up.
            </p>
          </div>
          <div>
            <FormCheckbox
              name="assign_leads_automatically"
              value="on"
              label={STAFF_SETTING_LABELS.assign_leads_automatically}
            />
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              Each new inquiry or registration goes to the next active sales rep in turn, who is
              e-mailed. When off, new leads wait in New leads for a manager to assign them.
            </p>
          </div>
          <FormText
            label={STAFF_SETTING_LABELS.student_cancel_days}
            name="student_cancel_days"
            type="number"
            hint={`Students cancel their own registration in the Training Portal until this many days before the class starts; after that they call. Leave empty for ${data.staffDefaults.student_cancel_days}.`}
          />
          <FormText
            label={STAFF_SETTING_LABELS.unconfirmed_holds_per_client}
            name="unconfirmed_holds_per_client"
            type="number"
            hint={`A new registration holds its seat for 24 hours until its address is confirmed. From one network (an office shares one), this many seats of a date are held unconfirmed; further registrations take their seat once their address is confirmed. Leave empty for ${data.staffDefaults.unconfirmed_holds_per_client}.`}
          />
          <FormText
            label={STAFF_SETTING_LABELS.hold_alert_per_hour}
            name="hold_alert_per_hour"
            type="number"
            hint={`A date filling with unconfirmed registrations this fast may be someone hoarding seats: the admins are e-mailed. Leave empty for ${data.staffDefaults.hold_alert_per_hour}.`}
          />
          <FormText
            label={STAFF_SETTING_LABELS.consultation_holds_per_network}
            name="consultation_holds_per_network"
            type="number"
            hint={`Choosing a consultation time holds it for 10 minutes while the visitor types their details. One network (an office shares one; an IPv6 network is its /64) holds this many times at once. Leave empty for ${data.staffDefaults.consultation_holds_per_network}.`}
          />
          <FormText
            label={STAFF_SETTING_LABELS.consultation_holds_per_hour}
            name="consultation_holds_per_hour"
            type="number"
            hint={`Each network and each browser chooses at most this many times an hour. Leave empty for ${data.staffDefaults.consultation_holds_per_hour}.`}
          />
          <FormText
            label={STAFF_SETTING_LABELS.company_invoice_days}
            name="company_invoice_days"
            type="number"
            hint={`A registration paid by company invoice is invoiced at once, due this many days later. Leave empty for ${data.staffDefaults.company_invoice_days}.`}
          />
          <FormText
            label={STAFF_SETTING_LABELS.bank_transfer_days}
            name="bank_transfer_days"
            type="number"
            hint={`A registration paid by bank transfer is invoiced at once, due this many days later. Leave empty for ${data.staffDefaults.bank_transfer_days}.`}
          />
          <div>
            <FormArea
              label={STAFF_SETTING_LABELS.invoice_bank_details}
              name="invoice_bank_details"
              rows={4}
              hint="Printed on every invoice under How to pay: the bank, the account name, the account and routing numbers."
            />
            {!data.staff.invoice_bank_details.trim() && (
              <p
                data-testid="bank-details-missing"
                className="mt-2 rounded bg-amber-100 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
              >
                <strong>Invoices print no bank details until you fill this in:</strong> an invoice
                issued before then has no How to pay section.
              </p>
            )}
          </div>
          <FormArea
            label={STAFF_SETTING_LABELS.invoice_tax_details}
            name="invoice_tax_details"
            rows={2}
            hint="Printed on every invoice, receipt and credit note, e.g. the company's EIN."
          />
          <FormText
            label={STAFF_SETTING_LABELS.refund_full_days}
            name="refund_full_days"
            type="number"
            hint={`The cancellation policy: a paid or invoiced registration cancelled until this many days before the start is credited (and a card refunded) in full. Leave empty for ${data.staffDefaults.refund_full_days}.`}
          />
          <FormText
            label={STAFF_SETTING_LABELS.refund_half_days}
            name="refund_half_days"
            type="number"
            hint={`Cancelled later but until this many days before the start: half. After that nothing, unless staff override with a reason. Leave empty for ${data.staffDefaults.refund_half_days}.`}
          />
          <FormText
            label={STAFF_SETTING_LABELS.checkout_minutes}
            name="checkout_minutes"
            type="number"
            hint={`A card checkout (Stripe) stays open this long, from 30 to 1440 minutes; the student can open a new one from the Training Portal. Leave empty for ${data.staffDefaults.checkout_minutes}.`}
          />
          {data.stripe && <StripeConnection {...data.stripe} />}
          <FormActions submit="Save Staff Settings" busy="Saving..." />
        </AdminForm>
      </Panel>
    </>
  );
}

/** Whether card payments are on, and how to connect a Stripe account when they are not. */
function StripeConnection({ connected, webhookUrl }: { connected: boolean; webhookUrl: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4 text-sm text-slate-700 [overflow-wrap:anywhere] dark:border-slate-700 dark:text-slate-300">
      <p className="font-semibold text-slate-900 dark:text-white">Card payments (Stripe)</p>
      {connected ? (
        <p className="mt-1">
          Connected: students paying by credit card are offered Pay now by card, and Stripe's events
          arrive at <code>{webhookUrl}</code>.
        </p>
      ) : (
        <>
          <p className="mt-1">
            Not connected: card registrations are arranged by a representative. To take card
            payments through Stripe Checkout:
          </p>
          <ol className="mt-1 list-decimal space-y-0.5 pl-5">
            <li>
              In the Stripe Dashboard, add a webhook endpoint <code>{webhookUrl}</code> sending the
              events <code>checkout.session.completed</code>,{" "}
              <code>checkout.session.async_payment_succeeded</code> and{" "}
              <code>checkout.session.expired</code>.
            </li>
            <li>
              Give whoever runs the site the account's secret key (sk_...) and that endpoint's
              signing secret (whsec_...): they add both to the site's configuration (the README's
              "Card payments" says how) and restart it.
            </li>
          </ol>
        </>
      )}
    </div>
  );
}
