// The project as the JSON API sends it (PUT /api/project-details/{id}, POST /api/project-details):
// a bounded JSON object, validated by the project's schema, or why not, and the answer that
// refuses it.
import { type ProjectInput, projectFromJson } from "#app/domain/portfolio/project.schema.ts";
import { type Failure, failure, type Result, success } from "#app/platform/result.ts";
import { isJsonObject, jsonFailure, readJson } from "./http.server.ts";

const MAX_BODY_BYTES = 256 * 1024;

/** A JSON object body, or why it cannot be read. */
async function readProjectBody(request: Request): Promise<Result<Record<string, unknown>>> {
  const read = await readJson(request, MAX_BODY_BYTES);
  if (read.ok && isJsonObject(read.value)) return success(read.value);
  if (!read.ok && read.reason === "unsupported") {
    return failure("unsupported", "Send the project as JSON (Content-Type: application/json).");
  }
  // Over the bound, or text the site refuses: the read's own words.
  if (!read.ok && (read.reason === "too-large" || read.field))
    return failure(read.reason, read.error);
  return failure("invalid", "The request body must be a JSON object.");
}

/** The posted project, or why not (the first message, and every field's). */
export async function readProject(request: Request): Promise<Result<ProjectInput>> {
  const read = await readProjectBody(request);
  return read.ok ? projectFromJson(read.value) : read;
}

/** A project body refused: 4xx with the message, and each field's when the fields caused it. */
export const projectRefused = (refused: Failure) =>
  jsonFailure(refused, refused.fieldErrors ? { fieldErrors: refused.fieldErrors } : {});
