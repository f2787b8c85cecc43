// The Registrations screen's parts (app/routes/admin/registrations.tsx): a row of the list and
// the selected registration with its facts, the actions its status allows, and its history.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminDialog } from "#app/components/admin/admin-dialog.tsx";
import { AdminForm, FormActions } from "#app/components/admin/admin-form.tsx";
import { adminButton, adminDangerLink } from "#app/components/admin/buttons.ts";
import { FormArea, FormSelect, FormText } from "#app/components/admin/form-fields.tsx";
import { DetailNone, DetailSection, Fact, FactList } from "#app/components/admin/master-detail.tsx";
import { Badge, badgeStyle } from "#app/components/admin/screen.tsx";
import { When } from "#app/components/ui/when.tsx";
import type { RegistrationMoney } from "#app/domain/billing/billing-views.server.ts";
import { formatAmount } from "#app/domain/billing/money.ts";
import { formatDay } from "#app/domain/settings/clock.ts";
import {
  type CancellationPreview,
  policyLine,
  refundLineOf,
} from "#app/domain/training/cancellation-policy.ts";
import { RECORDED_METHODS } from "#app/domain/training/registration-admin.schema.ts";
import type {
  RegistrationDetail,
  RegistrationRow,
} from "#app/domain/training/registration-queries.server.ts";
import {
  actionsFor,
  holdsSeat,
  isRegistrationStatus,
  type RegistrationStatus,
  STATUS_LABELS,
} from "#app/domain/training/registration-status.ts";
import {
  EXPERIENCE_LEVELS,
  formatPrice,
  labelOf,
  PAYMENT_METHODS,
} from "#app/domain/training/training.ts";
import type { ActionFailure } from "#app/web/form-action.server.ts";
import { BillingFacts, MoneySection } from "./registration-money.tsx";

const BADGES: Record<RegistrationStatus, string> = {
  pending: badgeStyle.warning,
  confirmed: badgeStyle.info,
  paid: badgeStyle.success,
  cancelled: badgeStyle.danger,
  completed: badgeStyle.muted,
  waitlisted: badgeStyle.muted,
  offered: badgeStyle.info,
  unconfirmed: badgeStyle.warning,
};

export function StatusBadge({ status }: { status: RegistrationStatus }) {
  return <Badge className={BADGES[status]}>{STATUS_LABELS[status]}</Badge>;
}

export function RegistrationSummary({ row: r }: { row: RegistrationRow }) {
  return (
    <>
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold break-all text-slate-900 dark:text-white">{r.name}</span>
        <StatusBadge status={r.status} />
      </span>
      <span className="block text-sm break-all text-slate-700 dark:text-slate-300">{r.email}</span>
      <span className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-400">
        <span>{r.course}</span>
        <span>Starts {formatDay(r.startDate)}</span>
        <span>{r.schedule}</span>
        {r.addressConfirmedAt ? (
          <span>
            Address confirmed <When at={r.addressConfirmedAt} kind="date" />
          </span>
        ) : (
          AWAITING_ADDRESS.includes(r.status) && <span>Address not confirmed yet</span>
        )}
      </span>
    </>
  );
}

/** The statuses whose seat or place depends on the student confirming their address. */
const AWAITING_ADDRESS: readonly RegistrationStatus[] = ["pending", "unconfirmed", "waitlisted"];

