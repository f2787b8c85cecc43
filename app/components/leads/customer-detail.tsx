// The body of a customer record's detail, the same on admin Customer Management and the sales
// dashboard: its status, deal and owner forms, the fields of the form it came from (and no
// others), its files, e-mail, notes and activity, the person's other records, and the way to
// delete it.

import { ConfirmDialog } from "#app/components/admin/admin-dialog.tsx";
import { AdminForm, FormActions } from "#app/components/admin/admin-form.tsx";
import { adminDangerLink } from "#app/components/admin/buttons.ts";
import { DetailNone, DetailSection, Fact, FactList } from "#app/components/admin/master-detail.tsx";
import { RowLink } from "#app/components/admin/screen.tsx";
import { ConsultationLines } from "#app/components/sales/consultations.tsx";
import { SelectField, TextArea, TextField } from "#app/components/ui/fields.tsx";
import { When } from "#app/components/ui/when.tsx";
import {
  AI_FEATURES,
  BUDGETS,
  TIMELINES,
  WEBSITE_TYPES,
} from "#app/domain/leads/ai-design-options.ts";
import type { CustomerDetail } from "#app/domain/leads/customer-detail.server.ts";
import type { SalesRep } from "#app/domain/leads/customers.server.ts";
import { FORM_LABELS, LEAD_STATUSES, NOTE_MAX } from "#app/domain/leads/customers.ts";
import { INQUIRY_TYPES, labelOf } from "#app/domain/leads/leads.ts";
import { centsToDollarsField, DEAL_PHASES } from "#app/domain/leads/records.schema.ts";
import { referencesOf } from "#app/domain/leads/reference.ts";
import { formatDay } from "#app/domain/settings/clock.ts";
import {
  CLASS_SCHEDULES,
  EXPERIENCE_LEVELS,
  formatPrice,
  PAYMENT_METHODS,
} from "#app/domain/training/training.ts";
import type { CustomerWithConsultations } from "#app/web/customer-detail.server.ts";
import type { ActionFailure } from "#app/web/form-action.server.ts";
import {
  ActivityLines,
  FileList,
  LaterInquiries,
  MailDelivery,
  NoteList,
} from "./customer-records.tsx";

/** The detail's own forms: their refusals show in the form, not in the screen's notice. */
export const RECORD_FORM_INTENTS = ["status", "assign", "deal", "note", "keep-owner"] as const;

/** A stored value that is not one of the list shows, but cannot be chosen again. */
function withStored(options: readonly string[], stored: string) {
  return [
    ...(options.includes(stored) ? [] : [{ value: stored, label: stored, disabled: true }]),
    ...options.map((o) => ({ value: o, label: o })),
  ];
}

