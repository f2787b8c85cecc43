import { type ReactNode, useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { FormAlert, TextField } from "#app/components/ui/fields.tsx";

export interface SignInFormProps {
  /** The login field: "email" (/login, /portal) or "username" (/admin, which takes either). */
  field: "email" | "username";
  fieldLabel: string;
  buttonText: string;
  busyText: string;
  error?: string;
  defaultLogin?: string;
  redirectTo?: string;
  children?: ReactNode;
}

/**
 * A real form posting to its page's action, so it works without JavaScript; with JavaScript the
 * button shows the busy text. The password is never sent back, and the field is emptied after
 * a failed attempt.
 */
export function SignInForm(props: SignInFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!props.error) return;
    const password = formRef.current?.elements.namedItem("password");
    if (password instanceof HTMLInputElement) password.value = "";
  }, [props.error]);

  return (
    <Form ref={formRef} method="post" className="mt-6 space-y-5">
      {props.redirectTo && <input type="hidden" name="redirectTo" value={props.redirectTo} />}
      <TextField
        label={props.fieldLabel}
        name={props.field}
        type={props.field === "email" ? "email" : "text"}
        required
        autoComplete="username"
        defaultValue={props.defaultLogin}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        required
        autoComplete="current-password"
      />
      {props.error && <FormAlert kind="error">{props.error}</FormAlert>}
      <button type="submit" disabled={busy} aria-disabled={busy} className="btn-primary w-full">
        {busy && (
          <span
            className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
            aria-hidden="true"
          />
        )}
        {busy ? props.busyText : props.buttonText}
      </button>
      {props.children}
    </Form>
  );
}

/** A sign-out button: a POST form (GET never changes state). */
export function SignOutButton({
  redirectTo,
  label = "Logout",
  className = "btn-secondary",
}: {
  redirectTo: string;
  label?: string;
  className?: string;
}) {
  return (
    <Form method="post" action="/logout" reloadDocument>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}
