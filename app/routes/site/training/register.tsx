// The registration page: its loader and the wizard's action (each step a POST, see
// registration-wizard.server.ts), which reads the form and answers what the step comes to.
import { data, Link, redirect } from "react-router";
import { withSeo } from "#app/components/seo.ts";
import { CourseImage } from "#app/components/training/course-image.tsx";
import {
  RegistrationWizard,
  type WizardActionData,
} from "#app/components/training/registration-wizard.tsx";
import { sourcePageOf, text } from "#app/domain/leads/inquiries.server.ts";
import { HONEYPOT_FIELD } from "#app/domain/leads/leads.ts";
import { findCourse } from "#app/domain/training/courses.server.ts";
import { type Step, wizardValuesOf } from "#app/domain/training/registration.ts";
import {
  registrationPage,
  submitWizardStep,
  WIZARD_TEXTS_WITH_CHECKOUT,
} from "#app/domain/training/registration-wizard.server.ts";
import { COURSE_NOT_FOUND, REGISTRATION_SUCCESS } from "#app/domain/training/training.ts";
import { appContext } from "#app/platform/context.ts";
import { cardGateway } from "#app/web/card-gateway.server.ts";
import { BadInputError, BodyTooLargeError, readSmallForm, statusOf } from "#app/web/http.server.ts";
import { drainBody } from "#app/web/request-body.server.ts";
import type { Route } from "./+types/register";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const startDate = new URL(request.url).searchParams.get("startDate") ?? "";
  const page = await registrationPage(db, env, params.courseId ?? "", startDate);
  if (!page) {
    // Its words as page data: the page's script has a size budget (client-code.spec.ts).
    const detail = "This course is not in our catalogue. Please choose one of our programs.";
    return data({ found: false as const, message: COURSE_NOT_FOUND, detail }, { status: 404 });
  }
  // Step 3's note for a card: Stripe Checkout right after registering, when it is set up.
  return cardGateway(env) ? { ...page, wizardTexts: WIZARD_TEXTS_WITH_CHECKOUT } : page;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(appContext);
  const course = await findCourse(services.db, params.courseId ?? "");
  if (!course) {
    drainBody(request.body);
    return data({ ok: false as const, error: COURSE_NOT_FOUND }, { status: 404 });
  }
  let form: FormData;
  let refused: string | null = null;
  try {
    form = await readSmallForm(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return data({ ok: false as const, error: error.message }, { status: 413 });
    }
    if (!(error instanceof BadInputError)) throw error;
    // Shown on its field, with what was posted minus the characters no field accepts.
    form = error.cleaned();
    refused = error.field;
  }
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  // A bot filled the field people never see: thank it, keep nothing, send nothing.
  const honeypot = field(HONEYPOT_FIELD);
  if (honeypot) {
    services.logger.info({ form: "registration" }, "honeypot filled; submission ignored");
    return data({ ok: true, message: REGISTRATION_SUCCESS } satisfies WizardActionData);
  }
  const posted = Number(form.get("step"));
  const answer = await submitWizardStep(services, {
    course,
    step: posted === 2 || posted === 3 ? (posted as Step) : 1,
    intent: String(form.get("intent") ?? ""),
    values: wizardValuesOf((name) => form.get(name)),
    waitlist: form.get("waitlist") === "1",
    refused,
    source: text(field("utm_source"), 100) || "Direct",
    sourcePage: sourcePageOf(field("sourcePage"), request.url),
  });
  // Another course: a 307 makes the browser (or the enhanced form) post the same values there.
  if ("otherCourse" in answer) {
    throw redirect(`/certification-training/${answer.otherCourse}/register`, 307);
  }
  if ("confirmation" in answer) throw redirect(answer.confirmation, 303);
  if ("thanks" in answer) {
    return data({ ok: true, message: answer.thanks } satisfies WizardActionData, { status: 200 });
  }
  return data(answer.state, { status: answer.reason ? statusOf(answer.reason) : 200 });
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData?.found
    ? withSeo(args, [
        { title: `Register for ${args.loaderData.course.title} | Sigma Technology Partners` },
        {
          name: "description",
          content: `Register for ${args.loaderData.course.title}: choose a start date, a class schedule and how to pay.`,
        },
      ])
    : [{ title: "Course not found" }, { name: "robots", content: "noindex" }];

export default function Register({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <main
        id="main"
        className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center"
      >
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">
          {loaderData.message}
        </h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{loaderData.detail}</p>
        <Link to="/certification-training" className="btn-primary mt-8">
          Browse Certification Training
        </Link>
      </main>
    );
  }
  const { course, catalogue, startDates, preselectedStartDate, wizardTexts } = loaderData;
  return (
    <main id="main" className="bg-slate-50 py-10 sm:py-16 dark:bg-slate-950">
      <div className="container-page grid grid-cols-1 gap-10 lg:grid-cols-5">
        <div className="min-w-0 lg:col-span-2">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            Register for {course.title}
          </h1>
          <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">
            Complete your registration for the certification program
          </p>
          <CourseImage
            src={course.image}
            eager
            className="mt-6 aspect-video w-full rounded-2xl shadow-sm"
          />
          <p className="mt-4 text-slate-600 dark:text-slate-300">{course.description}</p>
        </div>
        <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3 dark:border-slate-800 dark:bg-slate-900">
          <RegistrationWizard
            catalogue={catalogue}
            texts={wizardTexts}
            initial={{
              values: { certificationInterest: course.slug, startDate: preselectedStartDate },
              selection: {
                course: {
                  slug: course.slug,
                  title: course.title,
                  duration: course.duration,
                  priceCents: course.priceCents,
                },
                startDates,
              },
            }}
          />
        </div>
      </div>
    </main>
  );
}
