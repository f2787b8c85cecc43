import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { type FieldErrors, HONEYPOT_FIELD } from "#app/domain/leads/leads.ts";
import { FormAlert, Honeypot, TextField } from "../ui/fields.tsx";

import type { InquiryState } from "./use-inquiry.ts";

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

/** The success or error message of a sent form. */
export function FormOutcome({ state }: { state: InquiryState }) {
  if (state.phase === "success") return <FormAlert kind="success">{state.message}</FormAlert>;
  if (state.phase === "error") return <FormAlert kind="error">{state.message}</FormAlert>;
  return null;
}

/**
 * A form in a modal, once sent: its success message and a Close button (focused), not the empty
 * form again; "Send another message" (and closing the modal) brings the empty form back.
 */
export function SentInModal({
  message,
  onClose,
  onAnother,
}: {
  message: string;
  onClose: () => void;
  onAnother: () => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const button = closeRef.current;
    button?.focus();
    const dialog = button?.closest("dialog");
    dialog?.addEventListener("close", onAnother, { once: true });
    return () => dialog?.removeEventListener("close", onAnother);
  }, [onAnother]);
  return (
    <div className="space-y-5">
      <FormAlert kind="success">{message}</FormAlert>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onAnother}>
          Send another message
        </button>
        <button ref={closeRef} type="button" className="btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
