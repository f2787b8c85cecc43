// What the content doors share (/api/admin/content-blocks[/{id}], /api/hero-slides[/{id}]): the
// answer to a body that does not validate, to a command the domain refused, and the slide's body.
import type { BlockFieldErrors } from "#app/domain/content/blocks.schema.ts";
import type { BlockCommandResult } from "#app/domain/content/blocks.server.ts";
import { type ParsedSlide, parseSlide } from "#app/domain/content/slides.server.ts";
import { json, readJsonObject } from "./http.server.ts";

export const blockInvalid = (errors: BlockFieldErrors) =>
  json({ error: Object.values(errors)[0] ?? "The content block is not valid.", errors }, 400);

export const blockRefused = (result: Extract<BlockCommandResult, { ok: false }>) =>
  json({ error: result.error, ...(result.errors ? { errors: result.errors } : {}) }, result.status);

/** A slide sent as JSON, validated. */
export async function readSlide(request: Request): Promise<ParsedSlide> {
  return parseSlide(await readJsonObject(request));
}

export const slideInvalid = (errors: Record<string, string | undefined>) =>
  json({ error: Object.values(errors)[0] ?? "The slide is not valid.", errors }, 400);
