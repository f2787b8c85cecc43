// What the public inquiry forms store: an inquiry read and checked at the edge
// (app/web/inquiry.server.ts: the body, its files already in storage, the form's schema) becomes
// a lead with its notifications; and the rate limit every public form counts against.
import type * as z from "zod/mini";
import { clientNetwork } from "#app/platform/client-network.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { isDatabaseUnavailable } from "#app/platform/db/unavailable.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import type { Outbox } from "#app/platform/mail/outbox.server.ts";
import { hitRateLimit } from "#app/platform/rate-limit.server.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import type { Storage } from "#app/platform/storage/storage.server.ts";
import { loadMailBrand } from "../mail/brand.server.ts";
import { salesEmailAddress } from "../settings/staff-settings.server.ts";
import type { inquiryForms } from "./leads.schema.ts";
import { createLead, type LeadDeps, type LeadFile } from "./leads.server.ts";
import {
  AI_DESIGN_INQUIRY_TYPE,
  INQUIRY_FAILURE,
  INQUIRY_SUCCESS,
  type InquiryForm,
  type InquiryType,
  MESSAGE_FAILURE,
  MESSAGE_SUCCESS,
} from "./leads.ts";

export interface InquiryServices {
  db: Db;
  outbox: Outbox;
  storage: Storage;
  env: Pick<Env, "SALES_EMAIL" | "SITE_URL">;
  logger: Pick<Logger, "error" | "warn" | "info">;
}

/** A stored inquiry: the visitor's thanks and the submission's number. */
export interface InquiryStored {
  message: string;
  customerId: number;
}

/** The fields a form's schema passes (leads.schema.ts), whichever form it is. */
export type ParsedInquiry = z.output<(typeof inquiryForms)[InquiryForm]>;

/** One inquiry post, read and checked at the edge (app/web/inquiry.server.ts). */
export interface InquiryPost {
  form: InquiryForm;
  data: ParsedInquiry;
  /** The attachments, already in storage: kept with the lead, removed if nothing new is stored. */
  files: LeadFile[];
  /** Where the visitor came from (utm_source), "Direct" when nothing says. */
  source: string;
  /** The page the visitor sent the form from. */
  sourcePage: string;
  /** A consultation's service's inquiry type when the site lists the service (decided at the
   *  edge from the content, app/web/service-types.ts); an unlisted name files as IT support. */
  serviceType?: InquiryType;
}

/** The form's message when the site could not take the post (it may be sent again). */
export const inquiryFailure = (form: InquiryForm) =>
  form === "ai-design" ? INQUIRY_FAILURE : MESSAGE_FAILURE;

/** The form's thanks. */
export const inquirySuccess = (form: InquiryForm) =>
  form === "ai-design" ? INQUIRY_SUCCESS : MESSAGE_SUCCESS;

/** Form posts per client network per window; the limit itself is FORM_RATE_LIMIT. */
const RATE_WINDOW_SECONDS = 600;

/**
 * Counts one public form post from the client's address (by its network); over FORM_RATE_LIMIT
 * per window it returns the message to show (answer 429), else null. Every public form
 * (inquiries, course registrations, consultations) shares this counter. The door leaves the
 * body unread, never cancelled: cancelling destroys the socket, often before the 429 is written
 * (a storm of posts saw resets instead of answers); Node reads and drops the rest after the
 * answer.
 */
export async function formRateLimit(services: {
  db: Db;
  env: Pick<Env, "FORM_RATE_LIMIT">;
  clientIp: string;
}): Promise<string | null> {
  const limit = await hitRateLimit(
    services.db,
    `inquiry:${clientNetwork(services.clientIp)}`,
    services.env.FORM_RATE_LIMIT,
    RATE_WINDOW_SECONDS,
  );
  if (limit.allowed) return null;
  return `Too many messages from your network. Please wait ${Math.ceil(limit.retryAfter / 60)} minutes and try again, or call us.`;
}

/** Where notifications go and how the company signs its e-mails. */
export async function leadDepsOf(services: InquiryServices): Promise<LeadDeps> {
  return {
    db: services.db,
    outbox: services.outbox,
    salesEmail: await salesEmailAddress(services.db, services.env.SALES_EMAIL),
    brand: await loadMailBrand({
      db: services.db,
      storage: services.storage,
      siteUrl: services.env.SITE_URL,
      logger: services.logger,
    }),
  };
}

/**
 * Stores a visitor's checked inquiry as a lead, with its notifications: the answer is the
 * submission's own number (a visitor never learns another record's). The same post again
 * stores nothing new and removes the files it brought; "unavailable" when the database could
 * not confirm the lead.
 */
export async function storeInquiry(
  services: InquiryServices,
  { form, data, files, source, sourcePage, serviceType }: InquiryPost,
): Promise<Result<InquiryStored>> {
  try {
    const { submissionId, duplicate } = await createLead(await leadDepsOf(services), {
      form,
      name: data.name,
      email: data.email,
      phone: data.phone,
      company: data.company,
      inquiryType: inquiryTypeOf(data, serviceType),
      websiteType: "websiteType" in data ? data.websiteType : undefined,
      budget: "budget" in data ? data.budget : undefined,
      timeline: "timeline" in data ? data.timeline : undefined,
      aiFeatures: "aiFeatures" in data ? data.aiFeatures : undefined,
      service: "service" in data ? data.service : undefined,
      listedService: serviceType !== undefined,
      message: data.message,
      source,
      sourcePage,
      files,
    });
    if (duplicate) await discard(services, files);
    return success({ message: inquirySuccess(form), customerId: submissionId });
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      // The connection may have died during COMMIT, so the lead may be stored after all: its
      // files stay. If it was not, they are orphans that the clean-up sweep removes.
      services.logger.warn({ err: error, form }, "database unavailable; inquiry not confirmed");
    } else {
      await discard(services, files);
      services.logger.error({ err: error, form }, "Failed to submit inquiry");
    }
    return failure("unavailable", inquiryFailure(form));
  }
}

/**
 * The type a form files: the visitor's choice on the general form, the page's service's on a
 * consultation (IT support for a name the site does not list), AI solutions for the AI design
 * inquiry.
 */
function inquiryTypeOf(data: object, serviceType: InquiryType | undefined): InquiryType {
  if ("inquiryType" in data) return data.inquiryType as InquiryType;
  if ("service" in data) return serviceType ?? "support";
  return AI_DESIGN_INQUIRY_TYPE;
}

/** A posted text, trimmed and cut to `max` characters ("" when it is missing or repeated). */
export function text(value: string | string[] | undefined, max: number): string {
  return typeof value === "string" ? value.trim().slice(0, max) : "";
}

/** The page a post names as its source (a same-site path), else the path it was posted to. */
export function sourcePageOf(value: string | string[] | undefined, postedTo: string): string {
  const page = text(value, 300);
  return /^\/(?!\/)[^\s]*$/.test(page) ? page : new URL(postedTo).pathname;
}

/** Removes uploads of a post that is not kept; a failed delete is logged, never shown. */
async function discard(services: InquiryServices, files: LeadFile[]) {
  const results = await Promise.allSettled(files.map((f) => services.storage.delete(f.objectKey)));
  const errors = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
  if (errors.length === 0) return;
  const err = new AggregateError(errors, "Some uploads could not be deleted");
  services.logger.warn({ err }, "could not remove the files of a discarded submission");
}
