import { useLocation } from "react-router";
import { CORRECT_FIELDS, HONEYPOT_FIELD, type InquiryResult } from "#app/domain/leads/leads.ts";
import type { FieldErrors } from "#app/platform/validation.ts";
import { FormAlert, Honeypot, TextField } from "../ui/fields.tsx";

/** The fields every inquiry form carries besides the visitor's own. */
export function InquiryHiddenFields() {
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

/** Name, e-mail, phone and company: the contact fields every inquiry form asks for. */
export function ContactFields({
  errors,
  value,
  companyLabel,
  companyRequired,
}: {
  errors: FieldErrors;
  value: (name: string) => string | undefined;
  companyLabel: string;
  companyRequired: boolean;
}) {
  return (
    <>
      <TextField
        label="Name"
        name="name"
        required
        autoComplete="name"
        error={errors.name}
        defaultValue={value("name")}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        required
        autoComplete="email"
        error={errors.email}
        defaultValue={value("email")}
      />
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        required
        autoComplete="tel"
        error={errors.phone}
        defaultValue={value("phone")}
      />
      <TextField
        label={companyLabel}
        name="company"
        required={companyRequired}
        autoComplete="organization"
        error={errors.company}
        defaultValue={value("company")}
      />
    </>
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

/** An inquiry form's send button: a plain submit, the page answers. */
export function SendButton({ label }: { label: string }) {
  return (
    <button type="submit" className="btn-primary w-full sm:w-auto">
      {label}
    </button>
  );
}
