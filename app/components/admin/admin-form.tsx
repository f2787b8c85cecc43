// The admin form: a POST form (it works without JavaScript) that names its intent, shows the
// server's refusal (an alert, and each field's message on the field), fills every field with
// what was posted or the record's value, and labels its button while it is being sent.
import { createContext, type FormEvent, type ReactNode, useContext, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "#app/components/ui/fields.tsx";
import { CORRECT_FIELDS } from "#app/domain/leads/leads.ts";
import type { ActionFailure } from "#app/web/form-action.server.ts";
import { adminButton, adminDanger, adminPrimary } from "./buttons.ts";

interface FormState {
  intent: string;
  values: Record<string, unknown>;
  errors: Record<string, string | undefined>;
  /** The submit buttons post the intent (the form has list buttons; see `defaultSubmit`). */
  buttons?: boolean;
}

const FormContext = createContext<FormState>({ intent: "", values: {}, errors: {} });

/**
 * The values by field name: a nested value also fills the fields named by its path
 * (`address: { city }` fills "address.city", `services: [{ title }]` fills "services.0.title").
 */
function byName(values: Record<string, unknown>, prefix = ""): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    named[prefix + key] = value;
    if (value && typeof value === "object" && !(value instanceof Date)) {
      Object.assign(named, byName(value as Record<string, unknown>, `${prefix}${key}.`));
    }
  }
  return named;
}

/** The value of a field: what was posted when the server refused it, else the record's. */
export function useFieldValue(name: string): string {
  const value = useContext(FormContext).values[name];
  return typeof value === "string" ? value : value == null ? "" : String(value);
}

/** The items of a list field (a repeatable list, see list-items.tsx). */
export function useFieldItems(name: string): Record<string, unknown>[] {
  const value = useContext(FormContext).values[name];
  return Array.isArray(value)
    ? value.filter((v): v is Record<string, unknown> => Boolean(v) && typeof v === "object")
    : [];
}

/**
 * Fills the fields inside from `values` (a list item's), named under `prefix` ("services.2."):
 * an item keeps its own values when script moves it to another place in the list.
 */
export function FieldValues({
  prefix,
  values,
  children,
}: {
  prefix: string;
  values: Record<string, unknown>;
  children: ReactNode;
}) {
  const outer = useContext(FormContext);
  return (
    <FormContext.Provider value={{ ...outer, values: byName(values, prefix) }}>
      {children}
    </FormContext.Provider>
  );
}

/** A field's value as the record holds it (a list stays a list). */
export function useFieldRaw(name: string): unknown {
  return useContext(FormContext).values[name];
}

/** Every field's message: the server's, or the browser check's. */
export function useFieldErrors(): Record<string, string | undefined> {
  return useContext(FormContext).errors;
}

/** The server's (or the browser check's) message for a field. */
export function useFieldError(name: string): string | undefined {
  return useContext(FormContext).errors[name];
}

/** True while a form with this intent (and record id) is being sent. */
export function useBusy(intent: string, id?: string | number): boolean {
  const navigation = useNavigation();
  const data = navigation.formData;
  return (
    navigation.state === "submitting" &&
    data?.get("intent") === intent &&
    (id === undefined || data.get("id") === String(id))
  );
}

/** True from the moment a form about this record is sent until the page shows the outcome. */
export function useRecordBusy(id: string | number): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("id") === String(id);
}

export function AdminForm({
  action,
  intent,
  id,
  failure,
  defaults = {},
  label,
  className = "space-y-4",
  onSubmit,
  check,
  defaultSubmit,
  multipart,
  children,
}: {
  action?: string;
  /** A form with a file: posted as multipart/form-data. */
  multipart?: boolean;
  intent: string;
  /** The record the form changes (posted as `id`). */
  id?: string | number;
  /** The refusal of this form's last post, if it was refused. */
  failure?: ActionFailure | null;
  /** The record's values (strings) by field name. */
  defaults?: Record<string, unknown>;
  /** The form's accessible name. */
  label?: string;
  className?: string;
  /** A check in the browser before sending (the same schema as the server's). */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /**
   * The server's rules run in the browser before sending: when they find errors the form is
   * not sent, the fields show them as the server's would and the first invalid field takes
   * the focus.
   */
  check?: (form: FormData) => Record<string, string> | null;
  /**
   * For a form whose buttons post intents of their own (the list buttons of list-items.tsx):
   * the label of a hidden first submit button that posts `intent`, so Enter in a field saves.
   * The form's submit buttons then post the intent instead of a hidden field.
   */
  defaultSubmit?: string;
  children: ReactNode;
}) {
  const [checked, setChecked] = useState<Record<string, string> | null>(null);
  const mine = failure && failure.intent === intent ? failure : null;
  const errors = checked ?? mine?.fieldErrors ?? {};
  // The summary, unless a field already shows the same words.
  const summary = checked
    ? CORRECT_FIELDS
    : mine && !Object.values(errors).includes(mine.error)
      ? mine.error
      : "";
  const state: FormState = {
    intent,
    values: byName({ ...defaults, ...mine?.values }),
    errors,
    buttons: Boolean(defaultSubmit),
  };
  function submit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const found = check ? check(new FormData(form)) : null;
    setChecked(found);
    if (!found) return onSubmit?.(event);
    event.preventDefault();
    requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
  }
  return (
    <Form
      method="post"
      action={action}
      noValidate
      preventScrollReset
      aria-label={label}
      encType={multipart ? "multipart/form-data" : undefined}
      onSubmit={check ? submit : onSubmit}
      className={className}
    >
      {defaultSubmit ? (
        <button
          type="submit"
          name="intent"
          value={intent}
          tabIndex={-1}
          aria-hidden="true"
          className="sr-only"
        >
          {defaultSubmit}
        </button>
      ) : (
        <input type="hidden" name="intent" value={intent} />
      )}
      {id !== undefined && <input type="hidden" name="id" value={id} />}
      {(summary || errors.form) && <FormAlert kind="error">{summary || errors.form}</FormAlert>}
      <FormContext.Provider value={state}>{children}</FormContext.Provider>
    </Form>
  );
}

/** Lets a form's own check in the browser show its messages like the server's. */
export function FieldErrors({
  errors,
  children,
}: {
  errors: Record<string, string | undefined> | null;
  children: ReactNode;
}) {
  const outer = useContext(FormContext);
  return (
    <FormContext.Provider value={errors ? { ...outer, errors } : outer}>
      {children}
    </FormContext.Provider>
  );
}

/** Cancel (back to `cancelTo`) and the submit button, labelled while the form is sent. */
export function FormActions({
  submit,
  busy,
  cancelTo,
  danger,
  className = "flex justify-end gap-3 pt-2",
}: {
  submit: ReactNode;
  /** The button's label while sending, e.g. "Saving...". */
  busy?: string;
  cancelTo?: string;
  /** The submit undoes something (Cancel a registration): the red button. */
  danger?: boolean;
  className?: string;
}) {
  const { intent, buttons } = useContext(FormContext);
  const sending = useBusy(intent);
  return (
    <div className={className}>
      {cancelTo && (
        <Link to={cancelTo} className={adminButton} preventScrollReset>
          Cancel
        </Link>
      )}
      <button
        type="submit"
        name={buttons ? "intent" : undefined}
        value={buttons ? intent : undefined}
        className={danger ? adminDanger : adminPrimary}
        disabled={sending}
      >
        {sending && busy ? busy : submit}
      </button>
    </div>
  );
}
