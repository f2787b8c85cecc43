// The request side of the public inquiry post (the JSON doors and the no-JavaScript action of
// the pages that host the forms): the rate limit every public post counts against, the body
// (the AI design inquiry's files streamed to storage), refused text, the honeypot and the
// form's schema; the domain stores what passes, with the stored files' keys.
import { join } from "node:path";
import { type ActionFunctionArgs, data } from "react-router";
import {
  formRateLimit,
  type InquiryServices,
  type InquiryStored,
  inquiryFailure,
  inquirySuccess,
  sourcePageOf,
  storeInquiry,
  text,
} from "#app/domain/leads/inquiries.server.ts";
import { inquiryForms } from "#app/domain/leads/leads.schema.ts";
import { formFields, HONEYPOT_FIELD, type InquiryForm } from "#app/domain/leads/leads.ts";
import { appContext } from "#app/platform/context.ts";
import { isDatabaseUnavailable } from "#app/platform/db/unavailable.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import { REFUSED_TEXT, refusedField, withoutRefused } from "#app/platform/input-text.ts";
import { type FieldErrors, firstErrors } from "#app/platform/validation.ts";
import { BadInputError, BodyTooLargeError, readSmallForm, statusOf } from "./http.server.ts";
import {
  discardUploads,
  inquiryUploadLimits,
  parseMultipart,
  type StoredUpload,
  UploadError,
} from "./multipart.server.ts";
import { serviceInquiryType } from "./service-types.ts";

/** What every inquiry post answers, to the browser (JSON or action data) alike. */
export type InquiryResult =
  | { ok: true; message: string; customerId: number }
  | {
      ok: false;
      error: string;
      fieldErrors?: FieldErrors;
      values?: Record<string, string | string[]>;
      /** The site's problem, not the visitor's (storage full): the same post may work later. */
      retryLater?: true;
    };

/** What the public inquiry post needs: the domain's services, the limits and the client. */
export type InquiryRequestServices = InquiryServices & {
  env: Pick<Env, "FORM_RATE_LIMIT" | "DATA_DIR">;
  clientIp: string;
};

/** The answer to an inquiry post: its status and the body the forms read. */
export interface InquiryResponse {
  status: number;
  result: InquiryResult;
}

/** The visitor's thanks as the forms read it (the wire keeps its flat shape). */
const thanked = (stored: InquiryStored): InquiryResponse => ({
  status: 200,
  result: { ok: true, ...stored },
});

/** A multipart form's text fields as name/value pairs. */
function entriesOf(fields: Map<string, string[]>): [string, string][] {
  return [...fields].flatMap(([name, list]) => list.map((v) => [name, v] as [string, string]));
}

/**
 * One public inquiry post, whatever door it came through: the rate limit, the body (files
 * streamed to storage), the checks (a refused post's files are removed), then the domain stores
 * it.
 */
export async function submitInquiry(
  request: Request,
  services: InquiryRequestServices,
  form: InquiryForm,
): Promise<InquiryResponse> {
  let limited: string | null;
  try {
    limited = await formRateLimit(services);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // Nothing read, nothing stored: the visitor's form keeps its values and can be sent again.
    services.logger.warn({ err: error, form }, "database unavailable; inquiry refused");
    return { status: 503, result: { ok: false, error: inquiryFailure(form) } };
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
    return thanked({ message: inquirySuccess(form), customerId: 0 });
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
        fieldErrors: firstErrors(parsed.error.issues),
        values,
      },
    };
  }
  const stored = await storeInquiry(services, {
    form,
    data: parsed.data,
    files,
    source: text(fields.utm_source, 100) || "Direct",
    sourcePage: sourcePageOf(fields.sourcePage, request.url),
    serviceType: "service" in parsed.data ? serviceInquiryType(parsed.data.service) : undefined,
  });
  return stored.ok
    ? thanked(stored.value)
    : { status: statusOf(stored.reason), result: { ok: false, error: stored.error } };
}

/** Removes uploads of a post that is not kept; a failed delete is logged, never shown. */
async function discard(services: InquiryRequestServices, files: StoredUpload[]) {
  await discardUploads(services.storage, files).catch((err) =>
    services.logger.warn({ err }, "could not remove the files of a discarded submission"),
  );
}

/** Posted values without the characters no field accepts, for the form to show again. */
function cleanValues(values: Record<string, string | string[]>) {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      withoutRefused(key),
      Array.isArray(value) ? value.map(withoutRefused) : withoutRefused(value),
    ]),
  );
}

const isInquiryForm = (value: string | null): value is InquiryForm =>
  value !== null && Object.hasOwn(inquiryForms, value);

/** The action of a page that hosts inquiry forms (their no-JavaScript path): `?form=service`. */
export async function inquiryAction({ request, context }: ActionFunctionArgs) {
  const form = new URL(request.url).searchParams.get("form");
  if (!isInquiryForm(form)) {
    return data({ ok: false as const, error: "Unknown form.", form }, { status: 400 });
  }
  const { status, result } = await submitInquiry(request, context.get(appContext), form);
  return data({ ...result, form }, { status });
}

/** The JSON door of an inquiry form, for the enhanced forms and other clients. */
export async function inquiryApi(
  request: Request,
  context: ActionFunctionArgs["context"],
  form: InquiryForm,
) {
  const { status, result } = await submitInquiry(request, context.get(appContext), form);
  return Response.json(result, { status, headers: { "Cache-Control": "no-store" } });
}
