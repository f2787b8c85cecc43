import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { CORRECT_FIELDS, HONEYPOT_FIELD } from "#app/domain/leads/leads.ts";
import type { InquiryResult } from "#app/web/inquiry.server.ts";
import { FormAlert, Honeypot, type Refilled, refill, TextArea, TextField } from "../ui/fields.tsx";

/** The fields every inquiry form carries besides the visitor's own. */
function InquiryHiddenFields() {
  const location = useLocation();
  const utmSource = new URLSearchParams(location.search).get("utm_source") ?? "";
  return (
    <>
      <input type="hidden" name="sourcePage" value={location.pathname} />
      {utmSource && <input type="hidden" name="utm_source" value={utmSource} />}
      <Honeypot name={HONEYPOT_FIELD} />
    </>
  );
}

/** The contact fields every inquiry form asks for first, always required. */
const CONTACT_FIELDS = [
  { name: "name", label: "Name", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
] as const;

/** Name, e-mail, phone and company: the contact fields every inquiry form asks for. */
export function ContactFields({
  form,
  companyLabel,
  companyRequired,
}: {
  form: Refilled;
  companyLabel: string;
  companyRequired: boolean;
}) {
  return (
    <>
      {CONTACT_FIELDS.map((field) => (
        <TextField key={field.name} {...field} required {...refill(form, field.name)} />
      ))}
      <TextField
        label={companyLabel}
        required={companyRequired}
        autoComplete="organization"
        {...refill(form, "company")}
      />
    </>
  );
}

/** The visitor's message: the last field of every inquiry form, always required. */
export function MessageField({
  form,
  label,
  startWith,
}: {
  form: Refilled;
  label: string;
  /** What the field holds before the visitor types (e.g. a question about a course). */
  startWith?: string;
}) {
  const { name, error, defaultValue } = refill(form, "message");
  return (
    <TextArea
      label={label}
      name={name}
      required
      rows={4}
      error={error}
      defaultValue={defaultValue ?? startWith}
    />
  );
}

/**
 * The success or error message of a sent form, focused when the page arrives with it (the
 * server answered the post), so that the visitor, and a screen reader, start there.
 */
export function FormOutcome({ result }: { result: InquiryResult | undefined }) {
  if (!result) return null;
  // A refused attachment is said beside its field, not twice; a full disk is the site's
  // problem, not a field to correct.
  const besideAField =
    !result.ok &&
    !result.retryLater &&
    Object.values(result.fieldErrors ?? {}).includes(result.error);
  return (
    <FormAlert kind={result.ok ? "success" : "error"} autoFocus>
      {result.ok ? result.message : besideAField ? CORRECT_FIELDS : result.error}
    </FormAlert>
  );
}

/**
 * An inquiry form: a plain HTML form that posts to its page (`?form=` says which of the page's
 * forms it is; the page answers), with the fields every inquiry carries, the outcome of the last
 * post and its send button.
 */
export function InquiryFormFrame({
  action,
  multipart,
  result,
  send,
  children,
}: {
  action: string;
  /** Attachments: posted as multipart/form-data. */
  multipart?: boolean;
  result: InquiryResult | undefined;
  send: string;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      action={action}
      encType={multipart ? "multipart/form-data" : undefined}
      noValidate
      className="relative space-y-5"
    >
      <InquiryHiddenFields />
      {children}
      <FormOutcome result={result} />
      <button type="submit" className="btn-primary w-full sm:w-auto">
        {send}
      </button>
    </form>
  );
}
