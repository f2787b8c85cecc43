// A course's cohorts on its Course Management page: the table (edit, delete after the browser's
// "are you sure?") and the form that adds one or edits the chosen one.
import { AdminForm, FormActions, useRecordBusy } from "#app/components/admin/admin-form.tsx";
import { adminButton } from "#app/components/admin/buttons.ts";
import { ConfirmButton } from "#app/components/admin/confirm-button.tsx";
import { EditorPanel } from "#app/components/admin/editor-panel.tsx";
import { FormSelect, FormText } from "#app/components/admin/form-fields.tsx";
import { DataTable, RowLink } from "#app/components/admin/screen.tsx";
import { formatDay } from "#app/domain/settings/clock.ts";
import { COHORT_CAPACITY_MAX } from "#app/domain/training/course-admin.schema.ts";
import type { StaffCohort } from "#app/domain/training/courses-admin.server.ts";
import type { RegistrationCounts } from "#app/domain/training/registration-queries.server.ts";
import { REGISTRATION_STATUSES, STATUS_LABELS } from "#app/domain/training/registration-status.ts";
import { CLASS_SCHEDULES, labelOf, seatsTakenText } from "#app/domain/training/training.ts";
import type { ActionFailure } from "#app/web/form-action.server.ts";

const cell = "px-3 py-2";

export function CohortTable({
  caption,
  cohorts,
  courseId,
  counts,
  action,
  empty,
}: {
  caption: string;
  cohorts: StaffCohort[];
  courseId: number;
  /** Each cohort's registrations by status. */
  counts: RegistrationCounts;
  /** The course's address (the row forms post there). */
  action: string;
  empty?: string;
}) {
  return (
    <DataTable
      caption={caption}
      showCaption
      columns={["Start date", "Schedule", "Capacity", "Seats taken", "Registrations", "Actions"]}
      empty={empty}
    >
      {cohorts.map((cohort) => (
        <CohortRow
          key={cohort.id}
          cohort={cohort}
          registrations={`/admin/registrations?course=${courseId}&cohort=${cohort.id}`}
          classes={`/admin/courses/${courseId}/cohorts/${cohort.id}`}
          counts={counts[cohort.id] ?? {}}
          action={action}
        />
      ))}
    </DataTable>
  );
}

function CohortRow({
  cohort: c,
  registrations,
  classes,
  counts,
  action,
}: {
  cohort: StaffCohort;
  /** The cohort on the Registrations screen. */
  registrations: string;
  /** The cohort's classes (move, cancel, add one). */
  classes: string;
  counts: RegistrationCounts[number];
  action: string;
}) {
  const schedule = labelOf(CLASS_SCHEDULES, c.classSchedule);
  const name = `${formatDay(c.startDate)} ${schedule.split(" (")[0]}`;
  const busy = useRecordBusy(c.id);
  return (
    <tr data-testid={`cohort-${c.id}`}>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={c.startDate}>{formatDay(c.startDate)}</time>
      </td>
      <td className={cell}>{schedule}</td>
      <td className={cell}>{c.capacity}</td>
      <td className={cell}>{c.seatsTaken}</td>
      <td className={cell}>
        <RegistrationsCell href={registrations} counts={counts} name={name} />
      </td>
      <td className={cell}>
        <div className="flex gap-2">
          <RowLink
            to={classes}
            icon="calendar-days"
            label={`Classes of the cohort ${name}`}
            className={adminButton}
          >
            Classes
          </RowLink>
          <RowLink
            to={`?cohort=${c.id}#cohort-editor`}
            icon="pencil"
            label={`Edit cohort ${name}`}
            className={adminButton}
          >
            Edit
          </RowLink>
          <ConfirmButton
            action={action}
            question={`Delete the cohort ${name}? It disappears from the public pages at once, whatever the course's draft.`}
            fields={{ intent: "delete-cohort", id: c.id }}
            label={`Delete cohort ${name}`}
            disabled={busy}
          >
            Delete
          </ConfirmButton>
        </div>
      </td>
    </tr>
  );
}

/** How many registrations of each status the cohort has, linked to them on the Registrations screen. */
function RegistrationsCell({
  href,
  counts,
  name,
}: {
  href: string;
  counts: RegistrationCounts[number];
  name: string;
}) {
  const parts = REGISTRATION_STATUSES.filter((s) => counts[s]).map(
    (s) => `${counts[s]} ${STATUS_LABELS[s].toLowerCase()}`,
  );
  if (parts.length === 0) return <span className="text-slate-600 dark:text-slate-400">None</span>;
  return (
    <a
      href={href}
      aria-label={`Registrations of the cohort ${name}: ${parts.join(", ")}`}
      className="text-brand-700 underline dark:text-brand-300"
    >
      {parts.join(", ")}
    </a>
  );
}

/** Adds a cohort, or edits `cohort` (its heading takes the focus when the editor opens). */
export function CohortForm({
  cohort,
  schedules,
  today,
  failure,
}: {
  cohort?: StaffCohort;
  /** The schedules the course offers. */
  schedules: string[];
  today: string;
  failure: ActionFailure | null;
}) {
  const editing = Boolean(cohort);
  const title = cohort ? `Edit the ${formatDay(cohort.startDate)} cohort` : "Add Cohort";
  return (
    <EditorPanel id={editing ? "cohort-editor" : "cohort-adder"} title={title} editing={editing}>
      {cohort && (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {seatsTakenText(cohort.seatsTaken, cohort.capacity)}. Capacity cannot go below the seats
          taken.
        </p>
      )}
      <AdminForm
        intent={editing ? "update-cohort" : "add-cohort"}
        id={cohort?.id}
        failure={failure}
        label={title}
        defaults={{
          startDate: cohort?.startDate,
          classSchedule: cohort?.classSchedule,
          capacity: String(cohort?.capacity ?? 16),
        }}
        className="mt-3 space-y-4"
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <FormText
            label="Start date"
            name="startDate"
            type="date"
            required
            hint={`Today or later (${formatDay(today)}).`}
          />
          <FormSelect
            label="Class schedule"
            name="classSchedule"
            required
            placeholder="Choose a schedule"
            options={CLASS_SCHEDULES.filter(
              (s) => schedules.includes(s.value) || s.value === cohort?.classSchedule,
            )}
          />
          <FormText
            label="Capacity"
            name="capacity"
            type="number"
            required
            hint={`Seats, 1 to ${COHORT_CAPACITY_MAX}.`}
          />
        </div>
        <FormActions
          submit={editing ? "Save Cohort" : "Add Cohort"}
          busy="Saving..."
          cancelTo={editing ? "?" : undefined}
        />
      </AdminForm>
    </EditorPanel>
  );
}
