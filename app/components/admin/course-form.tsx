// The course form of Course Management (add and edit): every course field, checked in the
// browser with the same rules as the server (course-admin.schema.ts) before it is sent.
import { type FormEvent, useState } from "react";
import { Form, useNavigation } from "react-router";
import { ImageField } from "#app/components/admin/image-field.tsx";
import {
  CheckboxGroup,
  FormAlert,
  SelectField,
  TextArea,
  TextField,
} from "#app/components/ui/fields.tsx";
import {
  COURSE_KINDS,
  COURSE_STATUSES,
  courseFromForm,
  type FieldErrors,
  validateCourse,
} from "#app/domain/training/course-admin.schema.ts";
import { CLASS_SCHEDULES } from "#app/domain/training/training.ts";

export const adminButton =
  "inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700";
export const adminPrimary =
  "inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60";
export const adminDanger =
  "inline-flex items-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60";

export type CourseFormValues = Record<string, unknown>;

/** What an action answers when a form was refused. */
export interface FormFailure {
  ok: false;
  error: string;
  fieldErrors?: FieldErrors;
  values?: CourseFormValues;
}

const str = (values: CourseFormValues | undefined, name: string) => {
  const v = values?.[name];
  return typeof v === "string" ? v : "";
};

export function CourseForm({
  action,
  intent,
  submitLabel,
  busyLabel,
  values,
  failure,
  instructors,
  cancel,
}: {
  action: string;
  intent: "create" | "update";
  submitLabel: string;
  busyLabel: string;
  values?: CourseFormValues;
  failure?: FormFailure | null;
  instructors: { id: number; name: string; email: string }[];
  cancel?: React.ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors = clientErrors ?? failure?.fieldErrors ?? {};
  const message = clientErrors ? "Please correct the highlighted fields." : failure?.error;

  function check(event: FormEvent<HTMLFormElement>) {
    const result = validateCourse(courseFromForm(new FormData(event.currentTarget)));
    if (result.ok) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(result.errors);
    const form = event.currentTarget;
    requestAnimationFrame(() => {
      form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
    });
  }

  const text = (
    name: string,
    label: string,
    options: { required?: boolean; hint?: string } = {},
  ) => (
    <TextField
      label={label}
      name={name}
      required={options.required}
      hint={options.hint}
      defaultValue={str(values, name)}
      error={errors[name]}
    />
  );
  const area = (name: string, label: string, hint: string, rows = 4) => (
    <TextArea
      label={label}
      name={name}
      rows={rows}
      hint={hint}
      defaultValue={str(values, name)}
      error={errors[name]}
    />
  );
  const schedules = values?.scheduleOptions;

  return (
    <Form
      method="post"
      action={action}
      noValidate
      onSubmit={check}
      aria-label={intent === "create" ? "Add course" : "Edit course"}
      className="grid gap-4 sm:grid-cols-2"
      preventScrollReset
    >
      <input type="hidden" name="intent" value={intent} />
      {message && (
        <div className="sm:col-span-2">
          <FormAlert kind="error">{message}</FormAlert>
        </div>
      )}
      <div className="sm:col-span-2">{text("title", "Title", { required: true })}</div>
      <div className="sm:col-span-2">
        <TextArea
          label="Description"
          name="description"
          rows={3}
          required
          defaultValue={str(values, "description")}
          error={errors.description}
        />
      </div>
      <SelectField
        label="Instructor"
        name="instructorId"
        required
        placeholder="Choose an instructor"
        options={instructors.map((i) => ({ value: String(i.id), label: `${i.name} (${i.email})` }))}
        defaultValue={str(values, "instructorId")}
        error={errors.instructorId}
      />
      {text("shortTitle", "Short title", { hint: "Shown in lists; left empty, the title." })}
      <SelectField
        label="Kind"
        name="kind"
        required
        placeholder="Choose a kind"
        options={COURSE_KINDS}
        defaultValue={str(values, "kind") || "certification"}
        error={errors.kind}
      />
      <SelectField
        label="Status"
        name="status"
        required
        placeholder="Choose a status"
        options={COURSE_STATUSES}
        defaultValue={str(values, "status") || "active"}
        error={errors.status}
      />
      {text("slug", "Slug", {
        hint: "The page address; left empty, made from the title. AI courses start with ai-.",
      })}
      {text("vendorGroup", "Vendor group", { hint: "The catalogue heading, e.g. CompTIA." })}
      {text("duration", "Duration", { required: true, hint: "e.g. 96 Hours (6 Weeks)" })}
      {text("price", "Price (USD)", { required: true, hint: "e.g. 4995 or 4,995.00" })}
      <div className="sm:col-span-2">
        <CheckboxGroup
          legend="Class schedules offered"
          name="scheduleOptions"
          options={CLASS_SCHEDULES}
          defaultValues={Array.isArray(schedules) ? schedules.map(String) : []}
          error={errors.scheduleOptions}
        />
      </div>
      <div className="sm:col-span-2">
        <ImageField name="image" label="Course image" defaultValue={str(values, "image")} />
        {errors.image && (
          <p className="mt-1 text-sm text-red-700 dark:text-red-400">{errors.image}</p>
        )}
      </div>
      <div className="sm:col-span-2">
        {area("overview", "Course overview", "Paragraphs separated by a blank line.", 5)}
      </div>
      {area("topics", "Key topics", "One topic per line.")}
      {area("prerequisites", "Prerequisites", "One per line.")}
      {area("inclusions", "What's included", "One per line, e.g. Exam voucher.")}
      {area("careerGrowth", "Career growth", "The outlook statement.", 3)}
      {area("careerSalaries", "Average salaries", "One per line: Role | Salary")}
      {area(
        "careerJobs",
        "Open positions",
        "One per line: Role | Employer | City | Salary range | Description",
      )}
      <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
        {cancel}
        <button type="submit" className={adminPrimary} disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </Form>
  );
}
