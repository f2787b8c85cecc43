// The registration wizard's steps (issue 45: the page's route reads the request). The wizard is
// server-driven, so it works without JavaScript: each step is a POST that carries the values of
// the other steps in hidden fields, and the enhanced form posts to the same action.
import { cardPaymentsOn } from "#app/domain/billing/card-gateway.ts";
import { formRateLimit, leadDepsOf } from "#app/domain/leads/inquiries.server.ts";
import { dayIn } from "#app/domain/settings/clock.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import type { RequestServices } from "#app/platform/context.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import { REFUSED_TEXT } from "#app/platform/input-text.ts";
import type { Reason } from "#app/platform/result.ts";
import { type FieldErrors, firstErrors } from "#app/platform/validation.ts";
import {
  type Course,
  findCourse,
  registrationCatalogue,
  type StartDate,
  startDatesOf,
  upcomingCohorts,
} from "./courses.server.ts";
import {
  companyBillingOf,
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
  PAYMENT_NOTES,
  REGISTRATION_FAILURE,
  REGISTRATION_SUCCESS,
  WIZARD_TEXTS,
  type WizardTexts,
} from "./training.ts";

/** The course the wizard's later steps are about (the chosen Certification Interest). */
export interface Selection {
  course: Pick<Course, "slug" | "title" | "duration" | "priceCents">;
  startDates: StartDate[];
}

/**
 * The wizard at a step, as the page's action answers it (action data the form reads): the next
 * step, or a step with what to correct. Not done yet, hence `ok: false` on the wire.
 */
export interface WizardState {
  ok: false;
  step: Step;
  values: WizardValues;
  fieldErrors: FieldErrors;
  error?: string;
  selection: Selection | null;
}

async function selectionOf(db: Db, slug: string | undefined, today: string) {
  const course = slug ? await findCourse(db, slug) : null;
  if (!course) return null;
  const { id, slug: s, title, duration, priceCents } = course;
  const startDates = startDatesOf(await upcomingCohorts(db, id, today));
  return { id, selection: { course: { slug: s, title, duration, priceCents }, startDates } };
}

/**
 * What the registration page shows: the course, the catalogue to choose from and the course's
 * start dates; null for a course not in the catalogue. `startDate` is the page's ?startDate=
 * (from a calendar link), empty when absent.
 */
export async function registrationPage(
  db: Db,
  env: Pick<Env, "FROZEN_NOW">,
  slug: string,
  startDate: string,
) {
  const course = await findCourse(db, slug);
  if (!course) return null;
  const today = dayIn(currentTime(env));
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
    /** The wizard's longer words (page data, not the page's script: its budget). */
    wizardTexts: WIZARD_TEXTS,
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
): Promise<{ fieldErrors: FieldErrors | null; full?: boolean }> {
  const errors = stepErrors(step, values, waitlist);
  if (errors) return { fieldErrors: errors };
  if (step === 1) {
    const course = await findCourse(db, values.certificationInterest ?? "");
    return {
      fieldErrors: course ? null : { certificationInterest: "Please select a certification." },
    };
  }
  if (step === 2) {
    const found = await selectionOf(db, values.certificationInterest, today);
    return cohortChoiceErrors(values, found?.selection.startDates ?? []);
  }
  return { fieldErrors: null };
}

/** One post of the wizard, as the page's route read it. */
export interface WizardPost {
  /** The course of the page posted to. */
  course: Pick<Course, "slug">;
  step: Step;
  intent: string;
  values: WizardValues;
  /** A full date is taken only for its waitlist, and only when the visitor was told it is full. */
  waitlist: boolean;
  /** The field that held text no field accepts (shown on it), or null. */
  refused: string | null;
  /** Where the visitor came from (utm_source, "Direct" without one) and the page they sent from. */
  source: string;
  sourcePage: string;
}

/**
 * What a post of the wizard comes to: the wizard again (the next step, or a step with what to
 * correct, with the reason it was refused); another course chosen, whose page takes the same post; a
 * stored registration's confirmation page; or, stored with no page to show, the thanks.
 */
export type WizardAnswer =
  | { state: WizardState; reason: Reason | null }
  | { otherCourse: string }
  | { confirmation: string }
  | { thanks: string };

