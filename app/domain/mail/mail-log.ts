// The mail log's shapes and texts (client-safe).

export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const isMailStatus = (value: unknown): value is MailStatus =>
  typeof value === "string" && (MAIL_STATUSES as readonly string[]).includes(value);

export const mailStatusLabels: Record<MailStatus, string> = {
  pending: "Pending",
  sent: "Sent",
  failed: "Failed",
};

/** When the admin home warns that notifications are failing (see docs/decisions/0008-admin-users-content-mail.md). */
export const MAIL_HEALTH_RULE = {
  /** A message that failed for good within this many days. */
  failedWithinDays: 7,
  /** A message still pending after a failed attempt, created more than this many minutes ago. */
  retryingForMinutes: 15,
} as const;

export const MAIL_TEXTS = {
  notFound: "Message not found.",
  notFailed: "Only a failed message can be resent.",
  resent: "The message is queued again.",
  oneTimeLink:
    "This message carried a one-time link and cannot be resent: send a new invitation or password reset from the Users screen.",
} as const;

/** What each kind of e-mail is, in the office's words (the stored template names them). */
const TEMPLATE_LABELS: Record<string, string> = {
  "ai-design-notification": "New AI design inquiry, for the sales team",
  "service-notification": "New service inquiry, for the sales team",
  "general-notification": "New contact form message, for the sales team",
  "registration-notification": "New course registration, for the sales team",
  "inquiry-acknowledgement": "Thank-you for an inquiry",
  "registration-confirmation": "Registration received",
  "registration-confirmed": "Registration confirmed",
  "registration-cancelled": "Registration cancelled",
  "registration-cancelled-by-student": "A student cancelled, for the staff",
  "registration-moved": "Registration moved to another date",
  "registration-offer": "Seat offered from the waitlist",
  "registration-waitlisted": "Placed on the waitlist",
  "registration-hold-expired": "Held seat released",
  "registration-reminder-7d": "Reminder: class starts in a week",
  "registration-reminder-1d": "Reminder: class starts tomorrow",
  "class-session-moved": "A class moved, for its students",
  "class-session-cancelled": "A class cancelled, for its students",
  "class-session-added": "A class added, for its students",
  "class-material-released": "New course material released",
  "certificate-issued": "Certificate of completion",
  "invoice-issued": "Invoice, to the student and the billing address",
  "receipt-issued": "Receipt for a payment",
  "credit-note-issued": "Credit note for a cancellation",
  "card-payment-attention": "A card payment to refund, for the staff",
  "account-invitation": "Invitation to a staff account",
  "password-reset": "Password reset link",
  "password-changed": "Password changed notice",
  "two-factor-on": "Two-factor sign-in turned on",
  "two-factor-off": "Two-factor sign-in turned off",
  "passkey-added": "Passkey added notice",
  "passkey-removed": "Passkey removed notice",
  "recovery-codes-new": "New recovery codes notice",
  "registration-already": "Already registered for that date",
  "returning-contact": "A customer wrote again, for their sales rep",
  "lead-assigned": "A lead assigned to a sales rep",
  "leads-requeued": "Leads returned to New leads",
};

/** The kind of an e-mail for people; a kind this version does not know shows in words. */
export const mailKindLabel = (template: string): string =>
  TEMPLATE_LABELS[template] ?? (template.replace(/[-_]+/g, " ").trim() || "E-mail");

/** The recipient as the log names them: "Jane Doe <jane@example.com>", or the address. */
export const recipientOf = (m: Pick<MailLogEntry, "to" | "toName">): string =>
  m.toName ? `${m.toName} <${m.to}>` : m.to;

/** The log's one line about a message: what kind it is and for whom. */
export const mailSummary = (m: Pick<MailLogEntry, "template" | "to" | "toName">): string =>
  `${mailKindLabel(m.template)} to ${m.toName || m.to}`;

export interface MailLogEntry {
  id: number;
  template: string;
  to: string;
  /** The recipient's name, when the address is a user's or the message's lead's ("" otherwise). */
  toName: string;
  subject: string;
  body: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  /** Whether the message has an HTML part (messages queued before HTML e-mail have none). */
  hasHtml: boolean;
  /** It carried a one-time link: shown here without it ("[one-time link hidden]"), never resent. */
  oneTimeLink: boolean;
}

/** What the mail log shows in place of a one-time link's token. */
export const HIDDEN_LINK = "[one-time link hidden]";

/** One message as "Show message" shows it. */
export interface MailContent extends MailLogEntry {
  /** The HTML part with its inline images as data: URLs; null when the message is text only. */
  html: string | null;
  /** The names of the files attached (e.g. course-start.ics). */
  attachments: string[];
}

export interface MailHealth {
  /** Messages that failed for good in the window. */
  failed: number;
  /** Messages still retrying after failed attempts for longer than the threshold. */
  retrying: number;
}

export const notificationsFailing = (health: MailHealth) => health.failed + health.retrying > 0;

/** How many messages the mail log lists at most (the newest). */
export const MAIL_LOG_LIMIT = 200;