export function CustomerDetails({
  customer: c,
  salesReps,
  canAssign,
  recordHref,
  closeTo,
  deleteTo,
  confirmDelete,
  failure,
}: {
  customer: CustomerWithConsultations;
  /** The refusal of the last post, shown on its form. */
  failure?: ActionFailure | null;
  salesReps: SalesRep[];
  /** Admins and managers choose the owner; a sales rep sees who it is. */
  canAssign: boolean;
  /** The screen's address with another record selected (the person's other records). */
  recordHref?: (id: number) => string;
  /** The screen's address with this record selected. */
  closeTo: string;
  /** The same with the delete confirmation open. */
  deleteTo: string;
  confirmDelete: boolean;
}) {
  const reg = c.registration;
  // What the visitor quotes when they call: the first submission's, then each later inquiry's.
  const references = referencesOf(c);
  const inline = "flex items-end gap-2";
  return (
    <>
      {c.returnedAt && (
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <p>
            <strong>Returning contact:</strong> {c.name} wrote again through the website on{" "}
            <When at={c.returnedAt} /> while {c.assignee?.name ?? "a sales rep"} owned the record.
            {canAssign
              ? " Keep it with them, or assign it to someone else."
              : " A manager decides who works it."}
          </p>
          {canAssign && c.assignee && (
            <AdminForm intent="keep-owner" id={c.id} failure={failure} className="mt-2">
              <FormActions
                submit={`Keep with ${c.assignee.name}`}
                busy="Saving..."
                className="flex"
              />
            </AdminForm>
          )}
        </div>
      )}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <AdminForm intent="status" id={c.id} failure={failure} className={inline}>
          <div className="min-w-0 flex-1">
            <SelectField
              key={c.status}
              label="Status"
              name="status"
              defaultValue={c.status}
              options={withStored(LEAD_STATUSES, c.status)}
            />
          </div>
          <InlineSave verb="Update" what="status" />
        </AdminForm>
        {canAssign ? (
          <AdminForm intent="assign" id={c.id} failure={failure} className={inline}>
            <input type="hidden" name="assignedFrom" value={c.assignedTo ?? ""} />
            <div className="min-w-0 flex-1">
              <SelectField
                key={c.assignedTo ?? "none"}
                label="Sales rep"
                name="userId"
                placeholder="Unassigned (New leads)"
                defaultValue={c.assignedTo ? String(c.assignedTo) : ""}
                options={[
                  ...(c.assignee && !salesReps.some((r) => r.id === c.assignee?.id)
                    ? [
                        {
                          value: String(c.assignee.id),
                          label: `${c.assignee.name} (inactive)`,
                          disabled: true,
                        },
                      ]
                    : []),
                  // The name; the address too only where two reps share a name.
                  ...salesReps.map((r) => ({
                    value: String(r.id),
                    label: salesReps.some((o) => o.id !== r.id && o.name === r.name)
                      ? `${r.name} (${r.email})`
                      : r.name,
                  })),
                ]}
              />
            </div>
            <FormActions submit="Assign" busy="Saving..." className="flex" />
          </AdminForm>
        ) : null}
        <AdminForm
          intent="deal"
          id={c.id}
          failure={failure}
          className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2 sm:col-span-2"
          defaults={{ phase: c.phase, dealValue: centsToDollarsField(c.dealValueCents) }}
        >
          <SelectField
            key={`phase-${c.phase}`}
            label="Phase"
            name="phase"
            defaultValue={c.phase}
            options={withStored(DEAL_PHASES, c.phase)}
          />
          <TextField
            key={`value-${c.dealValueCents}`}
            label="Deal value ($)"
            name="dealValue"
            defaultValue={centsToDollarsField(c.dealValueCents)}
          />
          <InlineSave verb="Save" what="deal" />
        </AdminForm>
      </div>

      <DetailSection title="Contact Information">
        <FactList>
          <Fact
            label={references.length > 1 ? "References" : "Reference"}
            value={references.join(", ")}
          />
          <Fact label="Email">
            <a
              href={`mailto:${c.email}`}
              className="break-all text-brand-700 underline dark:text-brand-300"
            >
              {c.email}
            </a>
          </Fact>
          <Fact label="Phone" value={c.phone} />
          <Fact label="Company" value={c.company} />
          <Fact label="Came from" value={FORM_LABELS[c.form] ?? c.form} />
          <Fact label="Source" value={c.source} />
          {c.sourcePage && <Fact label="First page" value={c.sourcePage} />}
          <Fact label="Sales rep" value={c.assignee?.name ?? "Unassigned (New leads)"} />
        </FactList>
      </DetailSection>

      <FormFields customer={c} />

      {c.inquiries.length > 0 && (
        <DetailSection title={`Later Inquiries (${c.inquiries.length})`}>
          <LaterInquiries inquiries={c.inquiries} />
        </DetailSection>
      )}

      {reg && (
        <DetailSection title="Course Registration">
          <FactList>
            <Fact label="Course" value={reg.course} />
            <Fact label="Cohort" value={`Starts ${formatDay(reg.startDate)}`} />
            <Fact label="Class schedule" value={labelOf(CLASS_SCHEDULES, reg.classSchedule)} />
            <Fact label="Experience" value={labelOf(EXPERIENCE_LEVELS, reg.experience)} />
            <Fact label="Payment method" value={labelOf(PAYMENT_METHODS, reg.paymentMethod)} />
            <Fact label="Price" value={formatPrice(reg.priceCents)} />
            {reg.comments && <Fact label="Comments" value={reg.comments} />}
          </FactList>
        </DetailSection>
      )}

      {(c.form === "ai-design" || c.files.length > 0) && (
        <DetailSection title="Uploaded Files">
          {c.files.length === 0 ? <DetailNone>No files.</DetailNone> : <FileList files={c.files} />}
        </DetailSection>
      )}

      <DetailSection title="E-mail Delivery">
        {c.mailMessages.length === 0 ? (
          <DetailNone>No e-mail was sent.</DetailNone>
        ) : (
          <MailDelivery messages={c.mailMessages} />
        )}
      </DetailSection>

      <DetailSection title="Notes">
        <NoteList legacyNotes={c.legacyNotes} notes={c.notes} />
      </DetailSection>
      <AdminForm intent="note" id={c.id} failure={failure} className="mt-3 space-y-2">
        <TextArea
          // A new note empties the box for the next one; an error keeps what was typed.
          key={c.notes.length}
          label="Add a note"
          name="note"
          rows={3}
          required
          maxLength={NOTE_MAX}
        />
        <FormActions submit="Add Note" busy="Adding..." className="flex" />
      </AdminForm>

      {c.consultations.length > 0 && (
        <DetailSection title="Consultations">
          <ConsultationLines consultations={c.consultations} />
        </DetailSection>
      )}

      <DetailSection title="Activity">
        <ActivityLines activity={c.activity} />
      </DetailSection>

      {c.related.length > 0 && (
        <DetailSection title="Other Records of This Person">
          <ul aria-label="Other records" className="space-y-1 text-sm">
            {c.related.map((r) => (
              <li key={r.id}>
                {recordHref ? (
                  <a
                    href={recordHref(r.id)}
                    className="text-brand-700 underline dark:text-brand-300"
                  >
                    {FORM_LABELS[r.form] ?? r.form}
                  </a>
                ) : (
                  (FORM_LABELS[r.form] ?? r.form)
                )}
                , <When at={r.createdAt} /> · {r.status} · {r.phase}
              </li>
            ))}
          </ul>
        </DetailSection>
      )}

      <div className="mt-8 border-t border-slate-200 pt-4 dark:border-slate-800">
        <RowLink to={deleteTo} icon="trash" className={adminDangerLink}>
          Delete customer
        </RowLink>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this customer?"
        closeTo={closeTo}
        fields={{ id: c.id, name: c.name }}
        confirm="Delete customer"
      >
        <p className="text-sm text-slate-700 dark:text-slate-200">
          The record, its files, notes and any booked deal are removed
          {reg ? ", and its seat goes back to the cohort" : ""}. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}

/** The fields of the form the record came from, and no others. */
function FormFields({ customer: c }: { customer: CustomerDetail }) {
  const message = (title: string) => (
    <DetailSection title={title}>
      <p
        data-testid="lead-message"
        className="text-sm break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200"
      >
        {c.message || "No message."}
      </p>
    </DetailSection>
  );
  switch (c.form) {
    case "ai-design":
      return (
        <>
          <DetailSection title="Project Details">
            <FactList>
              <Fact label="Website type" value={labelOf(WEBSITE_TYPES, c.websiteType)} />
              <Fact label="Budget range" value={labelOf(BUDGETS, c.budget)} />
              <Fact label="Timeline" value={labelOf(TIMELINES, c.timeline)} />
            </FactList>
          </DetailSection>
          <DetailSection title="AI Features Requested">
            {c.aiFeatures.length === 0 ? (
              <DetailNone>None</DetailNone>
            ) : (
              <ul aria-label="AI features" className="flex flex-wrap gap-2">
                {c.aiFeatures.map((f) => (
                  <li
                    key={f}
                    className="rounded-full bg-brand-100 px-3 py-1 text-sm font-medium break-all text-brand-900 dark:bg-brand-950 dark:text-brand-100"
                  >
                    {labelOf(AI_FEATURES, f)}
                  </li>
                ))}
              </ul>
            )}
          </DetailSection>
          {message("Project Description")}
        </>
      );
    case "general":
    case "consultation":
      return (
        <>
          <DetailSection title="Inquiry">
            <FactList>
              <Fact label="Inquiry type" value={labelOf(INQUIRY_TYPES, c.inquiryType)} />
            </FactList>
          </DetailSection>
          {message("Message")}
        </>
      );
    case "registration":
      return null;
    case "manual":
      return c.message ? message("Message") : null;
    default:
      return message("Message");
  }
}

/** The button of a one-field form in a row: the verb shows, what it saves is read out with it. */
function InlineSave({ verb, what }: { verb: string; what: string }) {
  return (
    <FormActions
      submit={
        <>
          {verb}
          <span className="sr-only"> {what}</span>
        </>
      }
      busy="Saving..."
      className="flex"
    />
  );
}
