// The fields of an <AdminForm>: each takes its value (what was posted, else the record's) and its
// message from the form, so a screen names only the field and its label.
import type { ReactNode } from "react";
import { CheckboxGroup, SelectField, TextArea, TextField } from "#app/components/ui/fields.tsx";
import { useFieldError, useFieldErrors, useFieldRaw, useFieldValue } from "./admin-form.tsx";

type FieldProps = { name: string; label: string; required?: boolean; hint?: string };

export function FormText({
  type,
  autoComplete,
  suggestions,
  maxLength,
  ...props
}: FieldProps & {
  type?: string;
  autoComplete?: string;
  suggestions?: readonly string[];
  maxLength?: number;
}) {
  return (
    <TextField
      {...props}
      type={type}
      autoComplete={autoComplete}
      suggestions={suggestions}
      maxLength={maxLength}
      defaultValue={useFieldValue(props.name)}
      error={useFieldError(props.name)}
    />
  );
}

/** A file to send (the form must be `multipart`): a browser never shows a file again. */
export function FormFile(props: FieldProps) {
  return <TextField {...props} type="file" error={useFieldError(props.name)} />;
}

export function FormArea({ rows, ...props }: FieldProps & { rows?: number }) {
  return (
    <TextArea
      {...props}
      rows={rows}
      defaultValue={useFieldValue(props.name)}
      error={useFieldError(props.name)}
    />
  );
}

export function FormSelect({
  options,
  placeholder,
  ...props
}: FieldProps & { options: readonly { value: string; label: string }[]; placeholder?: string }) {
  return (
    <SelectField
      {...props}
      options={options}
      placeholder={placeholder}
      defaultValue={useFieldValue(props.name)}
      error={useFieldError(props.name)}
    />
  );
}

/** Checkboxes posting each checked value under `name` (the record's value is a list). */
export function FormCheckboxes({
  name,
  legend,
  options,
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
}) {
  const value = useFieldRaw(name);
  return (
    <CheckboxGroup
      legend={legend}
      name={name}
      options={options}
      defaultValues={Array.isArray(value) ? value.map(String) : []}
      error={useFieldError(name)}
    />
  );
}

/** A checkbox that posts `value` when ticked; ticked when the form's value is `value`. */
export function FormCheckbox({
  name,
  label,
  value = "true",
}: {
  name: string;
  label: string;
  value?: string;
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={useFieldValue(name) === value}
        className="size-4 accent-brand-600"
      />
      {label}
    </label>
  );
}

/** A field's message where the field itself cannot show one (an image chooser, a list). */
export function FieldMessage({
  name,
  alert = true,
}: {
  name: string;
  /** false: plain text, as the text fields show theirs (the form's summary is the alert). */
  alert?: boolean;
}) {
  const error = useFieldError(name);
  return error ? (
    <p role={alert ? "alert" : undefined} className="text-sm text-red-700 dark:text-red-400">
      {error}
    </p>
  ) : null;
}

/**
 * Every field's message in one alert at the top of a long form (the server's, or the browser
 * check's inside <FieldErrors>), so nothing below the fold goes unnoticed.
 */
export function ErrorList() {
  const errors = useFieldErrors();
  const messages = Object.entries(errors).filter(([, message]) => message);
  if (messages.length === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      <p className="font-semibold">Please correct the following:</p>
      <ul className="mt-1 list-disc pl-5">
        {messages.map(([field, message]) => (
          <li key={field}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

/** A group of fields under a legend (a testimonial's parts, a list of rows). */
export function FormGroup({
  legend,
  className = "",
  children,
}: {
  legend: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      className={`rounded-lg border border-slate-200 p-4 dark:border-slate-700 ${className}`}
    >
      <legend className="px-1 font-semibold text-slate-900 dark:text-white">{legend}</legend>
      {children}
    </fieldset>
  );
}
