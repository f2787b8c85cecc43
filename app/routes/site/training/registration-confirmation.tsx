// /certification-training/:courseId/register/confirmation?token=...: where the wizard ends. A
// page of its own the visitor can keep open or come back to (DESIGN.md overrides the spec's
// 3-second redirect): what they registered for, their reference, and what happens next. A card
// registration that owes something is offered "Pay now by card" when Stripe is set up (issue 47):
// the POST opens or renews its Checkout Session and sends the visitor on; a GET never opens one.
import type { ReactNode } from "react";
import { data, Link, redirect } from "react-router";
import { CardPayment } from "#app/components/training/card-payment.tsx";
import { HeadedSection } from "#app/components/ui/headed-section.tsx";
import { When } from "#app/components/ui/when.tsx";
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import { cardCheckoutStates, openCardCheckout } from "#app/domain/training/card-payments.server.ts";
import { coursePath } from "#app/domain/training/course-detail.server.ts";
import { registrationOfToken } from "#app/domain/training/registration-links.server.ts";
import { registrationReceipt } from "#app/domain/training/registration-receipt.server.ts";
import { STATUS_LABELS } from "#app/domain/training/registration-status.ts";
import {
  CLASS_SCHEDULES,
  formatDayLong,
  formatPrice,
  labelOf,
  PAYMENT_METHODS,
  REGISTRATION_SUCCESS,
  WAITLIST_SUCCESS,
} from "#app/domain/training/training.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import type { RegistrationBilling } from "#app/platform/db/schema.ts";
import { cardGateway } from "#app/web/card-gateway.server.ts";
import { noStore, TOKEN_PAGE_HEADERS } from "#app/web/guard.server.ts";
import { statusOf } from "#app/web/http.server.ts";
import type { Route } from "./+types/registration-confirmation";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData?.receipt
      ? `Your registration for ${loaderData.receipt.course.title} | Sigma Technology Partners`
      : "Registration confirmation | Sigma Technology Partners",
  },
  { name: "robots", content: "noindex" },
];

// The address carries the link: never cached, never sent on as a referrer.
export const middleware = [noStore];
export const headers = () => TOKEN_PAGE_HEADERS;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const { siteName } = await getSiteSettings(db);
  const now = currentTime(env);
  const receipt = await registrationReceipt(db, token, now, siteName);
  if (!receipt) {
    return data({ receipt: null, coursePage: null, card: null, back: false }, { status: 410 });
  }
  const id = cardGateway(env) ? await registrationOfToken(db, token, "receipt", now) : null;
  return {
    receipt,
    coursePage: coursePath(receipt.course),
    card: id ? ((await cardCheckoutStates(db, [id], now)).get(id) ?? null) : null,
    // Back from Stripe's page: paid (the webhook may still be on its way) or not.
    back: url.searchParams.has("paid"),
  };
}

/** A company invoice's details as the visitor gave them in step 3: the address line by line. */
function billingRows(billing: RegistrationBilling): [string, ReactNode][] {
  return [
    ["Invoice to", billing.company],
    [
      "Billing address",
      <span key="address" className="whitespace-pre-line">
        {billing.address}
      </span>,
    ],
    ["Billing email", billing.email],
    ...(billing.poNumber ? [["PO number", billing.poNumber] as [string, string]] : []),
  ];
}

