// Content blocks: short titled texts that pages show where they ask for them (issue 8).
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "#app/platform/db/client.server.ts";
import { contentBlocks } from "#app/platform/db/schema.ts";

export interface ContentBlock {
  id: number;
  key: string;
  title: string;
  content: string;
  imageUrl: string;
  page: string;
  section: string;
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
    .where(and(eq(contentBlocks.page, where.page), eq(contentBlocks.section, where.section)))
    .orderBy(asc(contentBlocks.createdAt), asc(contentBlocks.id));
}
