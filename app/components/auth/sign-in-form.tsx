import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation, useSearchParams } from "react-router";
import { FormAlert, SubmitButton, TextField } from "#app/components/ui/fields.tsx";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { PasskeySecondStep, PasskeySignIn } from "./passkey-buttons.tsx";

export interface SignInFormProps {
  /** The door, for the "Forgot your password?" link to come back to. */
  door: "admin" | "login" | "portal";
  /** The login field: "email" (/login, /portal) or "username" (/admin, which takes either). */
  field: "email" | "username";
  fieldLabel: string;
  buttonText: string;
  busyText: string;
  error?: string;
  defaultLogin?: string;
  redirectTo?: string;
  /** "code": the password was right and the second factor is due. */
  step?: "password" | "code";
  /** What the second step takes: a code from the app, a passkey (or either). */
  methods?: ("totp" | "passkey")[];
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
  // Back from /account/set-password: the new password is ready to use.
  const [params] = useSearchParams();
  const passwordSet = params.get("password") === "set" && !props.error;

  useEffect(() => {
    if (!props.error) return;
    const password = formRef.current?.elements.namedItem("password");
    if (password instanceof HTMLInputElement) password.value = "";
  }, [props.error]);

  if (props.step === "code") return <CodeForm {...props} busy={busy} />;
  return (
    <Form ref={formRef} method="post" className="mt-6 space-y-5">
      {passwordSet && (
        <FormAlert kind="success">Your password is set. Sign in with it now.</FormAlert>
      )}
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
      <SubmitButton
        busy={busy}
        label={props.buttonText}
        busyLabel={props.busyText}
        className="w-full"
      />
      <PasskeySignIn door={props.door} redirectTo={props.redirectTo} />
      <p className="text-center text-sm">
        <Link
          to={`/account/forgot-password?from=${props.door}`}
          className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300"
        >
          Forgot your password?
        </Link>
      </p>
      {props.children}
    </Form>
  );
}

/**
 * The second step of a sign-in: a code from the app or a recovery code, or one of the person's
 * passkeys (whichever they have; owning one means using it).
 */
function CodeForm(props: SignInFormProps & { busy: boolean }) {
  const methods = props.methods ?? ["totp"];
  const code = methods.includes("totp");
  const passkey = methods.includes("passkey");
  return (
    <div className="mt-6 space-y-5">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Your password is right.{" "}
        {code && passkey
          ? "Now enter the 6-digit code your authenticator app shows, or one of your recovery codes, or use your passkey."
          : code
            ? "Now enter the 6-digit code your authenticator app shows, or one of your recovery codes."
            : "Now use your passkey: your device asks for your fingerprint, face or PIN."}{" "}
        This step expires in 5 minutes.
      </p>
      {code && (
        <Form method="post" className="space-y-5">
          <input type="hidden" name="intent" value="code" />
          {props.redirectTo && <input type="hidden" name="redirectTo" value={props.redirectTo} />}
          <TextField
            label="Authentication code"
            name="code"
            required
            autoComplete="one-time-code"
            error={props.error}
          />
          <SubmitButton
            busy={props.busy}
            label="Verify"
            busyLabel="Verifying..."
            className="w-full"
          />
        </Form>
      )}
      {passkey && (
        <PasskeySecondStep
          redirectTo={props.redirectTo}
          error={code ? undefined : props.error}
          alone={!code}
        />
      )}
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Lost your device and your recovery codes? An administrator can reset two-factor sign-in for
        you.
      </p>
    </div>
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

/**
 * In place of a sign-in form when someone is signed in with a role this door does not serve:
 * who they are, a link to their own area, and a sign-out button (to sign in as someone else).
 */
export function WrongDoor({
  elsewhere,
}: {
  elsewhere: { name: string; role: string; home: { to: string; label: string } };
}) {
  // Signing out leads back to this door, with the page that was asked for.
  const { pathname, search } = useLocation();
  return (
    <div className="mt-6 space-y-4" data-testid="wrong-door">
      <p className="text-slate-700 dark:text-slate-200">
        You are signed in as <strong>{elsewhere.name}</strong> ({elsewhere.role}), who cannot open
        this page.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to={elsewhere.home.to} className="btn-primary">
          {elsewhere.home.label}
        </Link>
        <SignOutButton redirectTo={`${pathname}${search}`} label="Sign out" />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        To open this page, sign out and sign in with an account that may.
      </p>
    </div>
  );
}

/** The card a sign-in form sits in: an icon, the heading (h1 on its own page), a line under it. */
export function SignInCard({
  headingId,
  icon,
  title,
  subtitle,
  level = 1,
  className = "",
  children,
}: {
  headingId: string;
  icon: IconName;
  title: string;
  subtitle?: string;
  /** 2 where the page has its own h1 (the Training Portal). */
  level?: 1 | 2;
  className?: string;
  children: ReactNode;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 text-white dark:bg-brand-500 dark:text-slate-950">
          <Icon name={icon} className="size-5" />
        </span>
        <div>
          <Heading id={headingId} className="text-2xl font-bold text-slate-900 dark:text-white">
            {title}
          </Heading>
          {subtitle && <p className="text-sm text-slate-600 dark:text-slate-300">{subtitle}</p>}
        </div>
      </div>
      {children}
    </section>
  );
}

/** A sign-in page of its own (/admin, /login): the card, centred. */
export function SignInPage({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="bg-slate-50 py-16 sm:py-20 dark:bg-slate-900/60">
      <div className="container-page max-w-md">{children}</div>
    </main>
  );
}

/** The demo hint under a sign-in form (demo mode only). */
export function DemoHint({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800 dark:border-brand-900 dark:bg-slate-800 dark:text-slate-100">
      {children}
    </div>
  );
}

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
