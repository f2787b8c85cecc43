// The fields of a new password (the set-password page and /account): the password with the
// policy's rule as its hint, and its confirmation (never filled again after a refusal), and the
// account's name beside them for a password manager.
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

/** Lets a password manager file the new password under the right account (hidden). */
export function AccountNameForPasswordManager({ email }: { email: string }) {
  return (
    <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
  );
}
