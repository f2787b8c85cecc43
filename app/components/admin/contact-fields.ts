import { TextField } from "#app/components/ui/fields.tsx";

/** A form value read as text ("" when it is anything else). */
export const str = (v: unknown) => (typeof v === "string" ? v : "");
/** A form value read as an object ({} when it is anything else). */
export const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" ? (v as Record<string, unknown>) : {};

/**
 * Phone, e-mail and postal address: the brand settings, edited on the Settings screen and in
 * the homepage's contact section alike (one record, DESIGN.md 7).
 */
export function ContactDetailsFields({
  values,
  err,
}: {
  values: Record<string, unknown>;
  err: (name: string) => string | undefined;
}) {
  const address = obj(values.address);
  const field = (label: string, name: string, value: unknown, type = "text") => (
    <TextField
      label={label}
      name={name}
      type={type}
      required
      defaultValue={str(value)}
      error={err(name)}
    />
  );
  return (
    <>
      {field("Phone", "phone", values.phone, "tel")}
      {field("Email", "email", values.email, "email")}
      {field("Street address", "address.street", address.street)}
      {field("City", "address.city", address.city)}
      {field("State", "address.region", address.region)}
      {field("ZIP code", "address.postalCode", address.postalCode)}
    </>
  );
}
