import { inquiryApi } from "#app/web/inquiry.server.ts";
import type { Route } from "./+types/ai-design-inquiry";

/** POST multipart: the inquiry fields and up to 5 files. Answers { customerId } or { error }. */
export function action({ request, context }: Route.ActionArgs) {
  return inquiryApi(request, context, "ai-design");
}

export function loader() {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}
