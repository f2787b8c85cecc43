import { inquiryApi } from "#app/web/inquiry.server.ts";
import type { Route } from "./+types/inquiry";

/** POST /api/inquiries/service and /api/inquiries/general (url-encoded or multipart text). */
export function action({ request, context, params }: Route.ActionArgs) {
  if (params.form !== "service" && params.form !== "general") {
    return Response.json({ error: "Unknown form." }, { status: 404 });
  }
  return inquiryApi(request, context, params.form);
}

export function loader() {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}
