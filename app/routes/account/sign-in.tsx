// /account/sign-in: where /account sends a visitor who is not signed in. Each kind of account
// signs in at its own door; each link comes back to /account afterwards.
import { Link } from "react-router";
import { SignInCard, SignInPage } from "#app/components/auth/sign-in-form.tsx";
import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = () => [
  { title: "Sign in to your account | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

const doors = [
  { to: "/admin", label: "Administrators" },
  { to: "/login", label: "Sales representatives and managers" },
  { to: "/portal", label: "Students and instructors" },
];

export default function AccountSignIn() {
  return (
    <SignInPage>
      <SignInCard headingId="account-sign-in-heading" icon="user-round" title="Your Account">
        <p className="mt-4 text-slate-600 dark:text-slate-300">
          Sign in first. Where you sign in depends on your account:
        </p>
        <ul className="mt-3 space-y-2">
          {doors.map((door) => (
            <li key={door.to}>
              <Link
                to={`${door.to}?redirectTo=${encodeURIComponent("/account")}`}
                className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300"
              >
                {door.label}
              </Link>
            </li>
          ))}
        </ul>
      </SignInCard>
    </SignInPage>
  );
}