/** "Pay now by card": a 303 to the Checkout page; the body (any amount in it) is never read. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = context.get(appContext);
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const now = currentTime(env);
  const id = await registrationOfToken(db, token, "receipt", now);
  if (!id) return data({ cardError: "This confirmation link has ended." }, { status: 410 });
  const gateway = cardGateway(env);
  if (!gateway) {
    return data({ cardError: "Card payments are not set up on this site." }, { status: 404 });
  }
  const page = `${env.SITE_URL.replace(/\/+$/, "")}${url.pathname}?token=${token}`;
  const opened = await openCardCheckout(
    db,
    gateway,
    id,
    { successUrl: `${page}&paid=1`, cancelUrl: page },
    now,
  );
  if (!opened.ok) return data({ cardError: opened.error }, { status: statusOf(opened.reason) });
  return redirect(opened.value.url, 303);
}

export default function RegistrationConfirmation({ loaderData, actionData }: Route.ComponentProps) {
  const { receipt, coursePage, card, back } = loaderData;
  if (!receipt) {
    return (
      <main id="main" className="container-page max-w-2xl py-16 sm:py-24">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          This confirmation link has ended
        </h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
          Your registration is not affected: the e-mail we sent you has its details and your
          reference.
        </p>
        <Link to="/certification-training" className="btn-primary mt-8">
          Browse Certification Training
        </Link>
      </main>
    );
  }
  const waitlisted = receipt.status === "waitlisted";
  const catalogue =
    receipt.course.kind === "ai"
      ? { to: "/ai-training", label: "Browse AI Training" }
      : { to: "/certification-training", label: "Browse Certification Training" };
  const facts: [string, ReactNode][] = [
    ["Course", receipt.course.title],
    ["Start date", formatDayLong(receipt.startDate)],
    ["Schedule", labelOf(CLASS_SCHEDULES, receipt.classSchedule)],
    ["Duration", receipt.course.duration],
    ["Price", formatPrice(receipt.priceCents)],
    ...(receipt.paymentMethod
      ? [["Payment method", labelOf(PAYMENT_METHODS, receipt.paymentMethod)] as [string, string]]
      : []),
    ...(receipt.billing ? billingRows(receipt.billing) : []),
    ["Status", STATUS_LABELS[receipt.status]],
    ["Reference", <strong key="reference">{receipt.reference}</strong>],
  ];
  return (
    <main id="main" className="bg-slate-50 py-10 sm:py-16 dark:bg-slate-950">
      <div className="container-page max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {waitlisted ? "You are on the waitlist" : "Registration received"}
        </h1>
        <p
          role="status"
          className="mt-4 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
        >
          {waitlisted ? WAITLIST_SUCCESS : REGISTRATION_SUCCESS}
        </p>
        <HeadedSection
          id="receipt-heading"
          title="Your registration"
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
          titleClassName="text-xl font-semibold text-slate-900 dark:text-white"
        >
          <dl className="mt-5 divide-y divide-slate-200 dark:divide-slate-800">
            {facts.map(([label, value]) => (
              <div key={label} className="grid gap-1 py-3 sm:grid-cols-3">
                <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
                <dd className="text-slate-900 sm:col-span-2 dark:text-white">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-5 text-slate-700 dark:text-slate-300">
            We e-mailed you a copy at <strong>{receipt.email}</strong>
            {waitlisted
              ? " (the first class's calendar file follows when a seat is yours)"
              : ", with the first class as a calendar file"}
            . Keep your reference for any call or e-mail about this registration.
          </p>
          {receipt.status === "pending" && receipt.holdExpiresAt && (
            <p className="mt-3 text-slate-700 dark:text-slate-300">
              Your seat is held until <When at={receipt.holdExpiresAt} />: open the link in that
              e-mail to confirm your address and keep it.
            </p>
          )}
          {receipt.status === "unconfirmed" && receipt.holdExpiresAt && (
            <p className="mt-3 text-slate-700 dark:text-slate-300" data-testid="no-seat-yet">
              <strong>No seat is held for you yet:</strong> several registrations for this date came
              from your network, so this one takes its seat when you confirm your address with the
              link in that e-mail (seats go to the first confirmed; if the date is full by then, you
              join its waitlist). Please confirm by <When at={receipt.holdExpiresAt} />.
            </p>
          )}
          {back && receipt.status === "paid" && (
            <p role="status" className="mt-3 font-medium text-green-800 dark:text-green-200">
              Thank you: your card payment was received. The receipt is on its way by e-mail.
            </p>
          )}
          {back && receipt.status !== "paid" && (
            <p role="status" className="mt-3 text-slate-700 dark:text-slate-300">
              Thank you: your card payment is being confirmed. The receipt follows by e-mail.
            </p>
          )}
          {/* Back from Stripe, the payment may be confirming: no second checkout offered then. */}
          <CardPayment card={back ? null : card} error={actionData?.cardError} />
          {waitlisted && receipt.holdExpiresAt && (
            <p className="mt-3 text-slate-700 dark:text-slate-300">
              Confirm your address with the link in that e-mail by{" "}
              <When at={receipt.holdExpiresAt} /> to keep your place in line.
            </p>
          )}
        </HeadedSection>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={catalogue.to} className="btn-primary">
            {catalogue.label}
          </Link>
          {coursePage && (
            <Link to={coursePage} className="btn-secondary">
              Back to {receipt.course.title}
            </Link>
          )}
        </div>
      </div>
    </main>
  );
}
