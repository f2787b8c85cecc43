// The customer records as CSV (the export of Customer Management), within the viewer's scope:
// owners by name and coded fields by the labels the site shows.
import type { Db } from "#app/platform/db/client.server.ts";
import { AI_FEATURES, BUDGETS, TIMELINES, WEBSITE_TYPES } from "./ai-design-options.ts";
import { toCsv, toCsvRows } from "./csv.ts";
import { type CustomerDetail, listCustomerDetails, notesText } from "./customer-detail.server.ts";
import type { CustomerFilter } from "./customers.server.ts";
import { FORM_LABELS, MAIL_LABELS } from "./customers.ts";
import { INQUIRY_TYPES, labelOf } from "./leads.ts";
import type { Viewer } from "./pipeline.server.ts";
import { referencesOf } from "./reference.ts";

const CSV_HEADER = [
  "ID",
  "Reference",
  "Created (UTC)",
  "Kind",
  "Form",
  "Name",
  "Email",
  "Phone",
  "Company",
  "Owner",
  "Status",
  "Phase",
  "Deal Value",
  "Inquiries",
  "Source",
  "Source Page",
  "Inquiry Type",
  "Website Type",
  "Budget",
  "Timeline",
  "AI Features",
  "Project Details",
  "Course",
  "Start Date",
  "Class Schedule",
  "E-mail Status",
  "Files",
  "Notes",
];

/** Rows read from the database per step of the export. */
const CSV_BATCH = 500;

/**
 * The records `viewer` may see that match the filter, as CSV, newest first: a stream that reads
 * the next batch only when the previous one has been taken, so no export is cut short and none
 * is held in memory whole.
 */
export function customersCsvStream(
  db: Db,
  viewer: Viewer,
  filter: CustomerFilter,
  timeZone: string,
  /** A registration's class schedule as the site shows it (training's labels, composed above
   *  the areas: app/web/customer-detail.server.ts). */
  scheduleLabel: (code: string) => string,
): ReadableStream<string> {
  let offset = 0;
  let done = false;
  return new ReadableStream<string>({
    start(controller) {
      controller.enqueue(toCsv(CSV_HEADER, []));
    },
    async pull(controller) {
      if (done) return;
      const batch = await listCustomerDetails(db, viewer, filter, { offset, limit: CSV_BATCH });
      offset += batch.length;
      if (batch.length > 0) controller.enqueue(csvRows(batch, timeZone, scheduleLabel));
      if (batch.length < CSV_BATCH) {
        done = true;
        controller.close();
      }
    },
  });
}

/**
 * An instant as ISO 8601 in UTC to the second ("2026-12-03T15:15:00Z"): one fixed width and one
 * zone, so a spreadsheet sorts the column as dates or as text alike.
 */
const isoUtc = (at: string) => `${at.slice(0, 19)}Z`;

function csvRows(
  customers: CustomerDetail[],
  timeZone: string,
  scheduleLabel: (code: string) => string,
): string {
  // Owners by name and coded fields by the labels the site shows, as on the screens.
  return toCsvRows(
    customers.map((c) => [
      c.id,
      referencesOf(c).join("; "),
      isoUtc(c.createdAt),
      c.kind,
      FORM_LABELS[c.form] ?? c.form,
      c.name,
      c.email,
      c.phone,
      c.company,
      c.assignee?.name ?? "",
      c.status,
      c.phase,
      (c.dealValueCents / 100).toFixed(2),
      (c.kind === "inquiry" ? 1 : 0) + c.inquiries.length,
      c.source,
      c.sourcePage,
      labelOf(INQUIRY_TYPES, c.inquiryType),
      labelOf(WEBSITE_TYPES, c.websiteType),
      labelOf(BUDGETS, c.budget),
      labelOf(TIMELINES, c.timeline),
      c.aiFeatures.map((f) => labelOf(AI_FEATURES, f)).join("; "),
      c.registration ? "" : c.message,
      c.registration?.course ?? "",
      c.registration?.startDate ?? "",
      scheduleLabel(c.registration?.classSchedule ?? ""),
      MAIL_LABELS[c.mail],
      c.files.map((f) => f.originalName).join("; "),
      notesText(c, timeZone),
    ]),
  );
}
