// Content blocks: short titled texts that pages show where they ask for them (issue 8), and the
// staff commands on them (/admin/content, /api/admin/content-blocks). Each change is audited in
// its transaction; the caller refreshes the cached pages.
import { and, asc, desc, eq, ne } from "drizzle-orm";
import { type Actor, type AuditAction, auditChange } from "#app/domain/audit/audit.server.ts";
import { tableKind } from "#app/domain/history/table-kind.server.ts";
import {
  invalidData,
  recordDeleted,
  recordPublished,
  refuse,
  versionedWrite,
} from "#app/domain/history/versions.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { isUniqueViolation } from "#app/platform/db/errors.server.ts";
import { contentBlocks } from "#app/platform/db/schema.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import { BLOCK_TEXTS, type BlockInput, parseBlock } from "./blocks.schema.ts";

export interface ContentBlock {
  id: number;
  key: string;
  title: string;
  content: string;
  imageUrl: string;
  page: string;
  section: string;
  /** False once taken off the site (a scheduled unpublish); pages leave it out. */
  active: boolean;
  createdAt: Date;
}

const columns = {
  id: contentBlocks.id,
  key: contentBlocks.key,
  title: contentBlocks.title,
  content: contentBlocks.content,
  imageUrl: contentBlocks.imageUrl,
  page: contentBlocks.page,
  section: contentBlocks.section,
  active: contentBlocks.active,
  createdAt: contentBlocks.createdAt,
};

/** The blocks a page shows in one of its sections, oldest first (the order staff added them). */
export async function listBlocksFor(
  db: Db,
  where: { page: string; section: string },
): Promise<ContentBlock[]> {
  return db
    .select(columns)
    .from(contentBlocks)
    .where(
      and(
        eq(contentBlocks.page, where.page),
        eq(contentBlocks.section, where.section),
        eq(contentBlocks.active, true),
      ),
    )
    .orderBy(asc(contentBlocks.createdAt), asc(contentBlocks.id));
}

/** Every block, newest first (staff spec section 7: select ordered by created_at descending). */
export async function listAllBlocks(db: Db): Promise<ContentBlock[]> {
  return db
    .select(columns)
    .from(contentBlocks)
    .orderBy(desc(contentBlocks.createdAt), desc(contentBlocks.id));
}

export async function getBlock(db: Db, id: number): Promise<ContentBlock | null> {
  const [block] = await db.select(columns).from(contentBlocks).where(eq(contentBlocks.id, id));
  return block ?? null;
}

const notFound = failure("not-found", BLOCK_TEXTS.notFound);
const duplicateKey = failure("conflict", BLOCK_TEXTS.duplicateKey, {
  key: BLOCK_TEXTS.duplicateKey,
});

function audit(tx: Pick<Db, "insert">, actor: Actor, action: AuditAction, block: ContentBlock) {
  const { key, page, section } = block;
  return auditChange(tx, actor, action, `content_block:${block.id}`, { key, page, section });
}

export async function createBlock(
  db: Db,
  input: BlockInput,
  actor: Actor,
): Promise<Result<ContentBlock>> {
  return db.transaction(async (tx) => {
    const [block] = await tx
      .insert(contentBlocks)
      .values(input)
      .onConflictDoNothing({ target: contentBlocks.key })
      .returning(columns);
    if (!block) return duplicateKey;
    await audit(tx, actor, "content_block_created", block);
    await recordPublished(tx, blockKind, String(block.id), actor);
    return success(block);
  });
}

export async function updateBlock(
  db: Db,
  id: number,
  input: BlockInput,
  actor: Actor,
): Promise<Result<ContentBlock>> {
  try {
    return await db.transaction((tx) =>
      versionedWrite(tx, blockKind, String(id), actor, async () => {
        const [block] = await tx
          .update(contentBlocks)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(contentBlocks.id, id))
          .returning(columns);
        if (!block) return notFound;
        await audit(tx, actor, "content_block_updated", block);
        return success(block);
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) return duplicateKey;
    throw error;
  }
}

export async function deleteBlock(db: Db, id: number, actor: Actor): Promise<Result<ContentBlock>> {
  return db.transaction(async (tx) => {
    await recordDeleted(tx, blockKind, String(id), actor);
    const [block] = await tx
      .delete(contentBlocks)
      .where(eq(contentBlocks.id, id))
      .returning(columns);
    if (!block) return notFound;
    await audit(tx, actor, "content_block_deleted", block);
    return success(block);
  });
}

const BLOCK_FIELDS = ["key", "title", "content", "imageUrl", "page", "section", "active"] as const;

/** Content blocks in the content history (decision 0021). */
export const blockKind = tableKind(contentBlocks, {
  type: "content_block",
  fields: BLOCK_FIELDS,
  check(data) {
    const parsed = parseBlock(data);
    if (!parsed.ok) return invalidData(parsed.fieldErrors);
    const active = (data as { active?: unknown }).active;
    return success({ ...parsed.value, active: active !== false });
  },
  async conflict(tx, id, value) {
    const [taken] = await tx
      .select({ id: contentBlocks.id })
      .from(contentBlocks)
      .where(and(eq(contentBlocks.key, String(value.key)), ne(contentBlocks.id, Number(id))));
    return taken
      ? refuse("conflict", BLOCK_TEXTS.duplicateKey, {
          fieldErrors: { key: BLOCK_TEXTS.duplicateKey },
        })
      : null;
  },
  notFound: BLOCK_TEXTS.notFound,
  editPath: (id) => `/admin/content?block=${id}`,
  // Blocks show where code asks for them (the sales dashboard); the preview page shows the block.
  previewPath: () => null,
  activeField: "active",
});
