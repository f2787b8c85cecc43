// Money on invoices, credit notes and receipts: always dollars and cents ("$4,995.00"), a credit
// as "-$4,995.00". (The pipeline's `formatMoney` leaves whole dollars without cents, and training's
// `formatPrice` too: right for a price on a page, not for a line of an invoice.)
const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Integer cents as an invoice prints them: 499500 is "$4,995.00", -499500 "-$4,995.00". */
export function formatAmount(cents: number): string {
  // -0 (a credit of nothing) prints as "$0.00", not "-$0.00".
  return dollars.format(cents === 0 ? 0 : cents / 100);
}
