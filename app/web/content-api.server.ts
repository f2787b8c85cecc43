// What the content doors share (/api/admin/content-blocks[/{id}], /api/hero-slides[/{id}]): the
// JSON body of a block or a slide, validated (400 with the field messages when it is not), and
// the answer to a command the domain refused.
import { type BlockInput, parseBlock } from "#app/domain/content/blocks.schema.ts";
import { parseSlide, type SlideInput } from "#app/domain/content/slides.server.ts";
import type { Failure } from "#app/platform/result.ts";
import { json, readJsonObject, statusOf } from "./http.server.ts";

const invalid = (errors: Record<string, string | undefined>, fallback: string) =>
  json({ error: Object.values(errors)[0] ?? fallback, errors }, 400);

/** The block sent as JSON, handed to `run` once it validates. */
export async function withBlock(request: Request, run: (block: BlockInput) => Promise<Response>) {
  const parsed = parseBlock(await readJsonObject(request));
  return parsed.ok
    ? run(parsed.value)
    : invalid(parsed.fieldErrors, "The content block is not valid.");
}

/** The slide sent as JSON, handed to `run` once it validates. */
export async function withSlide(request: Request, run: (slide: SlideInput) => Promise<Response>) {
  const parsed = parseSlide(await readJsonObject(request));
  return parsed.ok ? run(parsed.value) : invalid(parsed.fieldErrors, "The slide is not valid.");
}

export const blockRefused = (result: Failure) =>
  json(
    { error: result.error, ...(result.fieldErrors ? { errors: result.fieldErrors } : {}) },
    statusOf(result.reason),
  );
