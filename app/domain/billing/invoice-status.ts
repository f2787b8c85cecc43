// The Invoices screen's words (issue 47, part 3), client-safe: an invoice's statuses and the
// kinds of document listed.
export const INVOICE_STATUSES = ["open", "paid", "overdue", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: "Open",
  paid: "Paid",
  overdue: "Overdue",
  void: "Void",
};
export const LISTED_KINDS = ["invoice", "credit_note"] as const;
export type ListedKind = (typeof LISTED_KINDS)[number];
export const LISTED_KIND_LABELS: Record<ListedKind, string> = {
  invoice: "Invoice",
  credit_note: "Credit note",
};
