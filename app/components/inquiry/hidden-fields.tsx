import { useLocation } from "react-router";
import { HONEYPOT_FIELD } from "#app/domain/leads/leads.schema.ts";
import { Honeypot } from "../ui/fields.tsx";

/** The fields every inquiry form carries besides the visitor's own. */
export function InquiryHiddenFields({ idempotencyKey }: { idempotencyKey: string }) {
  const location = useLocation();
  const utmSource = new URLSearchParams(location.search).get("utm_source") ?? "";
  return (
    <>
      <input
        type="hidden"
        name="idempotencyKey"
        value={idempotencyKey}
        readOnly
        suppressHydrationWarning
      />
      <input type="hidden" name="sourcePage" value={location.pathname} readOnly />
      {utmSource && <input type="hidden" name="utm_source" value={utmSource} readOnly />}
      <Honeypot name={HONEYPOT_FIELD} />
    </>
  );
}

export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-disabled={busy}
      className="btn-primary w-full sm:w-auto"
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
