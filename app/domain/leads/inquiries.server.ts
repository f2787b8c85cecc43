// One path for every public inquiry post (the JSON API and the page actions alike):
// rate limit, read the body (streaming files to storage), honeypot, validate, store.
import { join } from "node:path";
import { clientNetwork } from "#app/platform/client-network.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { isDatabaseUnavailable } from "#app/platform/db/unavailable.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import { REFUSED_TEXT, refusedField, withoutRefused } from "#app/platform/input-text.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import type { Outbox } from "#app/platform/mail/outbox.server.ts";
import { hitRateLimit } from "#app/platform/rate-limit.server.ts";
import type { Storage } from "#app/platform/storage/storage.server.ts";
import { BadInputError, BodyTooLargeError, formFromBody, readBody } from "#app/web/http.server.ts";
import {
  discardUploads,
  inquiryUploadLimits,
  parseMultipart,
  type StoredUpload,
  UploadError,
} from "#app/web/multipart.server.ts";
import { loadMailBrand } from "../mail/brand.server.ts";
import { salesEmailAddress } from "../settings/staff-settings.server.ts";
import { fieldErrorsOf, inquiryForms } from "./leads.schema.ts";
import { createLead, type LeadDeps } from "./leads.server.ts";
import {
  CORRECT_FIELDS,
  formFields,
  HONEYPOT_FIELD,
  INQUIRY_FAILURE,
  INQUIRY_SUCCESS,
  type InquiryForm,
  type InquiryResult,
  type InquiryType,
  MESSAGE_FAILURE,
  MESSAGE_SUCCESS,
} from "./leads.ts";
import { AI_DESIGN_INQUIRY_TYPE, serviceInquiryType } from "./service-types.ts";

export interface InquiryServices {
  db: Db;
  outbox: Outbox;
  storage: Storage;
  env: Pick<Env, "FORM_RATE_LIMIT" | "SALES_EMAIL" | "SITE_URL" | "DATA_DIR">;
  logger: Pick<Logger, "error" | "warn" | "info">;
  clientIp: string;
}

export interface InquiryResponse {
  status: number;
  result: InquiryResult;
}

/** Form posts per client network per window; the limit itself is FORM_RATE_LIMIT. */
const RATE_WINDOW_SECONDS = 600;
/** Text-only forms are small; anything bigger is refused before it is read. */
const MAX_TEXT_FORM_BYTES = 64 * 1024;

const failure = (form: InquiryForm) => (form === "ai-design" ? INQUIRY_FAILURE : MESSAGE_FAILURE);

/**
 * Counts one public form post from the client's address; over FORM_RATE_LIMIT per window it
 * returns the message to show (answer 429), else null. Every public form (inquiries, course
 * registrations) shares this counter. The body is left unread, never cancelled: cancelling
 * destroys the socket, often before the 429 is written (a storm of posts saw resets instead of
 * answers); Node reads and drops the rest after the answer.
 */
