import type { ReactNode } from "react";
import {
  DemoHint,
  SignInCard,
  SignInForm,
  type SignInFormProps,
  WrongDoor,
} from "./sign-in-form.tsx";

/** What a door's action answered: the step it is at, what went wrong, the login to fill in. */
export interface SignInAnswer {
  step?: SignInFormProps["step"];
  methods?: SignInFormProps["methods"];
  error?: string;
  login?: string;
}

type Door = SignInFormProps["door"];

/** How each door asks: /admin takes a username or an e-mail address, and says "Login". */
const doorFields: Record<
  Door,
  Pick<SignInFormProps, "field" | "fieldLabel" | "buttonText" | "busyText">
> = {
  admin: {
    field: "username",
    fieldLabel: "Username or email",
    buttonText: "Login",
    busyText: "Logging in...",
  },
  login: { field: "email", fieldLabel: "Email", buttonText: "Sign In", busyText: "Signing in..." },
  portal: { field: "email", fieldLabel: "Email", buttonText: "Sign In", busyText: "Signing in..." },
};

/**
 * A door's sign-in card, the same for the staff doors (/admin, /login) and the students' one
 * (/portal): the card's heading, then the form, or who is signed in with a role the door does
 * not serve; the door's demo hint (never to someone signed in elsewhere); then the door's own
 * lines. Each route keeps its loader, action and texts.
 */
export function SignInDoor({
  door,
  card,
  elsewhere,
  hint,
  redirectTo,
  answer,
  error = answer?.error,
  demo,
  children,
}: {
  door: Door;
  /** The card's heading (an h1 unless `level` is 2) and the line under it. */
  card: Omit<Parameters<typeof SignInCard>[0], "children">;
  /** Someone signed in whom this door does not serve (from the loader), or null. */
  elsewhere: Parameters<typeof WrongDoor>[0]["elsewhere"] | null;
  /** The address to fill in when nothing was posted (just chose a password in this browser). */
  hint?: string;
  redirectTo?: string | null;
  answer?: SignInAnswer;
  /** The message to show, where the door words it otherwise than its action's answer. */
  error?: string;
  /** The demo accounts' hint (demo mode only). */
  demo?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <SignInCard {...card}>
      {elsewhere ? (
        <WrongDoor elsewhere={elsewhere} />
      ) : (
        <SignInForm
          door={door}
          {...doorFields[door]}
          error={error}
          defaultLogin={answer?.login ?? hint}
          step={answer?.step}
          methods={answer?.methods}
          redirectTo={redirectTo || undefined}
        />
      )}
      {demo && !elsewhere && <DemoHint>{demo}</DemoHint>}
      {children}
    </SignInCard>
  );
}
