// The project as the JSON API sends it (PUT /api/project-details/{id}, POST /api/project-details):
// a bounded JSON object, validated by the project's schema, or the answer that refuses it.
import { type ProjectInput, projectFromJson } from "#app/domain/portfolio/project.schema.ts";
import { REFUSED_TEXT } from "#app/platform/input-text.ts";
import { isJsonObject, json, readJson } from "./http.server.ts";

const MAX_BODY_BYTES = 256 * 1024;

/** A JSON object body, or a message saying why it cannot be read. */
async function readProjectBody(
  request: Request,
): Promise<{ body: Record<string, unknown> } | { error: string; status: number }> {
  const read = await readJson(request, MAX_BODY_BYTES);
  if (read.ok && isJsonObject(read.value)) return { body: read.value };
  if (!read.ok && read.reason === "content-type") {
    return { error: "Send the project as JSON (Content-Type: application/json).", status: 415 };
  }
  if (!read.ok && read.reason === "too-large") {
    return { error: "The request is too large.", status: 413 };
  }
  if (!read.ok && read.reason === "refused-text") {
    return { error: `${read.field}: ${REFUSED_TEXT}`, status: 400 };
  }
  return { error: "The request body must be a JSON object.", status: 400 };
}

/** The posted project, or the 4xx answer (the first message, and every field's). */
export async function readProject(
  request: Request,
): Promise<{ ok: true; input: ProjectInput } | { ok: false; answer: Response }> {
  const read = await readProjectBody(request);
  if ("error" in read) return { ok: false, answer: json({ error: read.error }, read.status) };
  const parsed = projectFromJson(read.body);
  if (parsed.ok) return { ok: true, input: parsed.data };
  const errors = parsed.fieldErrors;
  return {
    ok: false,
    answer: json(
      { error: Object.values(errors)[0] ?? "Invalid project.", fieldErrors: errors },
      400,
    ),
  };
}