export async function formRateLimit(
  services: Pick<InquiryServices, "db" | "env" | "clientIp">,
): Promise<string | null> {
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

export async function submitInquiry(
  request: Request,
  services: InquiryServices,
  form: InquiryForm,
): Promise<InquiryResponse> {
  let limited: string | null;
  try {
    limited = await formRateLimit(services);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // Nothing read, nothing stored: the visitor's form keeps its values and can be sent again.
    services.logger.warn({ err: error, form }, "database unavailable; inquiry refused");
    return { status: 503, result: { ok: false, error: failure(form) } };
  }
  if (limited) return { status: 429, result: { ok: false, error: limited } };

  let fields: Record<string, string | string[]>;
  let files: StoredUpload[] = [];
  try {
    if (form === "ai-design") {
      const parsed = await parseMultipart(
        request,
        services.storage,
        inquiryUploadLimits,
        "leads",
        join(services.env.DATA_DIR, "tmp"),
      );
      files = parsed.files;
      fields = formFields(entriesOf(parsed.fields));
    } else {
      fields = formFields((await readSmallForm(request)).entries() as Iterable<[string, string]>);
    }
  } catch (error) {
    if (error instanceof UploadError) {
      // Said next to the attachments, with what the visitor typed before them kept.
      const { [HONEYPOT_FIELD]: _, ...values } = formFields(entriesOf(error.fields));
      return {
        status: error.status,
        result: {
          ok: false,
          error: error.message,
          fieldErrors: { files: error.message },
          values: cleanValues(values),
          ...(error.status >= 500 && { retryLater: true as const }),
        },
      };
    }
    if (error instanceof BodyTooLargeError) {
      return { status: error.status, result: { ok: false, error: error.message } };
    }
    // Refused text is answered below, on its field, like any other invalid value.
    if (!(error instanceof BadInputError && error.form)) throw error;
    fields = formFields(error.form.entries() as Iterable<[string, string]>);
  }

  const refused = refusedField(
    Object.entries(fields).flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value]).map((v) => [key, v] as [string, string]),
    ),
  );
  if (refused) {
    await discard(services, files);
    const { [HONEYPOT_FIELD]: _, ...values } = fields;
    return {
      status: 400,
      result: {
        ok: false,
        error: CORRECT_FIELDS,
        fieldErrors: { [refused]: REFUSED_TEXT },
        values: cleanValues(values),
      },
    };
  }

  // A bot filled the field people never see: say thank you, keep nothing, send nothing.
  if (typeof fields[HONEYPOT_FIELD] === "string" && fields[HONEYPOT_FIELD] !== "") {
    await discard(services, files);
    services.logger.info({ form }, "honeypot filled; submission ignored");
    return { status: 200, result: { ok: true, message: successText(form), customerId: 0 } };
  }

  const parsed = inquiryForms[form].safeParse(fields);
  if (!parsed.success) {
    await discard(services, files);
    const { [HONEYPOT_FIELD]: _, ...values } = fields;
    return {
      status: 400,
      result: {
        ok: false,
        error: CORRECT_FIELDS,
        fieldErrors: fieldErrorsOf(parsed.error),
        values,
      },
    };
  }

  try {
    const data = parsed.data;
    const { submissionId, duplicate } = await createLead(await leadDepsOf(services), {
      form,
      name: data.name,
      email: data.email,
      phone: data.phone,
      company: data.company,
      inquiryType: inquiryTypeOf(data),
      websiteType: "websiteType" in data ? data.websiteType : undefined,
      budget: "budget" in data ? data.budget : undefined,
      timeline: "timeline" in data ? data.timeline : undefined,
      aiFeatures: "aiFeatures" in data ? data.aiFeatures : undefined,
      service: "service" in data ? data.service : undefined,
      message: data.message,
      source: text(fields.utm_source, 100) || "Direct",
      sourcePage: sourcePageOf(fields.sourcePage, request),
      files,
    });
    if (duplicate) await discard(services, files);
    // The submission's own number: a visitor never learns another record's.
    return {
      status: 200,
      result: { ok: true, message: successText(form), customerId: submissionId },
    };
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      // The connection may have died during COMMIT, so the lead may be stored after all: its
      // files stay. If it was not, they are orphans that the clean-up sweep removes.
      services.logger.warn({ err: error, form }, "database unavailable; inquiry not confirmed");
    } else {
      await discard(services, files);
      services.logger.error({ err: error, form }, "Failed to submit inquiry");
    }
    return { status: 503, result: { ok: false, error: failure(form) } };
  }
}

/**
 * The type a form files: the visitor's choice on the general form, the page's service's on a
 * consultation (IT support for a name the site does not list), AI solutions for the AI design
 * inquiry.
 */
function inquiryTypeOf(data: object): InquiryType {
  if ("inquiryType" in data) return data.inquiryType as InquiryType;
  if ("service" in data) return serviceInquiryType(String(data.service)) ?? "support";
  return AI_DESIGN_INQUIRY_TYPE;
}

function successText(form: InquiryForm) {
  return form === "ai-design" ? INQUIRY_SUCCESS : MESSAGE_SUCCESS;
}

export function text(value: string | string[] | undefined, max: number): string {
  return typeof value === "string" ? value.trim().slice(0, max) : "";
}

export function sourcePageOf(value: string | string[] | undefined, request: Request): string {
  const page = text(value, 300);
  return /^\/(?!\/)[^\s]*$/.test(page) ? page : new URL(request.url).pathname;
}

/** Reads an url-encoded or multipart text form, refusing bodies over MAX_TEXT_FORM_BYTES. */
export async function readSmallForm(request: Request): Promise<FormData> {
  const body = await readBody(
    request,
    MAX_TEXT_FORM_BYTES,
    "Your message is too long. Please shorten it and try again.",
  );
  return formFromBody(request, body, () => new FormData());
}

/** Removes uploads of a post that is not kept; a failed delete is logged, never shown. */
async function discard(services: InquiryServices, files: StoredUpload[]) {
  await discardUploads(services.storage, files).catch((err) =>
    services.logger.warn({ err }, "could not remove the files of a discarded submission"),
  );
}

/** Posted values without the characters no field accepts, for the form to show again. */
/** A multipart form's text fields as name/value pairs. */
function entriesOf(fields: Map<string, string[]>): [string, string][] {
  return [...fields].flatMap(([name, list]) => list.map((v) => [name, v] as [string, string]));
}

function cleanValues(values: Record<string, string | string[]>) {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      withoutRefused(key),
      Array.isArray(value) ? value.map(withoutRefused) : withoutRefused(value),
    ]),
  );
}
