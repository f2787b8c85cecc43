// Content history (issue 33, decision 0021): the kinds of content that keep versions, and what
// the history screens show of them. Client-safe.

export const CONTENT_TYPES = [
  "homepage_section",
  "hero_slide",
  "content_block",
  "portfolio_project",
  "course",
  "brand_settings",
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const isContentType = (value: unknown): value is ContentType =>
  typeof value === "string" && (CONTENT_TYPES as readonly string[]).includes(value);

export const CONTENT_LABELS: Record<ContentType, string> = {
  homepage_section: "Homepage section",
  hero_slide: "Hero slide",
  content_block: "Content block",
  portfolio_project: "Portfolio project",
  course: "Course",
  brand_settings: "Brand settings",
};

/** Drafts never published are pruned after this many days; published versions are kept. */
export const DRAFT_RETENTION_DAYS = 90;
/** How long a shared preview link works. */
export const SHARED_PREVIEW_HOURS = 72;
/** How long an editor's own "Preview" link works. */
export const OWN_PREVIEW_MINUTES = 60;
export const VERSION_PAGE_SIZE = 20;
export const NOTE_MAX = 300;

export type VersionStatus = "draft" | "published" | "discarded" | "deleted";

export interface VersionSummary {
  id: number;
  contentType: ContentType;
  contentId: string;
  status: VersionStatus;
  schemaVersion: number;
  note: string;
  authorLabel: string;
  createdAt: string;
  publishedAt: string | null;
  publishedByLabel: string | null;
  baseVersionId: number | null;
  restoredFromId: number | null;
  /** This version is what visitors see now. */
  live: boolean;
}

export interface ScheduledStep {
  releaseId: number;
  releaseName: string;
  publishAt: string;
  action: "publish" | "unpublish";
  versionId: number | null;
}

/** An item at a glance: what is live, the draft on top of it, and what is scheduled. */
export interface ItemState {
  type: ContentType;
  id: string;
  title: string;
  live: VersionSummary | null;
  draft: VersionSummary | null;
  /** The draft was started on another version than the one live now (someone published meanwhile). */
  conflict: boolean;
  scheduled: ScheduledStep[];
  editPath: string;
  /** Slides and content blocks can be taken off the site at a time. */
  canUnpublish: boolean;
}

/** One field of a comparison: the words of the two versions, marked added or removed. */
export interface FieldChange {
  field: string;
  parts: { value: string; added?: boolean; removed?: boolean }[];
}

export const historyPath = (type: ContentType, id: string) =>
  `/admin/history/${type}/${encodeURIComponent(id)}`;

/** What an editor says when its history line's Publish or Discard comes back (`?history=`). */
export const HISTORY_NOTICES: Record<string, string> = {
  published: "Published. Visitors see it now.",
  discarded: "Draft discarded. The live version is unchanged.",
};
