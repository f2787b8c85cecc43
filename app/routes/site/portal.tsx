// /portal: the Training Portal's sign-in door, and once signed in a student's registrations or an
// instructor's cohorts. Over 400 lines: one route answers the sign-in and the student's posts
// (cancel, a new calendar address, "Pay now by card"), each a short dispatch to its helper.
import { data, Link, useActionData, useLoaderData } from "react-router";
import { SignInDoor, SignOutButton } from "#app/components/auth/sign-in-form.tsx";
import { withSeo } from "#app/components/seo.ts";
import { InstructorCohorts } from "#app/components/training/instructor-cohorts.tsx";
import {
  type CancelAnswer,
  ClassCalendar,
  type PortalCertificate,
  StudentRegistrations,
} from "#app/components/training/portal-registrations.tsx";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { displayName, PORTAL_ROLES, roleLabels } from "#app/domain/auth/roles.ts";
import { documentsOf } from "#app/domain/billing/invoices.server.ts";
import { formatAmount } from "#app/domain/billing/money.ts";
import { dayIn, formatDate } from "#app/domain/settings/clock.ts";
import { getSiteSettings, getTimeZone } from "#app/domain/settings/settings.server.ts";
import { studentCancelDays } from "#app/domain/settings/staff-settings.server.ts";
import { instructorClasses } from "#app/domain/training/attendance.server.ts";
import { ATTENDANCE_EDIT_DAYS } from "#app/domain/training/attendance.ts";
import { withCancellationPreviews } from "#app/domain/training/cancellation-refunds.server.ts";
import {
  type CardCheckoutState,
  cardCheckoutStates,
} from "#app/domain/training/card-payments.server.ts";
import {
  type PublicCertificate,
  studentCertificates,
} from "#app/domain/training/certificates.server.ts";
import {
  classFeedPath,
  hasClassFeed,
  renewClassFeed,
} from "#app/domain/training/class-calendar.server.ts";
import { certificatePath, linkedInAddUrl } from "#app/domain/training/completion.ts";
import { listInstructorCohorts } from "#app/domain/training/courses-admin.server.ts";
import { studentMaterials } from "#app/domain/training/materials.server.ts";
import { listPortalRegistrations } from "#app/domain/training/portal.server.ts";
import {
  cancelOwnRegistration,
  registrationServicesOf,
} from "#app/domain/training/registration-admin.server.ts";
import { REGISTRATION_TEXTS } from "#app/domain/training/registration-status.ts";
import { addDays, EMPTY_COHORT_HORIZON_DAYS } from "#app/domain/training/training.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { type PayAnswer, portalCardCheckout } from "#app/web/card-checkout.server.ts";
import { cardGateway } from "#app/web/card-gateway.server.ts";
import { readSignInHint } from "#app/web/cookie.server.ts";
import { getCurrentUser, noStoreWhenSignedIn, signedInElsewhere } from "#app/web/guard.server.ts";
import {
  BadInputError,
  BodyTooLargeError,
  parseId,
  readForm,
  statusOf,
} from "#app/web/http.server.ts";
import { signInAction } from "#app/web/sign-in.server.ts";
import type { Route } from "./+types/portal";

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "Training Portal | Sigma Technology Partners" },
    {
      name: "description",
      content:
        "Sign in to the Sigma Technology Partners Training Portal: your course registrations, start dates, class times and calendar files, and your account. Instructors see their cohorts and rosters.",
    },
  ]);

export const middleware = [noStoreWhenSignedIn];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request, context);
  // Just chose a password in this browser: the address is filled in.
  if (!user) return { member: null, elsewhere: null, hint: readSignInHint(request) };
  if (!PORTAL_ROLES.includes(user.role)) {
    return { member: null, elsewhere: signedInElsewhere(user), hint: undefined };
  }
  const { db, env } = context.get(appContext);
  const now = currentTime(env);
  const today = dayIn(now);
  const own = await listPortalRegistrations(db, user, today, await studentCancelDays(db), now);
  // "Pay now by card" for a card registration that owes something, when Stripe is set up.
  const cards = cardGateway(env)
    ? await cardCheckoutStates(
        db,
        own.map((r) => r.id),
        now,
      )
    : new Map();
  return {
    elsewhere: null,
    hint: undefined,
    member: {
      name: displayName(user),
      role: roleLabels[user.role],
      instructor: user.role === "instructor",
      registrations: await withCancellationPreviews(
        db,
        await withReleases(
          db,
          own.map((r) => ({ ...r, card: cards.get(r.id) ?? null })),
          user.role === "student" ? await studentMaterials(db, user, now) : new Map(),
          await studentCertificates(db, user),
          {
            siteUrl: env.SITE_URL,
            organization: (await getSiteSettings(db)).siteName,
            zone: await getTimeZone(db),
          },
        ),
        today,
      ),
      // A student's private class calendar: made yet or not (its address is shown once).
      classFeed: user.role === "student" && (await hasClassFeed(db, user.id)),
      // An instructor's cohorts (their courses only) with the students registered.
      // The classes of the last week and today, to mark attendance (newest first).
      classes: await instructorClasses(db, user, addDays(today, -ATTENDANCE_EDIT_DAYS), today),
      cohorts:
        user.role === "instructor"
          ? await listInstructorCohorts(
              db,
              user.id,
              today,
              addDays(today, EMPTY_COHORT_HORIZON_DAYS),
            )
          : [],
    },
  };
}

