import { type FieldSpec, text } from "./field-specs.tsx";

/**
 * Phone, e-mail and postal address: the brand settings, edited on the Settings screen and in
 * the homepage's contact section alike (one record, DESIGN.md 7).
 */
export const CONTACT_FIELDS: FieldSpec[] = [
  text("phone", "Phone", { type: "tel", required: true }),
  text("email", "Email", { type: "email", required: true }),
  text("address.street", "Street address", { required: true }),
  text("address.city", "City", { required: true }),
  text("address.region", "State", { required: true }),
  text("address.postalCode", "ZIP code", { required: true }),
];
