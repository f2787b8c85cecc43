// Every kind of content that keeps a history (decision 0021), by its type name. History sits
// below the areas whose content it keeps (decision 0012's area order), so it does not import
// their kinds: they are registered from above, once, by app/content-kinds.server.ts.
import { CONTENT_TYPES, type ContentType, isContentType } from "./history.ts";
import type { ContentKind } from "./versions.server.ts";

const KINDS = new Map<ContentType, ContentKind>();

/** Registers the kinds (the top of the app does, before anything reads one). */
export function registerKinds(kinds: readonly ContentKind[]) {
  for (const kind of kinds) KINDS.set(kind.type, kind);
}

export function kindOf(type: ContentType): ContentKind {
  const kind = KINDS.get(type);
  if (!kind) {
    throw new Error(`No content kind "${type}" is registered (app/content-kinds.server.ts)`);
  }
  return kind;
}

export const allKinds = (): ContentKind[] => CONTENT_TYPES.map(kindOf);

/** The kind named by a request (an unknown name is null). */
export const kindNamed = (type: unknown): ContentKind | null =>
  isContentType(type) ? kindOf(type) : null;