/**
 * Each registration with its released materials (files by their portal address, links as they
 * are), its certificate (the PDF, the public page and LinkedIn's form filled in) and its billing
 * documents (invoices, as issued).
 */
async function withReleases(
  db: Db,
  registrations: (Awaited<ReturnType<typeof listPortalRegistrations>>[number] & {
    card: CardCheckoutState | null;
  })[],
  materials: Awaited<ReturnType<typeof studentMaterials>>,
  certificates: Awaited<ReturnType<typeof studentCertificates>>,
  site: { siteUrl: string; organization: string; zone: string },
) {
  const portalCertificate = (c: PublicCertificate): PortalCertificate => {
    const url = `${site.siteUrl.replace(/\/+$/, "")}${certificatePath(c.id)}`;
    return {
      id: c.id,
      issuedOn: formatDate(c.issuedAt, site.zone),
      revoked: c.revokedAt !== null,
      url,
      linkedIn: linkedInAddUrl({
        courseTitle: c.courseTitle,
        organization: site.organization,
        issuedOn: dayIn(c.issuedAt, site.zone),
        id: c.id,
        url,
      }),
    };
  };
  const documents = await documentsOf(
    db,
    registrations.map((r) => r.id),
  );
  return registrations.map((r) => ({
    ...r,
    documents: (documents.get(r.id) ?? []).map((d) => ({
      number: d.number,
      kind: d.kind,
      total: formatAmount(d.totalCents),
      dueOn: d.dueOn,
    })),
    certificate: certificates.has(r.id)
      ? portalCertificate(certificates.get(r.id) as PublicCertificate)
      : null,
    materials: (materials.get(r.id) ?? []).map((m) => ({
      id: m.id,
      title: m.title,
      href: m.storageKey ? `/portal/materials/${m.id}` : m.url,
      file: Boolean(m.storageKey),
    })),
  }));
}

export function action({ request, context }: Route.ActionArgs) {
  // A student's "Cancel my registration" posts to ?cancel, a new class-calendar address to
  // ?feed; everything else is the sign-in form.
  const params = new URL(request.url).searchParams;
  if (params.has("cancel")) return cancelAction(request, context);
  if (params.has("feed")) return feedAction(request, context);
  if (params.has("pay")) return portalCardCheckout(request, context);
  return signInAction(request, context, "portal");
}

/** A student's private class-calendar address, made anew (the old one stops working). */
async function feedAction(request: Request, context: Route.ActionArgs["context"]) {
  const user = await getCurrentUser(request, context);
  if (user?.role !== "student") {
    return data(
      { feed: true, url: "", error: "Sign in as the student to make a calendar address." },
      { status: 403 },
    );
  }
  const services = context.get(appContext);
  const token = await renewClassFeed(services.db, { user, ip: services.clientIp }, user.id);
  const site = services.env.SITE_URL.replace(/\/+$/, "");
  return { feed: true, url: `${site}${classFeedPath(token)}`, error: "" };
}

const cancelAnswer = (body: CancelAnswer, status = 200) => data(body, { status });

/**
 * The Training Portal's "Cancel my registration" (issue 22): a signed-in student cancels their
 * own registration until the staff setting's days before the start; staff are e-mailed.
 */
