// The preview of one unpublished version (decision 0021): a request carrying a valid preview
// link runs inside this scope, and the reads of that kind of content show the version instead
// of the live record. Platform knows no content: the scope holds a type name, an id and data.
import { AsyncLocalStorage } from "node:async_hooks";

export interface PreviewOverlay {
  ok: true;
  type: string;
  id: string;
  versionId: number;
  title: string;
  data: Record<string, unknown>;
}
/** A preview link that cannot be shown: the page answers with this status and message. */
export interface PreviewRefusal {
  ok: false;
  status: number;
  error: string;
}

const scope = new AsyncLocalStorage<PreviewOverlay | PreviewRefusal>();

export const withPreview = <T>(preview: PreviewOverlay | PreviewRefusal, run: () => T): T =>
  scope.run(preview, run);

/** The preview this request shows, if any (refusals included). */
export const currentPreview = (): PreviewOverlay | PreviewRefusal | undefined => scope.getStore();

/** The previewed version's data when this request previews that item (or any of the type). */
export function previewed(type: string, id?: string | number): PreviewOverlay | undefined {
  const preview = scope.getStore();
  if (!preview?.ok || preview.type !== type) return undefined;
  return id === undefined || preview.id === String(id) ? preview : undefined;
}

/** Rows with the previewed one's fields replaced by the version's (rows of other items as read). */
export function withPreviewed<T extends { id: number }>(type: string, rows: T[]): T[] {
  const preview = previewed(type);
  if (!preview) return rows;
  return rows.map((row) => (String(row.id) === preview.id ? { ...row, ...preview.data } : row));
}
