// The registration page's loader and action: the wizard is server-driven, so it works without
// JavaScript (each step is a POST that carries the values of the other steps in hidden fields)
// and the enhanced form posts to the same action.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "react-router";
import {
  formRateLimit,
  leadDepsOf,
  sourcePageOf,
  text,
} from "#app/domain/leads/inquiries.server.ts";
import { type FieldErrors, HONEYPOT_FIELD } from "#app/domain/leads/leads.ts";
import { dayIn } from "#app/domain/settings/clock.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { REFUSED_TEXT } from "#app/platform/input-text.ts";
import { BadInputError, BodyTooLargeError, readSmallForm } from "#app/web/http.server.ts";
import { drainBody } from "#app/web/request-body.server.ts";
import {
  type Course,
  findCourse,
  registrationCatalogue,
  type StartDate,
  startDatesOf,
  upcomingCohorts,
} from "./courses.server.ts";
import {
  paymentSchema,
  personalInfoSchema,
  scheduleSchema,
  stepErrors,
  waitlistPaymentSchema,
} from "./registration.schema.ts";
import {
  CHOOSE_LISTED_DATE,
  cohortChoiceErrors,
  type Step,
  type WizardValues,
  wizardValuesOf,
} from "./registration.ts";
import { receiptPath } from "./registration-receipt.server.ts";
import {
  AlreadyRegisteredError,
  CohortFullError,
  registerForCourse,
  tellAlreadyRegistered,
} from "./registrations.server.ts";
import {
  ALREADY_REGISTERED,
  COHORT_FULL,
  COURSE_NOT_FOUND,
  REGISTRATION_FAILURE,
  REGISTRATION_SUCCESS,
} from "./training.ts";

/** The course the wizard's later steps are about (the chosen Certification Interest). */
export interface Selection {
  course: Pick<Course, "slug" | "title" | "duration" | "priceCents">;
  startDates: StartDate[];
}

export type WizardState =
  | { ok: true; message: string }
  | {
      ok: false;
      step: Step;
      values: WizardValues;
      fieldErrors: FieldErrors;
      error?: string;
      selection: Selection | null;
    };

const CORRECT_FIELDS = "Please correct the highlighted fields.";

async function selectionOf(db: Db, slug: string | undefined, today: string) {
  const course = slug ? await findCourse(db, slug) : null;
  if (!course) return null;
  const { id, slug: s, title, duration, priceCents } = course;
  const startDates = startDatesOf(await upcomingCohorts(db, id, today));
  return { id, selection: { course: { slug: s, title, duration, priceCents }, startDates } };
}

export async function registrationLoader({ params, request, context }: LoaderFunctionArgs) {
  const { db, env } = context.get(appContext);
  const course = await findCourse(db, params.courseId ?? "");
  if (!course) return data({ found: false as const, message: COURSE_NOT_FOUND }, { status: 404 });
  const today = dayIn(currentTime(env));
  const startDate = new URL(request.url).searchParams.get("startDate") ?? "";
  return {
    found: true as const,
    course: {
      slug: course.slug,
      kind: course.kind,
      title: course.title,
      description: course.description,
      image: course.image,
      duration: course.duration,
      priceCents: course.priceCents,
    },
    catalogue: await registrationCatalogue(db),
    startDates: startDatesOf(await upcomingCohorts(db, course.id, today)),
    /** From a calendar link: the wizard's Preferred Start Date starts there. */
    preselectedStartDate: /^\d{4}-\d{2}-\d{2}$/.test(startDate) ? startDate : "",
  };
}

/**
 * Checks one step on the server: its schema, then what only the database knows (the course
 * exists and takes registrations; the start date and schedule are an upcoming cohort of that
 * course with a free seat).
 */
async function checkStep(
  db: Db,
  step: Step,
  values: WizardValues,
  today: string,
  waitlist: boolean,
): Promise<{ errors: FieldErrors | null; full?: boolean }> {
  const errors = stepErrors(step, values, waitlist);
  if (errors) return { errors };
  if (step === 1) {
    const course = await findCourse(db, values.certificationInterest ?? "");
    return { errors: course ? null : { certificationInterest: "Please select a certification." } };
  }
  if (step === 2) {
    const found = await selectionOf(db, values.certificationInterest, today);
    return cohortChoiceErrors(values, found?.selection.startDates ?? []);
  }
  return { errors: null };
}