export function RegistrationDetails({
  registration: r,
  money,
  today,
  failure,
  cancelTo,
  closeTo,
  confirmCancel,
  cancelPreview = null,
}: {
  registration: RegistrationDetail;
  /** Its account (invoiced, credited, paid, refunded, due) and billing documents. */
  money: (RegistrationMoney & { dueCents: number }) | null;
  today: string;
  failure: ActionFailure | null;
  /** The address that asks "Cancel this registration?" (the dialog). */
  cancelTo: string;
  /** The registration's address without the question. */
  closeTo: string;
  confirmCancel: boolean;
  /** What cancelling credits and refunds by the policy (a paid or invoiced registration). */
  cancelPreview?: CancellationPreview | null;
}) {
  const actions = actionsFor(r.status, r.startDate, today);
  return (
    <>
      <DetailSection title="Student and course">
        <FactList>
          <Fact label="Email" value={r.email} />
          <Fact label="Phone" value={r.phone} />
          <Fact label="Company" value={r.company} />
          <Fact label="Course" value={r.course} />
          <Fact label="Start date">
            <time dateTime={r.startDate}>{formatDay(r.startDate)}</time>
          </Fact>
          <Fact label="Class schedule" value={r.schedule} />
          <Fact label="Price" value={formatPrice(r.priceCents)} />
          <Fact
            label="Payment method chosen"
            value={
              labelOf(PAYMENT_METHODS, r.paymentMethod) || "Not chosen yet (joined the waitlist)"
            }
          />
          {r.billing && <BillingFacts billing={r.billing} />}
          <Fact label="Experience" value={labelOf(EXPERIENCE_LEVELS, r.experience)} />
          <Fact label="Comments" value={r.comments} empty="None" />
          {r.cancelReason && <Fact label="Cancellation reason" value={r.cancelReason} />}
          <Fact label="E-mail address">
            {r.addressConfirmedAt ? (
              <>
                Confirmed by the student <When at={r.addressConfirmedAt} />
              </>
            ) : (
              "Not confirmed by the student"
            )}
          </Fact>
          {r.holdExpiresAt && r.status === "pending" && (
            <Fact label="Seat held until">
              <When at={r.holdExpiresAt} /> (the student has not confirmed their e-mail address;
              Confirm keeps the seat)
            </Fact>
          )}
          {r.holdExpiresAt && r.status === "unconfirmed" && (
            <Fact label="No seat yet">
              Its network already holds unconfirmed seats of this date: it takes a seat when the
              student confirms their address, by <When at={r.holdExpiresAt} />, or ends then.
            </Fact>
          )}
          {r.holdExpiresAt && r.status === "waitlisted" && (
            <Fact label="Place in line kept if confirmed by">
              <When at={r.holdExpiresAt} /> (the student has not confirmed their e-mail address)
            </Fact>
          )}
          {r.status === "offered" && r.offerExpiresAt && (
            <Fact label="Waitlist offer open until">
              <When at={r.offerExpiresAt} />
            </Fact>
          )}
        </FactList>
        <p className="mt-3 text-sm">
          <a
            href={`/admin/customers?lead=${r.leadId}`}
            className="font-medium text-brand-700 underline dark:text-brand-300"
          >
            Open the customer record
          </a>{" "}
          <span className="text-slate-600 dark:text-slate-400">(deal, notes and owner)</span>
        </p>
      </DetailSection>

      {money && <MoneySection money={money} />}

      <DetailSection title="Actions">
        {actions.length === 0 ? (
          <DetailNone>
            Nothing more can be done with a {STATUS_LABELS[r.status].toLowerCase()} registration.
          </DetailNone>
        ) : (
          <div className="space-y-4">
            {actions.includes("confirm") && (
              <ActionBox title="Confirm">
                <AdminForm intent="confirm" id={r.id} failure={failure} label="Confirm">
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    Confirming e-mails the student; if they have no Training Portal account, one is
                    made and the e-mail invites them to choose a password.
                  </p>
                  <FormActions submit="Confirm registration" busy="Confirming..." />
                </AdminForm>
              </ActionBox>
            )}
            {/* Whatever the status: a completed course's invoice, a cancellation's fee. */}
            {money && money.dueCents > 0 && (
              <ActionBox title="Record a payment">
                <AdminForm
                  intent="payment"
                  id={r.id}
                  failure={failure}
                  label="Record a payment"
                  defaults={{
                    receivedOn: today,
                    amount: (money.dueCents / 100).toFixed(2),
                    // An invoice is paid by bank transfer unless staff say cheque.
                    method: r.paymentMethod === "credit-card" ? "" : "bank-transfer",
                    reference: money.account.invoice?.number ?? "",
                  }}
                >
                  <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
                    A bank transfer or cheque received: a receipt is issued and e-mailed. Partial
                    payments add up; once nothing is due the registration is paid.
                  </p>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <FormText label="Date received" name="receivedOn" type="date" required />
                    <FormText
                      label="Amount ($)"
                      name="amount"
                      hint={`At most ${formatAmount(money.dueCents)}, what is due.`}
                      required
                    />
                    <FormSelect
                      label="Method"
                      name="method"
                      placeholder="Choose..."
                      options={RECORDED_METHODS}
                      required
                    />
                    <FormText label="Reference" name="reference" maxLength={100} />
                  </div>
                  <FormActions submit="Record payment" busy="Recording..." />
                </AdminForm>
              </ActionBox>
            )}
            {actions.includes("move") && (
              <ActionBox title="Move to another date">
                <AdminForm intent="move" id={r.id} failure={failure} label="Move to another date">
                  {r.moveTargets.length === 0 ? (
                    <DetailNone>This course has no other upcoming date to move to.</DetailNone>
                  ) : (
                    <>
                      <FormSelect
                        label="Move to"
                        name="cohortId"
                        placeholder="Choose a date..."
                        options={r.moveTargets.map((t) => ({
                          value: String(t.id),
                          label: `${formatDay(t.startDate)}, ${t.schedule} (${t.free > 0 ? `${t.free} seats free` : "full"})`,
                        }))}
                        required
                      />
                      <FormActions submit="Move the student" busy="Moving..." />
                    </>
                  )}
                </AdminForm>
              </ActionBox>
            )}
            {actions.includes("complete") && (
              <ActionBox title="Completed">
                <AdminForm intent="complete" id={r.id} failure={failure} label="Mark completed">
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    The class has started: mark the course completed for this student.
                  </p>
                  <FormActions submit="Mark completed" busy="Saving..." />
                </AdminForm>
              </ActionBox>
            )}
            {actions.includes("cancel") && (
              <ActionBox title="Cancel">
                <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
                  Ends the registration and e-mails the student; you are asked first.
                </p>
                <Link to={cancelTo} preventScrollReset className={adminDangerLink}>
                  Cancel registration...
                </Link>
              </ActionBox>
            )}
          </div>
        )}
      </DetailSection>

      <AdminDialog
        open={confirmCancel && actions.includes("cancel")}
        title="Cancel this registration?"
        closeTo={closeTo}
      >
        <AdminForm
          action={cancelTo}
          intent="cancel"
          id={r.id}
          failure={failure}
          label="Cancel registration"
          defaults={
            cancelPreview ? { creditAmount: (cancelPreview.policyCents / 100).toFixed(2) } : {}
          }
        >
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-200">
            <li>{r.name} is e-mailed that the registration is cancelled, with your reason.</li>
            <li>
              {holdsSeat(r.status)
                ? "The seat goes back to the date and is offered to the first person on its waitlist."
                : r.status === "unconfirmed"
                  ? "It holds no seat yet: no seat changes hands."
                  : "They leave the waitlist."}
            </li>
            {cancelPreview ? (
              <li data-testid="cancel-policy">
                {policyLine(cancelPreview)} {refundLineOf(cancelPreview)}
              </li>
            ) : (
              r.paidCents !== null && (
                <li>
                  They paid {formatPrice(r.paidCents)}: cancelling refunds nothing, so arrange the
                  refund with them.
                </li>
              )
            )}
            <li>This cannot be undone: to take part after all, they register again.</li>
          </ul>
          <FormArea
            label="Reason for cancelling"
            name="reason"
            rows={2}
            hint="Sent to the student in the cancellation e-mail."
            required
          />
          {cancelPreview && (
            <div className="grid gap-3 sm:grid-cols-3">
              <FormText
                label="Credit amount (override)"
                name="creditAmount"
                hint={`The policy's ${formatAmount(cancelPreview.policyCents)} unless you change it; at most ${formatAmount(cancelPreview.creditableCents)}.`}
              />
              <div className="sm:col-span-2">
                <FormArea
                  label="Reason for the override"
                  name="overrideReason"
                  rows={2}
                  hint="Required when the credit differs from the policy's; printed on the credit note."
                />
              </div>
            </div>
          )}
          <div className="flex flex-wrap justify-end gap-3 pt-2">
            <Link to={closeTo} preventScrollReset className={adminButton}>
              Keep the registration
            </Link>
            <FormActions
              submit="Cancel registration"
              busy="Cancelling..."
              danger
              className="contents"
            />
          </div>
        </AdminForm>
      </AdminDialog>

      <DetailSection title="History">
        <ol className="space-y-2 text-sm">
          {r.history.map((h) => (
            <li key={h.id} className="text-slate-700 dark:text-slate-300">
              <span className="font-medium text-slate-900 dark:text-white">
                <When at={h.at} />
              </span>{" "}
              {h.from === null
                ? `Registered (${isRegistrationStatus(h.to) ? STATUS_LABELS[h.to] : h.to})`
                : h.from === h.to
                  ? h.note || "Changed"
                  : `${isRegistrationStatus(h.from) ? STATUS_LABELS[h.from] : h.from} → ${isRegistrationStatus(h.to) ? STATUS_LABELS[h.to] : h.to}`}{" "}
              by {h.by}
              {h.byEmail && (
                <span className="text-slate-600 dark:text-slate-400"> ({h.byEmail})</span>
              )}
              {h.note && h.from !== h.to && (
                <span className="block text-slate-600 dark:text-slate-400">{h.note}</span>
              )}
            </li>
          ))}
        </ol>
      </DetailSection>
    </>
  );
}

/** One action on the detail, under its own heading. */
function ActionBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h4 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">{title}</h4>
      {children}
    </section>
  );
}
