// A one-click action that asks the browser's "are you sure?" first (a quick delete in a row).
// Without JavaScript the form posts at once; screens whose deletions cannot be undone and need
// words of their own use <ConfirmDialog> instead.
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
        <Icon name={icon} className="size-4" aria-hidden="true" />
        {children}
      </button>
    </FormComponent>
  );
}
