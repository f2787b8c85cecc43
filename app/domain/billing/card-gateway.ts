// The card payment gateway as the domain sees it (issue 47, decision 0025): Stripe Checkout and
// refunds behind a typed port. The platform implements it with the official `stripe` SDK when
// STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set; without them there is no gateway (null)
// and card registrations keep the wizard's promise that a representative will call.

/** Whether the site takes card payments: Stripe's two keys are set (both or neither). */
export const cardPaymentsOn = (env: {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
}) => Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);

export interface CheckoutRequest {
  registrationId: number;
  /** The server's amount, in cents: never one a client sent. */
  amountCents: number;
  /** The line the student sees on Stripe's page. */
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface OpenedCheckout {
  id: string;
  url: string;
  expiresAt: Date;
}

export interface CardGateway {
  openCheckout(request: CheckoutRequest): Promise<OpenedCheckout>;
  /**
   * Expires a session while it is open (a renewed one replaces it); answers what it is now:
   * "complete" when the customer paid it meanwhile (its webhook may still be on its way).
   */
  expireCheckout(sessionId: string): Promise<"expired" | "complete">;
  /** Refunds part or all of a payment intent; the idempotency key makes a retry refund once. */
  refund(request: {
    paymentIntent: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
}

/** A webhook event Stripe signed (the platform verified it), as the domain reads it. */
export interface CardEvent {
  /** Stripe's id, evt_...: each is handled once. */
  id: string;
  type: string;
  /** A Checkout Session's facts (checkout.session.* events), else null. */
  session: {
    id: string;
    /** paid | unpaid | no_payment_required */
    paymentStatus: string;
    /** What Stripe charged, in cents: the amount the server set when it opened the session. */
    amountTotal: number;
    paymentIntent: string | null;
    /** The metadata's registration_id as Stripe sent it back. */
    registrationId: string | null;
  } | null;
}

/** The gateway refused a call or could not be reached: nothing was done, try again later. */
export class CardGatewayError extends Error {
  override name = "CardGatewayError";
}