async function cancelAction(request: Request, context: Route.ActionArgs["context"]) {
  const user = await getCurrentUser(request, context);
  if (user?.role !== "student") {
    return cancelAnswer(
      { cancel: true, ok: false, error: "Sign in as the student to cancel a registration." },
      403,
    );
  }
  let form: FormData | null;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return cancelAnswer({ cancel: true, ok: false, error: error.message }, 413);
    }
    if (error instanceof BadInputError) {
      return cancelAnswer({ cancel: true, ok: false, error: error.message }, 400);
    }
    throw error;
  }
  const id = form ? parseId(String(form.get("id") ?? "")) : null;
  if (!id) {
    return cancelAnswer({ cancel: true, ok: false, error: REGISTRATION_TEXTS.notFound }, 404);
  }
  const services = context.get(appContext);
  const now = currentTime(services.env);
  const outcome = await cancelOwnRegistration(
    await registrationServicesOf(services, cardGateway(services.env)),
    { user, ip: services.clientIp },
    id,
    await studentCancelDays(services.db),
    now,
    dayIn(now),
  );
  if (!outcome.ok) {
    return cancelAnswer(
      { cancel: true, ok: false, error: outcome.error },
      statusOf(outcome.reason),
    );
  }
  await services.invalidatePages(); // a seat is free again on the course pages
  return cancelAnswer({ cancel: true, ok: true, message: outcome.value });
}

/** What a signed-in student finds (and nothing the portal does not have). */
const features: { icon: IconName; title: string; description: string }[] = [
  {
    icon: "book-open",
    title: "Your registrations",
    description: "Every course you registered for, with its start date, price and status.",
  },
  {
    icon: "calendar-days",
    title: "Class days and times",
    description:
      "Each course's schedule and what it includes, and every class in your calendar app.",
  },
  {
    icon: "clipboard-check",
    title: "Changes and your account",
    description: "Cancel a registration while there is time, and manage your password and sign-in.",
  },
];

export default function Portal() {
  const { member, elsewhere, hint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (member) {
    const cancelled = actionData && "cancel" in actionData ? actionData : null;
    const feedUrl = actionData && "feed" in actionData ? actionData.url : "";
    const payError = actionData && "pay" in actionData ? actionData : null;
    return (
      <PortalHome member={member} cancelled={cancelled} feedUrl={feedUrl} payError={payError} />
    );
  }
  const signIn =
    actionData && !("cancel" in actionData) && !("feed" in actionData) && !("pay" in actionData)
      ? actionData
      : undefined;

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
            Enrolled students sign in here to see their registrations, class days and times and what
            each course includes; instructors see their cohorts and who is registered. Your account
            is created when your registration is confirmed, and the link to choose your password
            arrives by e-mail.
          </p>
        </div>

        <SignInDoor
          door="portal"
          card={{
            headingId: "sign-in-heading",
            icon: "lock-keyhole",
            title: "Sign In",
            level: 2,
            className: "lg:col-start-2 lg:row-span-2 lg:row-start-1",
          }}
          elsewhere={elsewhere}
          hint={hint}
          answer={signIn}
        >
          <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
            Cannot sign in? Contact your instructor or our training coordinator through the{" "}
            <Link
              to="/contact"
              className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300"
            >
              contact page
            </Link>
            .
          </p>
        </SignInDoor>

        <div className="lg:col-start-1 lg:row-start-2">
          <ul className="space-y-5">
            {features.map((feature) => (
              <li key={feature.title} className="flex gap-4">
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                  <Icon name={feature.icon} className="size-5" />
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
              {"View Certification Courses "}
              <Icon name="arrow-right" className="size-4" />
            </Link>
          </div>
        </div>
      </div>
    </main>
  );
}

type Member = NonNullable<Awaited<ReturnType<typeof loader>>["member"]>;

/** The portal after sign-in: who is signed in, their registrations, sign-out. */
function PortalHome({
  member,
  cancelled,
  feedUrl,
  payError,
}: {
  member: Member;
  cancelled: CancelAnswer | null;
  feedUrl: string;
  payError: PayAnswer | null;
}) {
  return (
    <main id="main" className="bg-slate-50 py-16 sm:py-20 dark:bg-slate-900/60">
      <div className="container-page max-w-3xl">
        <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase dark:text-accent-400">
          Training Portal
        </p>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">
            Welcome, {member.name}
          </h1>
          <div className="flex gap-2">
            <Link to="/account" className="btn-secondary">
              Your account
            </Link>
            <SignOutButton redirectTo="/portal" label="Sign Out" />
          </div>
        </div>
        <p className="mt-2 text-slate-600 dark:text-slate-300">Signed in as {member.role}.</p>
        {member.instructor ? (
          <InstructorCohorts cohorts={member.cohorts} classes={member.classes} />
        ) : (
          <>
            <StudentRegistrations
              registrations={member.registrations}
              cancelled={cancelled}
              payError={payError}
            />
            <ClassCalendar hasFeed={member.classFeed} url={feedUrl} />
          </>
        )}
      </div>
    </main>
  );
}
