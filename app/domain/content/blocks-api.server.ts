// GET/POST /api/admin/content-blocks and GET/PUT/DELETE /api/admin/content-blocks/{id}
// (staff spec section 7), admins only, over the same commands as /admin/content.
import type { RouterContextProvider } from "react-router";
import { requireAdmin } from "#app/web/guard.server.ts";
import { json, methodNotAllowed, parseId, readJsonObject } from "#app/web/http.server.ts";
import { BLOCK_TEXTS, type BlockFieldErrors, parseBlock } from "./blocks.schema.ts";
import {
  type BlockCommandResult,
  createBlock,
  deleteBlock,
  getBlock,
  listAllBlocks,
  updateBlock,
} from "./blocks.server.ts";

type Context = Readonly<RouterContextProvider>;

const invalid = (errors: BlockFieldErrors) =>
  json({ error: Object.values(errors)[0] ?? "The content block is not valid.", errors }, 400);

const refused = (result: Extract<BlockCommandResult, { ok: false }>) =>
  json({ error: result.error, ...(result.errors ? { errors: result.errors } : {}) }, result.status);

/** GET: every block, newest first. POST: a new block (JSON). */
export async function apiBlocks(request: Request, context: Context) {
  const { actor, services } = await requireAdmin(request, context);
  if (request.method === "GET" || request.method === "HEAD") {
    return json(await listAllBlocks(services.db));
  }
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const parsed = parseBlock(await readJsonObject(request));
  if (!parsed.ok) return invalid(parsed.errors);
  const result = await createBlock(services.db, parsed.value, actor);
  if (!result.ok) return refused(result);
  await services.invalidatePages();
  return json(result.block, 201);
}

/** GET one block; PUT (every field, as POST); DELETE. */
export async function apiBlock(request: Request, context: Context, rawId: string | undefined) {
  const { actor, services } = await requireAdmin(request, context);
  const id = parseId(rawId);
  const missing = () => json({ error: BLOCK_TEXTS.notFound }, 404);
  if (request.method === "GET" || request.method === "HEAD") {
    const block = id ? await getBlock(services.db, id) : null;
    return block ? json(block) : missing();
  }
  if (request.method === "PUT") {
    const parsed = parseBlock(await readJsonObject(request));
    if (!parsed.ok) return invalid(parsed.errors);
    if (!id) return missing();
    const result = await updateBlock(services.db, id, parsed.value, actor);
    if (!result.ok) return refused(result);
    await services.invalidatePages();
    return json(result.block);
  }
  if (request.method === "DELETE") {
    if (!id) return missing();
    const result = await deleteBlock(services.db, id, actor);
    if (!result.ok) return refused(result);
    await services.invalidatePages();
    return json({ ok: true, id });
  }
  return methodNotAllowed("GET, PUT, DELETE");
}
