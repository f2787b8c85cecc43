import { type ActionFunctionArgs, data } from "react-router";
import { appContext } from "#app/platform/context.ts";
import { submitInquiry } from "./inquiries.server.ts";
import { inquiryForms } from "./leads.schema.ts";
import type { InquiryForm } from "./leads.ts";

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

/** The JSON endpoint of an inquiry form, for the enhanced forms and other clients. */
export async function inquiryApi(
  request: Request,
  context: ActionFunctionArgs["context"],
  form: InquiryForm,
) {
  const { status, result } = await submitInquiry(request, context.get(appContext), form);
  return Response.json(result, { status, headers: { "Cache-Control": "no-store" } });
}
