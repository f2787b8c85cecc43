// /registrations/offer?token=... and /registrations/confirm?token=...: where a registration's
// one-time links lead (decision 0017). The page shows what the link is about; the answer is a
// POST (a mail scanner that opens the link changes nothing). With Stripe set up, a card
// registration's confirmation also pays: "Confirm my address and pay by card" confirms, then
// sends the student on to Stripe Checkout (issue 47).
import {
  data,
  Link,
  redirect,
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
} from "react-router";
import { SignInCard, SignInPage } from "#app/components/auth/sign-in-form.tsx";
import { FormAlert } from "#app/components/ui/fields.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { When } from "#app/components/ui/when.tsx";
import { dayIn } from "#app/domain/settings/clock.ts";
import {
  cardCheckoutStates,
  openCardCheckout,
  receiptPageOf,
} from "#app/domain/training/card-payments.server.ts";
import { registrationOfToken } from "#app/domain/training/registration-links.server.ts";
import { registrationMailOf } from "#app/domain/training/registration-mail.server.ts";
import { formatDayLong } from "#app/domain/training/training.ts";
import {
  answerOffer,
  confirmEmailHold,
  OFFER_TEXTS,
  registrationOfLink,
} from "#app/domain/training/waitlist.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext, type RequestServices } from "#app/platform/context.ts";
import { cardGateway } from "#app/web/card-gateway.server.ts";
import { noStore, TOKEN_PAGE_HEADERS } from "#app/web/guard.server.ts";
import { BadInputError, BodyTooLargeError, readForm, statusOf } from "#app/web/http.server.ts";
import type { Route } from "./+types/registration-link";

export const meta: Route.MetaFunction = () => [
  { title: "Your registration | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

// The address carries the token: never cached, never sent on as a referrer.
export const middleware = [noStore];
export const headers = () => TOKEN_PAGE_HEADERS;

const purposeOf = (link: string | undefined) =>
  link === "offer" ? "offer" : link === "confirm" ? "email" : null;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const purpose = purposeOf(params.link);
  if (!purpose) throw data("Not found", { status: 404 });
  const { db, env } = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await registrationOfLink(db, token, purpose, currentTime(env));
  const offer = purpose === "offer";
  if (!found) {
    return data(
      {
        offer,
        found: null,
        token: "",
        problem: offer ? OFFER_TEXTS.gone : OFFER_TEXTS.confirmGone,
        payByCard: false,
      },
      { status: 410, headers: TOKEN_PAGE_HEADERS },
    );
  }
  const id =
    !offer && cardGateway(env)
      ? await registrationOfToken(db, token, purpose, currentTime(env))
      : null;
  const card = id ? (await cardCheckoutStates(db, [id], currentTime(env))).get(id) : undefined;
  return data(
    { offer, found, token, problem: null, payByCard: Boolean(card?.payable) },
    { headers: TOKEN_PAGE_HEADERS },
  );
}

/** After the address is confirmed, "and pay by card": a 303 to Stripe's page, or why not. */
async function payAfterConfirming(
  services: RequestServices,
  id: number,
  now: Date,
): Promise<Response | string> {
  const gateway = cardGateway(services.env);
  const page = await receiptPageOf(services.db, id, now);
  if (!gateway || !page) return "Card payments are not set up on this site.";
  const back = `${services.env.SITE_URL.replace(/\/+$/, "")}${page}`;
  const opened = await openCardCheckout(
    services.db,
    gateway,
    id,
    { successUrl: `${back}&paid=1`, cancelUrl: back },
    now,
  );
  return opened.ok ? redirect(opened.value.url, 303) : opened.error;
}

// After an answer the link is spent: the page keeps what it showed and says what happened,
// instead of reloading into "This link has ended".
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) => (actionResult ? false : defaultShouldRevalidate);

