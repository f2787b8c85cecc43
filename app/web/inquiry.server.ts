// The request side of the public inquiry post (the JSON doors and the no-JavaScript action of
// the pages that host the forms): the rate limit every public post counts against, the body
// (the AI design inquiry's files streamed to storage), then the domain takes the posted fields
// and the stored files.
import { join } from "node:path";
import { type ActionFunctionArgs, data } from "react-router";
import {
  cleanValues,
  formRateLimit,
  type InquiryResponse,
  type InquiryServices,
  inquiryFailure,
  sourcePageOf,
  takeInquiry,
} from "#app/domain/leads/inquiries.server.ts";
import { inquiryForms } from "#app/domain/leads/leads.schema.ts";
import { formFields, HONEYPOT_FIELD, type InquiryForm } from "#app/domain/leads/leads.ts";
import { appContext } from "#app/platform/context.ts";
import { isDatabaseUnavailable } from "#app/platform/db/unavailable.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import { BadInputError, BodyTooLargeError, readSmallForm } from "./http.server.ts";
import {
  inquiryUploadLimits,
  parseMultipart,
  type StoredUpload,
  UploadError,
} from "./multipart.server.ts";

/** What the public inquiry post needs: the domain's services, the limits and the client. */
export type InquiryRequestServices = InquiryServices & {
  env: Pick<Env, "FORM_RATE_LIMIT" | "DATA_DIR">;
  clientIp: string;
};

/** A multipart form's text fields as name/value pairs. */
function entriesOf(fields: Map<string, string[]>): [string, string][] {
  return [...fields].flatMap(([name, list]) => list.map((v) => [name, v] as [string, string]));
}

/**
 * One public inquiry post, whatever door it came through: the rate limit, the body (files
 * streamed to storage), then the domain's answer on the fields and files.
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
    // Refused text is answered by the domain, on its field, like any other invalid value.
    if (!(error instanceof BadInputError && error.form)) throw error;
    fields = formFields(error.form.entries() as Iterable<[string, string]>);
  }
  return takeInquiry(services, form, {
    fields,
    files,
    sourcePage: sourcePageOf(fields.sourcePage, request.url),
  });
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
