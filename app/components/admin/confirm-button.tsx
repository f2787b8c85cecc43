// One-click row actions. `RowAction` posts its intent and record at once (Disable, Resend
// invitation); `ConfirmButton` asks the browser's "are you sure?" first (a quick delete in a
// row). Without JavaScript either form posts at once; screens whose deletions cannot be undone
// and need words of their own use <ConfirmDialog> instead.
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { adminButton } from "./buttons.ts";

export function ConfirmButton({
  form: FormComponent = Form,
  action,
  question,
  fields,
  label,
  icon = "trash",
  disabled,
  children,
}: {
  /** The form to post with: a route <Form> (default) or a fetcher's. */
  form?: typeof Form;
  action?: string;
  /** The browser's question, e.g. "Delete the cohort May 5, 2027?". */
  question: string;
  /** The posted fields: intent, id... */
  fields: Record<string, string | number>;
  /** The button's accessible name, e.g. "Delete cohort May 5, 2027". */
  label: string;
  icon?: IconName;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <FormComponent
      method="post"
      action={action}
      preventScrollReset
      onSubmit={(e) => {
        if (!window.confirm(question)) e.preventDefault();
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={adminButton} disabled={disabled} aria-label={label}>
        <Icon name={icon} className="size-4" />
        {children}
      </button>
    </FormComponent>
  );
}

/**
 * A POST form of one button, its fields hidden (the intent and the record's key): history's
 * Publish, Share, Revoke and Restore, a release's Cancel.
 */
export function PostButton({
  fields,
  className,
  label,
  children,
}: {
  fields: Record<string, string | number>;
  className: string;
  /** The button's accessible name where its text does not say enough. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className} aria-label={label}>
        {children}
      </button>
    </Form>
  );
}

/** A POST form of one button that names its intent and record (a row's Disable, Resend...). */
export function RowAction({
  action,
  intent,
  id,
  label,
  busy,
  children,
}: {
  action?: string;
  intent: string;
  /** The record it acts on; none for an action on the whole screen. */
  id?: number | string;
  /** The button's accessible name, naming the record (e.g. "Disable Jordan Reed"). */
  label: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {id !== undefined && <input type="hidden" name="id" value={id} />}
      <button type="submit" className={adminButton} disabled={busy} aria-label={label}>
        {children}
      </button>
    </Form>
  );
}
