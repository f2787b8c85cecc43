// The card gateway the site runs with (issue 47): Stripe through the official SDK when
// STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, else none (a representative arranges a
// card payment, as the wizard promises).
import type { CardGateway } from "#app/domain/billing/card-gateway.ts";
import type { Env } from "#app/platform/env.server.ts";

export function cardGateway(
  env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_URL">,
): CardGateway | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  // Part 2 of issue 47 (Stripe Checkout) puts the SDK's implementation here.
  return null;
}