export async function registrationAction({ request, params, context }: ActionFunctionArgs) {
  const services = context.get(appContext);
  const { db, env, logger } = services;
  const urlCourse = await findCourse(db, params.courseId ?? "");
  if (!urlCourse) {
    drainBody(request.body);
    return data({ ok: false as const, error: COURSE_NOT_FOUND }, { status: 404 });
  }
  const now = currentTime(env);
  const today = dayIn(now);

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
  const values = wizardValuesOf((name) => form.get(name));
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const posted = Number(form.get("step"));
  const step: Step = posted === 2 || posted === 3 ? posted : 1;
  const intent = form.get("intent");

  const state = async (
    at: Step,
    fieldErrors: FieldErrors = {},
    error?: string,
  ): Promise<WizardState> => ({
    ok: false,
    step: at,
    values,
    fieldErrors,
    error,
    selection: (await selectionOf(db, values.certificationInterest, today))?.selection ?? null,
  });

  // A bot filled the field people never see: thank it, keep nothing, send nothing.
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot !== "") {
    logger.info({ form: "registration" }, "honeypot filled; submission ignored");
    return data({ ok: true, message: REGISTRATION_SUCCESS } satisfies WizardState);
  }

  if (refused) {
    return data(await state(step, { [refused]: REFUSED_TEXT }, CORRECT_FIELDS), { status: 400 });
  }
  // Another course chosen: the rest of the form is about that course, on its own page. A 307
  // makes the browser (or the enhanced form) post the same values there.
  const other = values.certificationInterest;
  if (other && other !== urlCourse.slug && (await findCourse(db, other))) {
    throw redirect(`/certification-training/${other}/register`, 307);
  }
  if (intent === "switch") return data(await state(1));
  if (intent === "back") return data(await state(Math.max(1, step - 1) as Step));

  // A full date is taken only for its waitlist, and only when the visitor was told it is full.
  const waitlist = form.get("waitlist") === "1";
  // Every step up to this one is checked again: the hidden fields came from the browser.
  for (let s = 1 as Step; s <= step; s = (s + 1) as Step) {
    const { errors, full } = await checkStep(db, s, values, today, waitlist);
    if (errors) {
      return data(await state(s, errors, CORRECT_FIELDS), { status: full ? 409 : 400 });
    }
  }
  if (step < 3 || intent !== "submit") {
    return data(await state(Math.min(3, step + 1) as Step));
  }

  const limited = await formRateLimit(services);
  if (limited) return data(await state(3, {}, limited), { status: 429 });

  const chosen = await findCourse(db, values.certificationInterest ?? "");
  const cohorts = chosen ? await upcomingCohorts(db, chosen.id, today) : [];
  const cohort = cohorts.find(
    (c) => c.startDate === values.startDate && c.classSchedule === values.classSchedule,
  );
  if (!chosen || !cohort) {
    return data(await state(2, { startDate: CHOOSE_LISTED_DATE }, CORRECT_FIELDS), {
      status: 400,
    });
  }
  const full = async () => {
    await services.invalidatePages(); // the pages may still offer the date as open
    return data(await state(2, { startDate: COHORT_FULL }, COHORT_FULL), { status: 409 });
  };
  if (cohort.seatsLeft <= 0 && !waitlist) return full();
  // Only a full date's waitlist goes without a payment method: an open date needs one.
  const payment = (cohort.seatsLeft > 0 ? paymentSchema : waitlistPaymentSchema).safeParse(values);
  if (!payment.success) {
    const errors = stepErrors(3, values) ?? {};
    return data(await state(3, errors, CORRECT_FIELDS), { status: 400 });
  }
  let receipt: string | null = null;
  try {
    const stored = await registerForCourse(
      await leadDepsOf(services),
      {
        ...personalInfoSchema.parse(values),
        ...scheduleSchema.parse(values),
        ...payment.data,
        course: chosen,
        cohortId: cohort.id,
        source: text(field("utm_source"), 100) || "Direct",
        sourcePage: sourcePageOf(field("sourcePage"), request.url),
        waitlist,
        clientIp: services.clientIp,
      },
      now,
    );
    receipt = stored.receipt;
  } catch (error) {
    if (error instanceof AlreadyRegisteredError) {
      // The address's owner hears of it, with their registration's page.
      await tellAlreadyRegistered(
        await leadDepsOf(services),
        {
          email: values.email ?? "",
          cohortId: cohort.id,
        },
        now,
      ).catch((err) => logger.warn({ err }, "could not tell the address it is registered"));
      const fieldErrors = { startDate: ALREADY_REGISTERED };
      return data(await state(2, fieldErrors, ALREADY_REGISTERED), { status: 409 });
    }
    if (error instanceof CohortFullError) return full();
    logger.error({ err: error, form: "registration" }, "Failed to submit registration");
    return data(await state(3, {}, REGISTRATION_FAILURE), { status: 503 });
  }
  // A seat fewer: the course pages and start-date calendars show it.
  await services.invalidatePages();
  // The confirmation page of its own, which the visitor can keep (DESIGN.md).
  if (receipt) throw redirect(receiptPath(chosen.slug, receipt), 303);
  return data({ ok: true, message: REGISTRATION_SUCCESS } satisfies WizardState);
}
