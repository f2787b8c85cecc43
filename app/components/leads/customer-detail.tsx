// The body of Customer Management's detail panel: the lead's status and sales rep forms, its
// facts in sections, its files, e-mail and notes, the note form and the way to delete it.
import { ConfirmDialog } from "#app/components/admin/admin-dialog.tsx";
import { AdminForm, FormActions } from "#app/components/admin/admin-form.tsx";
import { adminDangerLink } from "#app/components/admin/buttons.ts";
import { DetailNone, DetailSection, Fact, FactList } from "#app/components/admin/master-detail.tsx";
import { RowLink } from "#app/components/admin/screen.tsx";
import { SelectField, TextArea } from "#app/components/ui/fields.tsx";
import type { CustomerDetail, SalesRep } from "#app/domain/leads/customers.server.ts";
import { isLeadStatus, LEAD_STATUSES, NOTE_MAX } from "#app/domain/leads/customers.ts";
import {
  AI_FEATURES,
  BUDGETS,
  INQUIRY_TYPES,
  labelOf,
  TIMELINES,
  WEBSITE_TYPES,
} from "#app/domain/leads/leads.ts";
import {
  CLASS_SCHEDULES,
  EXPERIENCE_LEVELS,
  formatDay,
  formatPrice,
  PAYMENT_METHODS,
} from "#app/domain/training/training.ts";
import { FileList, MailDelivery, NoteList } from "./customer-records.tsx";

export function CustomerDetails({
  customer: c,
  salesReps,
  closeTo,
  deleteTo,
  confirmDelete,
}: {
  customer: CustomerDetail;
  salesReps: SalesRep[];
  /** The screen's address with this lead selected. */
  closeTo: string;
  /** The same with the delete confirmation open. */
  deleteTo: string;
  confirmDelete: boolean;
}) {
  const reg = c.registration;
  return (
    <>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <AdminForm intent="status" id={c.id} className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <SelectField
              key={c.status}
              label="Status"
              name="status"
              defaultValue={c.status}
              options={[
                // A stored status that is not one of the list shows, but cannot be chosen again.
                ...(isLeadStatus(c.status)
                  ? []
                  : [{ value: c.status, label: c.status, disabled: true }]),
                ...LEAD_STATUSES.map((s) => ({ value: s, label: s })),
              ]}
            />
          </div>
          <FormActions
            submit={
              <>
                Update<span className="sr-only"> status</span>
              </>
            }
            busy="Saving..."
            className="flex"
          />
        </AdminForm>
        <AdminForm intent="assign" id={c.id} className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <SelectField
              key={c.assignedTo?.id ?? "none"}
              label="Sales rep"
              name="userId"
              placeholder="Unassigned"
              defaultValue={c.assignedTo ? String(c.assignedTo.id) : ""}
              options={[
                ...(c.assignedTo && !salesReps.some((r) => r.id === c.assignedTo?.id)
                  ? [
                      {
                        value: String(c.assignedTo.id),
                        label: `${c.assignedTo.name} (inactive)`,
                        disabled: true,
                      },
                    ]
                  : []),
                ...salesReps.map((r) => ({ value: String(r.id), label: `${r.name} (${r.email})` })),
              ]}
            />
          </div>
          <FormActions submit="Assign" busy="Saving..." className="flex" />
        </AdminForm>
      </div>

      <DetailSection title="Contact Information">
        <FactList>
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
          <Fact label="Source" value={c.source} />
          {c.sourcePage && <Fact label="First page" value={c.sourcePage} />}
          <Fact label="Assigned to" value={c.assignedTo?.name ?? "Unassigned"} />
        </FactList>
      </DetailSection>

      <DetailSection title="Project Details">
        <FactList>
          <Fact label="Inquiry type" value={labelOf(INQUIRY_TYPES, c.inquiryType)} />
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

      <DetailSection title="Project Description">
        <p
          data-testid="lead-message"
          className="text-sm break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200"
        >
          {c.message || "No description."}
        </p>
      </DetailSection>

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

      <DetailSection title="Uploaded Files">
        {c.files.length === 0 ? <DetailNone>No files.</DetailNone> : <FileList files={c.files} />}
      </DetailSection>

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
      <AdminForm intent="note" id={c.id} className="mt-3 space-y-2">
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
          The lead, its files and notes are removed
          {reg ? ", and its seat goes back to the cohort" : ""}. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
