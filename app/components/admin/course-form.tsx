// The course form of Course Management (add and edit): every course field, checked in the
// browser with the same rules as the server (course-admin.schema.ts) before it is sent.
import { AdminForm, FormActions } from "#app/components/admin/admin-form.tsx";
import {
  FormArea,
  FormCheckboxes,
  FormSelect,
  FormText,
} from "#app/components/admin/form-fields.tsx";
import { FormImage } from "#app/components/admin/image-field.tsx";
import { DraftBase } from "#app/components/admin/version-status.tsx";
import { DEFAULT_COMPLETION_PERCENT } from "#app/domain/training/completion.ts";
import {
  COURSE_KINDS,
  COURSE_STATUSES,
  courseFromForm,
  validateCourse,
} from "#app/domain/training/course-admin.schema.ts";
import { CLASS_SCHEDULES } from "#app/domain/training/training.ts";
import type { ActionFailure } from "#app/web/form-action.server.ts";

/** A new course's choices before anything is picked. */
const NEW_COURSE = {
  kind: "certification",
  status: "active",
  completionPercent: String(DEFAULT_COMPLETION_PERCENT),
};

/** The posted course form as validateCourse reads it (in the browser and in the actions). */
export function postedCourse(form: FormData): Record<string, unknown> {
  return courseFromForm({
    ...Object.fromEntries(form),
    scheduleOptions: form.getAll("scheduleOptions"),
  });
}

function check(form: FormData) {
  const result = validateCourse(postedCourse(form));
  return result.ok ? null : (result.fieldErrors ?? {});
}

export function CourseForm({
  action,
  intent,
  submit,
  busy,
  failure,
  defaults = NEW_COURSE,
  instructors,
  cancelTo,
  baseVersionId,
}: {
  action: string;
  intent: "create" | "update";
  submit: string;
  busy: string;
  failure: ActionFailure | null;
  /** The course's values as the form shows them (courseFormValues). */
  defaults?: Record<string, unknown>;
  instructors: { id: number; name: string; email: string }[];
  cancelTo?: string;
  /** Editing: the live version the draft starts from (decision 0021). */
  baseVersionId?: number | null;
}) {
  return (
    <AdminForm
      action={action}
      intent={intent}
      failure={failure}
      defaults={defaults}
      label={intent === "create" ? "Add course" : "Edit course"}
      check={check}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormText label="Title" name="title" required />
        </div>
        <div className="sm:col-span-2">
          <FormArea label="Description" name="description" rows={3} required />
        </div>
        <FormSelect
          label="Instructor"
          name="instructorId"
          required
          placeholder="Choose an instructor"
          options={instructors.map((i) => ({
            value: String(i.id),
            label: `${i.name} (${i.email})`,
          }))}
        />
        <FormText
          label="Short title"
          name="shortTitle"
          hint="Shown in lists; left empty, the title."
        />
        <FormSelect
          label="Kind"
          name="kind"
          required
          placeholder="Choose a kind"
          options={COURSE_KINDS}
        />
        <FormSelect
          label="Status"
          name="status"
          required
          placeholder="Choose a status"
          options={COURSE_STATUSES}
        />
        <FormText
          label="Slug"
          name="slug"
          hint="The page address; left empty, made from the title. AI courses start with ai-."
        />
        <FormText
          label="Vendor group"
          name="vendorGroup"
          hint="The catalogue heading, e.g. CompTIA."
        />
        <FormText label="Duration" name="duration" required hint="e.g. 96 Hours (6 Weeks)" />
        <FormText label="Price (USD)" name="price" required hint="e.g. 4995 or 4,995.00" />
        <FormText
          label="Completion rule (%)"
          name="completionPercent"
          type="number"
          hint="The share of the held classes a student attends to complete the course and get a certificate."
        />
        <div className="sm:col-span-2">
          <FormCheckboxes
            legend="Class schedules offered"
            name="scheduleOptions"
            options={CLASS_SCHEDULES}
          />
        </div>
        <div className="sm:col-span-2">
          <FormImage name="image" label="Course image" />
        </div>
        <div className="sm:col-span-2">
          <FormArea
            label="Course overview"
            name="overview"
            rows={5}
            hint="Paragraphs separated by a blank line."
          />
        </div>
        <FormArea label="Key topics" name="topics" rows={4} hint="One topic per line." />
        <FormArea label="Prerequisites" name="prerequisites" rows={4} hint="One per line." />
        <FormArea
          label="What's included"
          name="inclusions"
          rows={4}
          hint="One per line, e.g. Exam voucher."
        />
        <FormArea
          label="Career growth"
          name="careerGrowth"
          rows={3}
          hint="The outlook statement."
        />
        <FormArea
          label="Average salaries"
          name="careerSalaries"
          rows={4}
          hint="One per line: Role | Salary"
        />
        <FormArea
          label="Open positions"
          name="careerJobs"
          rows={4}
          hint="One per line: Role | Employer | City | Salary range | Description"
        />
      </div>
      {baseVersionId !== undefined && <DraftBase liveId={baseVersionId} />}
      <FormActions submit={submit} busy={busy} cancelTo={cancelTo} />
    </AdminForm>
  );
}
