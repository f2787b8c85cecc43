// The fields of a new password (the set-password page and /account): the password with the
// policy's rule as its hint, and its confirmation. Never filled again after a refusal.
import { FormText } from "#app/components/admin/form-fields.tsx";

export const PASSWORD_HINT =
  "12 to 128 characters. Several uncommon words, or your password manager's suggestion, work well.";

export function NewPasswordFields({ label = "New password" }: { label?: string }) {
  return (
    <>
      <FormText
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        required
      />
      <FormText
        label="Confirm the password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
