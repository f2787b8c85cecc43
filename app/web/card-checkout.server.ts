// "Pay now by card" at the edge (issue 47): the Training Portal's post for one of the student's
// own registrations opens (or renews) its Stripe Checkout Session and answers a 303 to Stripe's
// page; a refusal comes back to the portal with its status. The amount is never read from the
// request: the domain asks Stripe for what the server says is due.
import { data, type RouterContextProvider, redirect } from "react-router";
import { openCardCheckout } from "#app/domain/training/card-payments.server.ts";
import { ownRegistrationIds } from "#app/domain/training/portal.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import { cardGateway } from "./card-gateway.server.ts";
import { getCurrentUser } from "./guard.server.ts";
import { BadInputError, BodyTooLargeError, parseId, readForm, statusOf } from "./http.server.ts";

/** What the portal shows when no checkout opened: for which registration, and why. */
export interface PayAnswer {
  pay: true;
  id: number | null;
  error: string;
}

const refused = (id: number | null, error: string, status: number) =>
  data<PayAnswer>({ pay: true, id, error }, { status });

export async function portalCardCheckout(
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const user = await getCurrentUser(request, context);
  if (user?.role !== "student") return refused(null, "Sign in as the student to pay.", 403);
  let form: FormData | null;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return refused(null, error.message, 413);
    if (error instanceof BadInputError) return refused(null, error.message, 400);
    throw error;
  }
  const services = context.get(appContext);
  const id = form ? parseId(String(form.get("id") ?? "")) : null;
  // Another student's registration is as absent as a made-up one.
  if (!id || !(await ownRegistrationIds(services.db, user)).includes(id)) {
    return refused(null, "That registration does not exist.", 404);
  }
  const gateway = cardGateway(services.env);
  if (!gateway) return refused(id, "Card payments are not set up on this site.", 404);
  const portal = `${services.env.SITE_URL.replace(/\/+$/, "")}/portal`;
  const opened = await openCardCheckout(
    services.db,
    gateway,
    id,
    { successUrl: `${portal}?paid=1`, cancelUrl: portal },
    currentTime(services.env),
  );
  if (!opened.ok) return refused(id, opened.error, statusOf(opened.reason));
  return redirect(opened.value.url, 303);
}
