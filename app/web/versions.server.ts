// What the content history's doors share: the company's "today" a publish checks (composed here,
// above the history and settings areas), and the body of the version commands
// (POST /api/admin/versions/{id}/restore and .../publish) with their refusal.

import { CONTENT_TYPES } from "#app/domain/history/history.ts";
import { kindNamed } from "#app/domain/history/kinds.server.ts";
import {
  type ApplyContext,
  type ContentKind,
  type Refusal,
  versionById,
} from "#app/domain/history/versions.server.ts";
import { dayIn } from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import type { AppServices } from "#app/platform/context.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import {
  isJsonObject,
  jsonError,
  jsonFailure,
  methodNotAllowed,
  parseId,
  readJson,
  TOO_LARGE,
} from "./http.server.ts";

/** The company's "today", for the rules a publish checks (a course's upcoming cohorts). */
export async function applyContextOf(
  services: Pick<AppServices, "db" | "env">,
): Promise<ApplyContext> {
  const now = currentTime(services.env);
  return { today: dayIn(now, await getTimeZone(services.db)) };
}

/** A command the history refused, as the JSON doors answer it. */
export const versionRefused = (r: Refusal) =>
  jsonFailure(r, {
    ...(r.fieldErrors ? { fields: r.fieldErrors } : {}),
    ...(r.liveVersionId !== undefined ? { liveVersionId: r.liveVersionId } : {}),
  });

const COMMAND_FIELDS = ["type", "overwrite"];
const NAME_THE_TYPE = `Send JSON naming the version's type: {"type": "course"} (one of: ${CONTENT_TYPES.join(", ")}).`;

/** A version command: the version (it exists), its kind as the body names it, `overwrite` as sent. */
export interface VersionCommand {
  versionId: number;
  kind: ContentKind;
  overwrite?: unknown;
}

/**
 * The version a command names (404 when there is none) and the command's body: a JSON object
 * naming the version's `type` (a version of another type is refused by the command) and, to
 * publish over someone else's version, `overwrite`. Anything else is refused before the command
 * runs (`run`), so a wrong call never restores or publishes by accident.
 */
export async function withVersionCommand(
  request: Request,
  db: Db,
  rawId: string | undefined,
  run: (command: VersionCommand) => Promise<Response>,
): Promise<Response> {
  const versionId = parseId(rawId);
  const row = versionId ? await versionById(db, versionId) : null;
  if (!row || !versionId) return jsonError("Version not found.", 404);
  const read = await readJson(request, 4096);
  if (!read.ok && read.reason === "too-large") return jsonError(TOO_LARGE, 413);
  if (!read.ok && read.reason === "unsupported") return jsonError(NAME_THE_TYPE, 415);
  if (!read.ok || !isJsonObject(read.value)) return jsonError(NAME_THE_TYPE, 400);
  const body = read.value;
  const unknown = Object.keys(body).find((key) => !COMMAND_FIELDS.includes(key));
  if (unknown) {
    return jsonError(`Unknown field "${unknown.slice(0, 40)}": send only type and overwrite.`, 400);
  }
  const kind = kindNamed(body.type);
  if (!kind) return jsonError(NAME_THE_TYPE, 400);
  return run({ versionId, kind, overwrite: body.overwrite });
}

/** The GET of a command's address: no method of its own (405 naming POST), after the guard. */
export const onlyPost = () => methodNotAllowed("POST");
