// The history line of an editor (decision 0021): what visitors see now, the draft on top of it,
// what is scheduled, and Publish, Discard and Preview for the draft. Its forms post to the item's
// history screen, which sends the editor back to `returnTo`.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { TextField } from "#app/components/ui/fields.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { When } from "#app/components/ui/when.tsx";
import { historyPath, type ItemState, NOTE_MAX } from "#app/domain/history/history.ts";
import { AdminDialog } from "./admin-dialog.tsx";
import { adminButton, adminPrimary } from "./buttons.ts";
import { Badge, badgeStyle } from "./screen.tsx";

export function VersionStatus({
  state,
  returnTo,
  compact = false,
  historyLink = true,
}: {
  state: ItemState;
  /** The editor's address (with its anchor); Publish and Discard come back to it. */
  returnTo?: string;
  /** Inside a list or a dialog: the line without the history link's wording. */
  compact?: boolean;
  /** Off on the history screen itself. */
  historyLink?: boolean;
}) {
  const { live, draft, conflict, scheduled } = state;
  const history = historyPath(state.type, state.id);
  const compare = live && draft ? `${history}?a=${live.id}&b=${draft.id}#compare` : null;
  return (
    <div
      className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-800/50 dark:text-slate-200"
      data-testid={`history-${state.type}-${state.id}`}
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {draft ? (
          <Badge className={badgeStyle.warning}>Draft</Badge>
        ) : (
          <Badge className={badgeStyle.success}>Live</Badge>
        )}
        {draft && (
          <span>
            Draft saved <When at={draft.createdAt} /> by {draft.authorLabel}
            {live ? ";" : "."}
          </span>
        )}
        {live && (
          <span>
            {draft ? "live" : "Live"} version from{" "}
            <When at={live.publishedAt ?? live.createdAt} kind="date" />
            {live.publishedByLabel && live.authorLabel !== "System"
              ? ` by ${live.authorLabel}`
              : ""}
            .
          </span>
        )}
        {!live && !draft && (
          <span>No versions recorded yet: the next save starts the history.</span>
        )}
      </p>
      {conflict && (
        <p
          role="alert"
          className="mt-2 rounded bg-amber-100 p-2 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          {live?.authorLabel ?? "Someone"} published another version after this draft was started.
          Your draft is kept:{" "}
          <Link to={compare ?? history} className="font-medium underline">
            compare the two
          </Link>{" "}
          before publishing.
        </p>
      )}
      {scheduled.map((s) => (
        <p key={s.releaseId} className="mt-2">
          <Icon name="clock" className="mr-1 inline size-4" />
          {s.action === "publish" ? "Scheduled to publish" : "Scheduled to come off the site"} on{" "}
          <When at={s.publishAt} /> (release "{s.releaseName}").
        </p>
      ))}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {draft && !conflict && (
          <Form method="post" action={history}>
            <input type="hidden" name="intent" value="publish" />
            <input type="hidden" name="versionId" value={draft.id} />
            {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
            <button type="submit" className={adminPrimary}>
              Publish{compact ? "" : " draft"}
            </button>
          </Form>
        )}
        {draft && (
          // A new tab, as the icon says: the browser's own post (React Router's would answer
          // in this tab and take the editor away from the screen).
          <Form method="post" action={history} target="_blank" reloadDocument>
            <input type="hidden" name="intent" value="preview" />
            <input type="hidden" name="versionId" value={draft.id} />
            <button type="submit" className={adminButton}>
              <Icon name="external-link" className="size-4" />
              Preview
            </button>
          </Form>
        )}
        {draft && (
          <Form method="post" action={history}>
            <input type="hidden" name="intent" value="discard" />
            {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
            <button type="submit" className={adminButton}>
              Discard draft
            </button>
          </Form>
        )}
        {historyLink && (
          <Link to={history} className="font-medium text-brand-700 underline dark:text-brand-300">
            {compact ? "History" : "History, schedule and share"}
            <span className="sr-only"> of {state.title}</span>
          </Link>
        )}
      </div>
    </div>
  );
}

/**
 * Inside an editor's form, above its buttons: the live version the draft starts from (so that a
 * publish meanwhile shows) and a note for the history.
 */
export function DraftBase({ liveId }: { liveId: number | null | undefined }) {
  return (
    <>
      <input type="hidden" name="baseVersionId" value={liveId ?? ""} />
      <TextField
        label="Note for the history (optional)"
        name="versionNote"
        maxLength={NOTE_MAX}
        hint='What changed, e.g. "Spring price".'
      />
    </>
  );
}

/**
 * The status line of a versioned item's screen: what a history action did, else that a draft
 * was saved (in the screen's own words), else nothing.
 */
export function draftMessage(
  data: { history?: string | null; saved?: unknown },
  savedText: string,
): string | undefined {
  return data.history ?? (data.saved ? savedText : undefined);
}

/**
 * The editor of a versioned item (a block, a slide) in a dialog: open for a new item or for the
 * one the address names, with that item's version line above its form.
 */
export function ItemEditorDialog({
  editing,
  item,
  title,
  closeTo,
  state,
  children,
}: {
  /** What the address asks to edit: "new", an id, or nothing. */
  editing: string | null;
  item: unknown;
  /** The dialog's title: editing an item, and adding one. */
  title: { edit: string; add: string };
  closeTo: string;
  state: ItemState | null | undefined;
  children: ReactNode;
}) {
  return (
    <AdminDialog
      open={editing === "new" || Boolean(item)}
      title={item ? title.edit : title.add}
      closeTo={closeTo}
    >
      {item && state ? <VersionStatus state={state} returnTo={closeTo} compact /> : null}
      {children}
    </AdminDialog>
  );
}
