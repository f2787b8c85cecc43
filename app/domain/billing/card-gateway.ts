// The card payment gateway as the domain sees it (issue 47, decision 0025): Stripe Checkout and
// refunds behind a typed port. The platform implements it with the official `stripe` SDK when
// STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set; without them there is no gateway (null)
// and card registrations keep the wizard's promise that a representative will call.

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
  /** Expires an open session (a renewed one replaces it). */
  expireCheckout(sessionId: string): Promise<void>;
  /** Refunds part or all of a payment intent; the idempotency key makes a retry refund once. */
  refund(request: {
    paymentIntent: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
}
