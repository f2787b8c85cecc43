import { type ReactNode, useId } from "react";
import type { FieldErrors } from "#app/platform/validation.ts";

/** A text input's look, for an input that a field below cannot render (a list row, a file). */
export const inputClass =
  "mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-white";

/** What a form shows again after the server refused it: messages by field, what was typed. */
export interface Refilled {
  errors: FieldErrors;
  value: (key: string) => string | undefined;
}

/**
 * One field's posted name, message and refilled value, for spreading into a field below
 * (`{...refill(form, "websiteType", "website-type")}`): the key is the schema's, the name the
 * form's when they differ.
 */
export const refill = ({ errors, value }: Refilled, key: string, name = key) => ({
  name,
  error: errors[key],
  defaultValue: value(key),
});

interface FieldProps {
  label: string;
  name: string;
  error?: string;
  required?: boolean;
  hint?: string;
}

function FieldShell({
  id,
  label,
  error,
  hint,
  required,
  children,
}: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
        {required && (
          <span className="text-red-700 dark:text-red-400" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: string) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

export function TextField({
  type = "text",
  defaultValue,
  autoComplete,
  suggestions,
  placeholder,
  maxLength,
  ...props
}: FieldProps & {
  type?: string;
  defaultValue?: string;
  autoComplete?: string;
  /** An example of what to type (the label still says what the field is). */
  placeholder?: string;
  /** Values the browser offers as the visitor types (a datalist); any other is allowed too. */
  suggestions?: readonly string[];
  maxLength?: number;
}) {
  const id = useId();
  return (
    <FieldShell id={id} {...props}>
      <input
        id={id}
        name={props.name}
        type={type}
        required={props.required}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
        list={suggestions ? `${id}-options` : undefined}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.error, props.hint)}
        className={inputClass}
      />
      {suggestions && (
        <datalist id={`${id}-options`}>
          {suggestions.map((o) => (
            <option key={o} value={o} />
          ))}
        </datalist>
      )}
    </FieldShell>
  );
}

export function TextArea({
  rows = 4,
  defaultValue,
  maxLength,
  ...props
}: FieldProps & { rows?: number; defaultValue?: string; maxLength?: number }) {
  const id = useId();
  return (
    <FieldShell id={id} {...props}>
      <textarea
        id={id}
        name={props.name}
        rows={rows}
        maxLength={maxLength}
        required={props.required}
        defaultValue={defaultValue}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.error, props.hint)}
        className={inputClass}
      />
    </FieldShell>
  );
}

export function SelectField({
  options,
  placeholder,
  defaultValue,
  value,
  onChange,
  ...props
}: FieldProps & {
  /** A disabled option shows a stored value that can no longer be chosen. */
  options: readonly { value: string; label: string; disabled?: boolean }[];
  /** The empty choice's label; without one every choice is a value. */
  placeholder?: string;
  defaultValue?: string;
  /** A choice the page keeps (instead of `defaultValue`), with what a change does. */
  value?: string;
  onChange?: (value: string) => void;
}) {
  const id = useId();
  return (
    <FieldShell id={id} {...props}>
      <select
        id={id}
        name={props.name}
        required={props.required}
        {...(value === undefined
          ? { defaultValue: defaultValue ?? "" }
          : { value, onChange: (e) => onChange?.(e.target.value) })}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.error, props.hint)}
        className={inputClass}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function CheckboxGroup({
  legend,
  name,
  options,
  defaultValues = [],
  error,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  defaultValues?: string[];
  error?: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex items-center gap-2.5 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-700 has-checked:border-brand-500 has-checked:bg-brand-50 dark:border-slate-700 dark:text-slate-200 dark:has-checked:bg-brand-950"
          >
            <input
              type="checkbox"
              name={name}
              value={o.value}
              defaultChecked={defaultValues.includes(o.value)}
              className="size-4 accent-brand-600"
            />
            {o.label}
          </label>
        ))}
      </div>
      {error && <p className="mt-1 text-sm text-red-700 dark:text-red-400">{error}</p>}
    </fieldset>
  );
}

/** A form's main button: disabled and labelled `busyLabel` with a spinner while it sends. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  className = "w-full sm:w-auto",
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  className?: string;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-disabled={busy}
      className={`btn-primary ${className}`}
    >
      {busy && (
        <span
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
          aria-hidden="true"
        />
      )}
      {busy ? busyLabel : label}
    </button>
  );
}

export function FormAlert({
  kind,
  autoFocus,
  children,
}: {
  kind: "success" | "error";
  /** Focused when the page loads with it (a plain form's answer). */
  autoFocus?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: the answer to the visitor's own post
      autoFocus={autoFocus}
      className={
        kind === "success"
          ? "rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm font-medium text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200"
          : "rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
      }
    >
      {children}
    </div>
  );
}

/** Hidden from people and from assistive technology; bots fill it. */
export function Honeypot({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
