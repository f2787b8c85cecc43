// "Pay now by card" (issue 47): a registration paying by credit card that owes something posts
// here to open (or renew) its Stripe Checkout Session and is sent on to Stripe's page. A plain
// document post: the answer is a redirect to another site.
import { Form } from "react-router";
import { formatPrice } from "#app/domain/training/training.ts";

export interface CardPaymentProps {
  /** The registration's card state (null: nothing to pay by card here). */
  card: {
    payable: boolean;
    dueCents: number;
    last: "none" | "open" | "complete" | "expired";
  } | null;
  /** The form's target: the page's own address, or the portal's ?pay. */
  action?: string;
  /** Hidden fields the target needs (the portal's registration id). */
  fields?: Record<string, string>;
  /** Why the last attempt opened nothing. */
  error?: string | null;
}

export function CardPayment({ card, action, fields = {}, error }: CardPaymentProps) {
  if (!card?.payable) return null;
  const renew = card.last === "expired";
  return (
    <div className="mt-4 rounded-lg border border-blue-200 bg-blue-50 p-4 dark:border-blue-900 dark:bg-blue-950">
      <p className="text-slate-800 dark:text-slate-100">
        {renew
          ? `Your last card checkout expired before it was paid: open a new one to pay ${formatPrice(card.dueCents)}.`
          : `Pay ${formatPrice(card.dueCents)} securely by card on Stripe's checkout page; your receipt follows by e-mail.`}
      </p>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-200">
          {error}
        </p>
      )}
      <Form method="post" action={action} reloadDocument className="mt-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="btn-primary">
          {renew ? "Open a new checkout" : "Pay now by card"}
        </button>
      </Form>
    </div>
  );
}
