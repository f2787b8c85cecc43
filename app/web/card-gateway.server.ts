// The card gateway the site runs with (issue 47): Stripe through the official SDK when
// STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, else none (a representative arranges a
// card payment, as the wizard promises). STRIPE_API_URL points the SDK elsewhere (the tests'
// local double). Also the webhook's check: the SDK verifies the signature and the event becomes
// the domain's typed CardEvent.
import Stripe from "stripe";
import {
  type CardEvent,
  type CardGateway,
  CardGatewayError,
} from "#app/domain/billing/card-gateway.ts";
import type { Env } from "#app/platform/env.server.ts";

type StripeEnv = Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_URL">;

/** The SDK, pointed at STRIPE_API_URL when it is set. */
function stripeClient(key: string, apiUrl: string | undefined): Stripe {
  // The checkout opens under the registration's row lock: Stripe's answer is awaited 20 s at most.
  if (!apiUrl) return new Stripe(key, { maxNetworkRetries: 2, timeout: 20_000 });
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return new Stripe(key, {
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
    maxNetworkRetries: 0,
    timeout: 20_000,
  });
}

/** Stripe's refusals and network failures as the domain's CardGatewayError. */
async function calling<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw new CardGatewayError(error.message);
    throw error;
  }
}

export function cardGateway(env: StripeEnv): CardGateway | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  const stripe = stripeClient(env.STRIPE_SECRET_KEY, env.STRIPE_API_URL);
  return {
    async openCheckout(request) {
      const registration = String(request.registrationId);
      const session = await calling(() =>
        stripe.checkout.sessions.create({
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "usd",
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          metadata: { registration_id: registration },
          payment_intent_data: { metadata: { registration_id: registration } },
          client_reference_id: registration,
          customer_email: request.customerEmail,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        }),
      );
      if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no url`);
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },
    async expireCheckout(sessionId) {
      const session = await calling(() => stripe.checkout.sessions.retrieve(sessionId));
      if (session.status === "complete") return "complete";
      if (session.status === "open") {
        const expired = await calling(() => stripe.checkout.sessions.expire(sessionId));
        if (expired.status === "complete") return "complete";
      }
      return "expired";
    },
    async refund({ paymentIntent, amountCents, idempotencyKey }) {
      const refund = await calling(() =>
        stripe.refunds.create(
          { payment_intent: paymentIntent, amount: amountCents },
          { idempotencyKey },
        ),
      );
      return { id: refund.id };
    },
  };
}

/** What the webhook's check answers: the typed event, or why it was refused. */
export type VerifiedEvent = { ok: true; event: CardEvent } | { ok: false; error: string };

/**
 * The event Stripe signed, verified with the SDK against STRIPE_WEBHOOK_SECRET (its signature
 * and its age); the Checkout events carry their session's facts, any other type only its name.
 */
export function verifiedCardEvent(
  secret: string,
  payload: Buffer,
  signature: string | null,
): VerifiedEvent {
  if (!signature) return { ok: false, error: "The Stripe-Signature header is missing." };
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, signature, secret);
  } catch {
    return { ok: false, error: "The Stripe signature does not match." };
  }
  if (!event.type.startsWith("checkout.session.")) {
    return { ok: true, event: { id: event.id, type: event.type, session: null } };
  }
  const session = event.data.object as Stripe.Checkout.Session;
  const intent = session.payment_intent;
  return {
    ok: true,
    event: {
      id: event.id,
      type: event.type,
      session: {
        id: session.id,
        paymentStatus: session.payment_status,
        amountTotal: session.amount_total ?? 0,
        paymentIntent: typeof intent === "string" ? intent : (intent?.id ?? null),
        registrationId: session.metadata?.registration_id ?? session.client_reference_id ?? null,
      },
    },
  };
}
