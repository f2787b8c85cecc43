// Customer Management values shared by the server and the browser: the lead statuses and their
// badge colours, and the display rules (dates, file sizes, stored JSON read defensively).

export const LEAD_STATUSES = [
  "New",
  "Contacted",
  "Qualified",
  "Proposal Sent",
  "In Progress",
  "Completed",
  "Closed",
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const isLeadStatus = (value: unknown): value is LeadStatus =>
  typeof value === "string" && (LEAD_STATUSES as readonly string[]).includes(value);

/** The longest note kept (characters). */
export const NOTE_MAX = 5000;

export const STATUS_ERROR = `Status must be one of: ${LEAD_STATUSES.join(", ")}.`;

const BADGES: Record<LeadStatus, string> = {
  New: "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100",
  Contacted: "bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-100",
  Qualified: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  "Proposal Sent": "bg-purple-100 text-purple-900 dark:bg-purple-950 dark:text-purple-100",
  "In Progress": "bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-100",
  Completed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  Closed: "bg-gray-200 text-gray-900 dark:bg-gray-800 dark:text-gray-100",
};

/** The spec's colours: blue New ... emerald Completed; gray for Closed and unknown values. */
export function statusBadgeClass(status: string): string {
  return isLeadStatus(status) ? BADGES[status] : BADGES.Closed;
}

/** Where a record came from, by its `form`. */
export const FORM_LABELS: Record<string, string> = {
  "ai-design": "AI design inquiry",
  service: "Service inquiry",
  general: "Contact form inquiry",
  consultation: "Consultation booking",
  registration: "Course registration",
  manual: "Added on the sales dashboard",
};

/** Which kinds of lists a record can be found in: every record, the queue, or those with an owner. */
export const OWNER_FILTERS = ["", "none", "assigned"] as const;
export type OwnerFilter = (typeof OWNER_FILTERS)[number];

/** Rows per page on every list of records. */
export const PAGE_SIZE = 50;

/** The lead's source, "Direct" when none was recorded. */
export const sourceOf = (source: string) => source.trim() || "Direct";

/**
 * The AI features of a stored lead. The column is jsonb: anything but a list (a JSON string,
 * an object, text that was never JSON) reads as no features, never as an error.
 */
export function readAiFeatures(value: unknown): string[] {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(parsed) ? parsed.filter((f): f is string => typeof f === "string") : [];
}

/** The e-mail delivery state of a lead's messages, worst first. */
export type MailSummary = "none" | "failed" | "pending" | "sent";

export function summarizeMail(statuses: string[]): MailSummary {
  if (statuses.length === 0) return "none";
  if (statuses.includes("failed")) return "failed";
  if (statuses.some((s) => s !== "sent")) return "pending";
  return "sent";
}

export const MAIL_LABELS: Record<MailSummary, string> = {
  none: "No e-mail",
  failed: "E-mail failed",
  pending: "E-mail pending",
  sent: "E-mail sent",
};