export async function action({ request, params, context }: Route.ActionArgs) {
  const purpose = purposeOf(params.link);
  if (!purpose) throw data("Not found", { status: 404 });
  const services = context.get(appContext);
  let form: FormData | null;
  try {
    form = await readForm(request);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError || error instanceof BadInputError)) throw error;
    const refused = { ok: false as const, error: error.message };
    return data(refused, {
      status: error instanceof BodyTooLargeError ? 413 : 400,
      headers: TOKEN_PAGE_HEADERS,
    });
  }
  const token = String(form?.get("token") ?? "");
  const now = currentTime(services.env);
  // Read before the link is spent: the registration to pay once the address is confirmed.
  const paying =
    purpose === "email" && form?.get("intent") === "pay"
      ? await registrationOfToken(services.db, token, "email", now)
      : null;
  const answer =
    purpose === "offer"
      ? await answerOffer(
          services.db,
          await registrationMailOf(services),
          token,
          form?.get("intent") === "accept",
          now,
          dayIn(now),
        )
      : await confirmEmailHold(
          services.db,
          await registrationMailOf(services),
          token,
          now,
          dayIn(now),
        );
  if (!answer.ok) {
    return data(answer, { status: statusOf(answer.reason), headers: TOKEN_PAGE_HEADERS });
  }
  // An answer may move seats: the course pages show availability.
  await services.invalidatePages();
  if (paying) {
    const paid = await payAfterConfirming(services, paying, now);
    if (paid instanceof Response) return paid;
    return data(
      { ok: true as const, ...answer.value, payError: paid },
      { status: 200, headers: TOKEN_PAGE_HEADERS },
    );
  }
  // The status is said: without it the page's status is the loader's, which finds the link spent.
  return data({ ok: true as const, ...answer.value }, { status: 200, headers: TOKEN_PAGE_HEADERS });
}

export default function RegistrationLink() {
  const { offer, found, token, problem, payByCard } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const ended = problem || (answer && !answer.ok && "reason" in answer && answer.reason === "gone");
  return (
    <SignInPage>
      <SignInCard
        headingId="registration-link-heading"
        icon={offer ? "ticket" : "mail"}
        title={
          answer?.ok
            ? answer.heading
            : ended
              ? offer
                ? "This offer has ended"
                : "This link has ended"
              : offer
                ? "A seat is free for you"
                : "Confirm your e-mail address"
        }
      >
        {answer ? (
          <div className="mt-6">
            <FormAlert kind={answer.ok ? "success" : "error"}>
              {answer.ok ? answer.message : answer.error}
            </FormAlert>
            {answer.ok && "payError" in answer && typeof answer.payError === "string" && (
              <div className="mt-3">
                <FormAlert kind="error">{answer.payError}</FormAlert>
              </div>
            )}
            {answer.ok && answer.next && (
              <section aria-labelledby="next-steps-heading" className="mt-6">
                <h2
                  id="next-steps-heading"
                  className="font-semibold text-slate-900 dark:text-white"
                >
                  What comes next
                </h2>
                <p className="mt-2 text-slate-700 dark:text-slate-300">{answer.next}</p>
                <Link to="/portal" className="btn-primary mt-4">
                  Go to the Training Portal
                  <Icon name="arrow-right" className="size-4" />
                </Link>
              </section>
            )}
          </div>
        ) : problem || !found ? (
          <div className="mt-6">
            <FormAlert kind="error">{problem}</FormAlert>
          </div>
        ) : (
          <>
            <p className="mt-4 text-slate-700 dark:text-slate-300">
              <strong className="text-slate-900 dark:text-white">{found.course}</strong>, starting{" "}
              <time dateTime={found.startDate}>{formatDayLong(found.startDate)}</time> (
              {found.schedule}).
            </p>
            {found.until && (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
                {offer
                  ? "The seat is held for you until "
                  : found.status === "unconfirmed"
                    ? "No seat is held for you yet: confirming takes one if the date still has one (otherwise you join its waitlist). Please confirm by "
                    : found.status === "waitlisted"
                      ? "You are on the waitlist: confirm your address to keep your place in line, by "
                      : "Your seat is held until "}
                <When at={found.until} />.
              </p>
            )}
            <form method="post" className="mt-6 flex flex-wrap gap-3">
              <input type="hidden" name="token" value={token} />
              {offer ? (
                <>
                  <button type="submit" name="intent" value="accept" className="btn-primary">
                    Accept the seat
                  </button>
                  <button type="submit" name="intent" value="decline" className="btn-secondary">
                    Decline it
                  </button>
                </>
              ) : (
                <>
                  {payByCard && (
                    <button type="submit" name="intent" value="pay" className="btn-primary">
                      Confirm my address and pay by card
                    </button>
                  )}
                  <button
                    type="submit"
                    name="intent"
                    value="confirm"
                    className={payByCard ? "btn-secondary" : "btn-primary"}
                  >
                    {found.status === "unconfirmed"
                      ? "Confirm my address and take a seat"
                      : found.status === "waitlisted"
                        ? "Confirm my address and keep my place"
                        : "Confirm my address and keep the seat"}
                  </button>
                </>
              )}
            </form>
          </>
        )}
      </SignInCard>
    </SignInPage>
  );
}
