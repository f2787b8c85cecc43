import { ArrowRight, BookOpen, CalendarDays, ClipboardCheck, LockKeyhole } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { withSeo } from "#app/components/seo.ts";
import { FormAlert, TextField } from "#app/components/ui/fields.tsx";
import type { Route } from "./+types/portal";

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "Training Portal | Sigma Technology Partners" },
    {
      name: "description",
      content:
        "Sign in to the Sigma Technology Partners Training Portal for course materials, lab schedules, practice exams and progress tracking for students and instructors.",
    },
  ]);

const MISSING = "Please enter your email and password.";
const INVALID = "Invalid email or password";

// Accounts do not exist yet: every complete sign-in attempt is refused.
export async function action({ request }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ error: MISSING, email: "" }, { status: 400 });
  }
  const rawEmail = form.get("email");
  const rawPassword = form.get("password");
  const email = typeof rawEmail === "string" ? rawEmail.trim().slice(0, 254) : "";
  const password = typeof rawPassword === "string" ? rawPassword : "";
  if (!email || !password) return data({ error: MISSING, email }, { status: 400 });
  return data({ error: INVALID, email }, { status: 401 });
}

const features = [
  {
    icon: BookOpen,
    title: "Course materials",
    description: "Slides, lab guides and reading lists for every module.",
  },
  {
    icon: CalendarDays,
    title: "Class and lab schedules",
    description: "Session times, lab reservations and instructor office hours.",
  },
  {
    icon: ClipboardCheck,
    title: "Practice exams and progress",
    description: "Timed practice tests, scores and your readiness review.",
  },
];

export default function Portal() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);

  // After a failed attempt the password field starts empty again (it is never sent back).
  useEffect(() => {
    if (!actionData) return;
    const password = formRef.current?.elements.namedItem("password");
    if (password instanceof HTMLInputElement) password.value = "";
  }, [actionData]);

  return (
    <main id="main" className="bg-slate-50 py-16 sm:py-20 dark:bg-slate-900/60">
      <div className="container-page grid items-start gap-x-12 gap-y-10 lg:grid-cols-2">
        <div className="lg:col-start-1 lg:row-start-1">
          <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase dark:text-accent-400">
            Students and Instructors
          </p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            Training Portal
          </h1>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
            Enrolled students and Sigma instructors sign in here to reach course materials,
            schedules, practice exams and progress reports. Your account is created when your
            registration is confirmed, and your sign-in details arrive by e-mail.
          </p>
        </div>

        <section
          aria-labelledby="sign-in-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1 dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex items-center gap-3">
            <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 text-white dark:bg-brand-500 dark:text-slate-950">
              <LockKeyhole className="size-5" aria-hidden="true" />
            </span>
            <h2 id="sign-in-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
              Sign In
            </h2>
          </div>
          <Form ref={formRef} method="post" className="mt-6 space-y-5">
            <TextField
              label="Email"
              name="email"
              type="email"
              required
              autoComplete="username"
              defaultValue={actionData?.email}
            />
            <TextField
              label="Password"
              name="password"
              type="password"
              required
              autoComplete="current-password"
            />
            {actionData?.error && <FormAlert kind="error">{actionData.error}</FormAlert>}
            <button
              type="submit"
              disabled={submitting}
              aria-disabled={submitting}
              className="btn-primary w-full"
            >
              {submitting && (
                <span
                  className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
                  aria-hidden="true"
                />
              )}
              {submitting ? "Signing in..." : "Sign In"}
            </button>
          </Form>
          <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
            Forgot your password or cannot sign in? Contact your instructor or our training
            coordinator through the{" "}
            <Link
              to="/contact"
              className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300"
            >
              contact page
            </Link>
            .
          </p>
        </section>

        <div className="lg:col-start-1 lg:row-start-2">
          <ul className="space-y-5">
            {features.map((feature) => (
              <li key={feature.title} className="flex gap-4">
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                  <feature.icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <p className="font-semibold text-slate-900 dark:text-white">{feature.title}</p>
                  <p className="text-slate-600 dark:text-slate-300">{feature.description}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-10 rounded-2xl border border-brand-200 bg-white p-6 dark:border-brand-900 dark:bg-slate-900">
            <p className="font-semibold text-slate-900 dark:text-white">Not enrolled yet?</p>
            <p className="mt-1 text-slate-600 dark:text-slate-300">
              Browse our Cisco, Fortinet, CompTIA and ISACA courses and reserve a seat in the next
              cohort.
            </p>
            <Link to="/certification-training" className="btn-secondary mt-4">
              View Certification Courses <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
        </div>
      </div>
    </main>
  );
}
