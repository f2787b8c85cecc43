// The preview of one unpublished version (decision 0021): a request carrying a valid preview
// link runs inside this scope, and the reads of that kind of content show the version instead
// of the live record. Platform knows no content: the scope holds a type name, an id and data.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Result } from "./result.ts";

export interface PreviewOverlay {
  type: string;
  id: string;
  versionId: number;
  title: string;
  data: Record<string, unknown>;
}

/** The version a preview link shows, or why the link cannot be shown (the page answers that). */
export type Preview = Result<PreviewOverlay>;

const scope = new AsyncLocalStorage<Preview>();

export const withPreview = <T>(preview: Preview, run: () => T): T => scope.run(preview, run);

/** The preview this request shows, if any (refusals included). */
export const currentPreview = (): Preview | undefined => scope.getStore();

/** The previewed version's data when this request previews that item (or any of the type). */
export function previewed(type: string, id?: string | number): PreviewOverlay | undefined {
  const preview = scope.getStore();
  if (!preview?.ok || preview.value.type !== type) return undefined;
  return id === undefined || preview.value.id === String(id) ? preview.value : undefined;
}

/** Rows with the previewed one's fields replaced by the version's (rows of other items as read). */
export function withPreviewed<T extends { id: number }>(type: string, rows: T[]): T[] {
  const preview = previewed(type);
  if (!preview) return rows;
  return rows.map((row) => (String(row.id) === preview.id ? { ...row, ...preview.data } : row));
}
