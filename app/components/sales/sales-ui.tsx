// The sales dashboard's shared look: cards, section titles, compact form fields. Its buttons
// are the staff screens' (app/components/admin/buttons.ts).
import type { InputHTMLAttributes, ReactNode } from "react";

export const card =
  "rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900";
export const sectionTitle = "text-xl font-semibold text-slate-900 dark:text-white";
export const inputClass =
  "mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-white";

export function SmallField({
  label,
  id,
  error,
  required,
  children,
}: {
  label: string;
  id: string;
  error?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A SmallField holding one input, tied to its label and to its error (read out with it). A
 * required field's label is starred unless `star` is false (a form where every field is needed).
 */
export function SmallInput({
  label,
  id,
  error,
  star = true,
  ...input
}: {
  label: string;
  id: string;
  error?: string;
  star?: boolean;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <SmallField label={label} id={id} error={error} required={star && input.required}>
      <input
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
    </SmallField>
  );
}
