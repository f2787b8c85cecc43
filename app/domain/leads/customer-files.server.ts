// A customer record's stored files, downloaded through the authorised route
// (customerFileUrl) within the viewer's scope.
import type { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import type { Db } from "#app/platform/db/client.server.ts";
import { leadFiles, leads } from "#app/platform/db/schema.ts";
import { type Storage, StorageNotFoundError } from "#app/platform/storage/storage.server.ts";
import { recordScope, type Viewer } from "./pipeline.server.ts";

/**
 * A record's stored file, to download; null when the record (or `viewer`'s right to see it),
 * the file or the object is missing.
 */
export async function openCustomerFile(
  db: Db,
  storage: Storage,
  viewer: Viewer,
  leadId: number,
  fileId: number,
): Promise<{ body: Readable; originalName: string; mimeType: string; size: number } | null> {
  const [file] = await db
    .select({
      objectKey: leadFiles.objectKey,
      originalName: leadFiles.originalName,
      mimeType: leadFiles.mimeType,
      size: leadFiles.size,
    })
    .from(leadFiles)
    .innerJoin(leads, eq(leads.id, leadFiles.leadId))
    .where(and(eq(leadFiles.id, fileId), eq(leadFiles.leadId, leadId), recordScope(viewer)));
  if (!file) return null;
  try {
    const body = await storage.get(file.objectKey);
    return { body, originalName: file.originalName, mimeType: file.mimeType, size: file.size };
  } catch (error) {
    if (error instanceof StorageNotFoundError) return null;
    throw error;
  }
}