export async function submitWizardStep(
  services: RequestServices,
  post: WizardPost,
): Promise<WizardAnswer> {
  const { db, env, logger } = services;
  const { step, intent, values, waitlist, refused } = post;
  const now = currentTime(env);
  const today = dayIn(now);

  /** The wizard again at step `at`, with what to correct and why (`reason`; null: not refused). */
  const again = async (
    at: Step,
    reason: Reason | null = null,
    fieldErrors: FieldErrors = {},
    error?: string,
  ): Promise<WizardAnswer> => ({
    reason,
    state: {
      ok: false,
      step: at,
      values,
      fieldErrors,
      error,
      selection: (await selectionOf(db, values.certificationInterest, today))?.selection ?? null,
    },
  });

  if (refused) return again(step, "invalid", { [refused]: REFUSED_TEXT }, CORRECT_FIELDS);
  // Another course chosen: the rest of the form is about that course, on its own page.
  const other = values.certificationInterest;
  if (other && other !== post.course.slug && (await findCourse(db, other))) {
    return { otherCourse: other };
  }
  if (intent === "switch") return again(1);
  if (intent === "back") return again(Math.max(1, step - 1) as Step);

  // Every step up to this one is checked again: the hidden fields came from the browser.
  for (let s = 1 as Step; s <= step; s = (s + 1) as Step) {
    const { fieldErrors, full } = await checkStep(db, s, values, today, waitlist);
    if (fieldErrors) return again(s, full ? "conflict" : "invalid", fieldErrors, CORRECT_FIELDS);
  }
  if (step < 3 || intent !== "submit") return again(Math.min(3, step + 1) as Step);

  const limited = await formRateLimit(services);
  if (limited) return again(3, "too-many", {}, limited);

  const chosen = await findCourse(db, values.certificationInterest ?? "");
  const cohorts = chosen ? await upcomingCohorts(db, chosen.id, today) : [];
  const cohort = cohorts.find(
    (c) => c.startDate === values.startDate && c.classSchedule === values.classSchedule,
  );
  if (!chosen || !cohort)
    return again(2, "invalid", { startDate: CHOOSE_LISTED_DATE }, CORRECT_FIELDS);
  const full = async () => {
    await services.invalidatePages(); // the pages may still offer the date as open
    return again(2, "conflict", { startDate: COHORT_FULL }, COHORT_FULL);
  };
  if (cohort.seatsLeft <= 0 && !waitlist) return full();
  // Only a full date's waitlist goes without a payment method: an open date needs one.
  const payment = (cohort.seatsLeft > 0 ? paymentSchema : waitlistPaymentSchema).safeParse(values);
  if (!payment.success) {
    return again(3, "invalid", firstErrors(payment.error.issues), CORRECT_FIELDS);
  }
  let receipt: string | null = null;
  try {
    const stored = await registerForCourse(
      { ...(await leadDepsOf(services)), cardPayments: cardPaymentsOn(services.env) },
      {
        ...personalInfoSchema.parse(values),
        ...scheduleSchema.parse(values),
        paymentMethod: payment.data.paymentMethod,
        billing: companyBillingOf(payment.data),
        course: chosen,
        cohortId: cohort.id,
        source: post.source,
        sourcePage: post.sourcePage,
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
      return again(2, "conflict", { startDate: ALREADY_REGISTERED }, ALREADY_REGISTERED);
    }
    if (error instanceof CohortFullError) return full();
    logger.error({ err: error, form: "registration" }, "Failed to submit registration");
    return again(3, "unavailable", {}, REGISTRATION_FAILURE);
  }
  // A seat fewer: the course pages and start-date calendars show it.
  await services.invalidatePages();
  // The confirmation page of its own, which the visitor can keep (DESIGN.md).
  if (receipt) return { confirmation: receiptPath(chosen.slug, receipt) };
  return { thanks: REGISTRATION_SUCCESS };
}

/**
 * The wizard's words when card payments go through Stripe Checkout (issue 47): a card pays
 * right away. Server-side: the register page's script has a size budget.
 */
export const WIZARD_TEXTS_WITH_CHECKOUT: WizardTexts = {
  ...WIZARD_TEXTS,
  paymentNotes: {
    ...PAYMENT_NOTES,
    "credit-card":
      "Right after you register, you pay by card on Stripe's secure checkout page; your receipt follows by e-mail.",
  },
};
