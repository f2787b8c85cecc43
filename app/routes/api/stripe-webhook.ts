// POST /api/webhooks/stripe: Stripe's events (issue 47). The raw body's signature is checked with
// the SDK against STRIPE_WEBHOOK_SECRET (a missing or forged one: 400, nothing changes); each
// event is handled once (a replay answers 200 and changes nothing). Without Stripe's keys the
// door does not exist (404).
import { dayIn } from "#app/domain/settings/clock.ts";
import { salesEmailAddress } from "#app/domain/settings/staff-settings.server.ts";
import { handleCardEvent } from "#app/domain/training/card-payments.server.ts";
import { registrationMailOf } from "#app/domain/training/registration-mail.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import { cardGateway, verifiedCardEvent } from "#app/web/card-gateway.server.ts";
import {
  BodyTooLargeError,
  json,
  jsonError,
  methodNotAllowed,
  readBody,
} from "#app/web/http.server.ts";
import type { Route } from "./+types/stripe-webhook";

/** Stripe's events are a few kilobytes; a Checkout Session's stays well under this. */
const MAX_EVENT_BYTES = 256 * 1024;

const NOT_HERE = "Card payments are not set up on this site.";

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(appContext);
  const secret = services.env.STRIPE_WEBHOOK_SECRET;
  if (!secret || !cardGateway(services.env)) return jsonError(NOT_HERE, 404);
  if (request.method !== "POST") return methodNotAllowed("POST");
  let payload: Buffer;
  try {
    payload = await readBody(request, MAX_EVENT_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return jsonError(error.message, 413);
    throw error;
  }
  const verified = verifiedCardEvent(secret, payload, request.headers.get("stripe-signature"));
  if (!verified.ok) {
    services.logger.warn({ error: verified.error }, "stripe webhook refused");
    return jsonError(verified.error, 400);
  }
  const now = currentTime(services.env);
  const handled = await handleCardEvent(
    services.db,
    await registrationMailOf(services),
    await salesEmailAddress(services.db, services.env.SALES_EMAIL),
    verified.event,
    now,
    dayIn(now),
  );
  services.logger.info(
    { event: verified.event.id, type: verified.event.type, outcome: handled.outcome },
    "stripe event",
  );
  return json({ received: true, replay: handled.replay });
}

export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(appContext);
  if (!cardGateway(env)) return jsonError(NOT_HERE, 404);
  return methodNotAllowed("POST");
}
