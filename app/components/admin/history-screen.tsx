// One item's history screen (/admin/history/{type}/{id}, issue 33): what is live and the draft,
// publish (over someone else's version after comparing), preview and shared preview links,
// scheduling, the versions with compare and restore. Every kind of content uses this one screen;
// its loader and action are app/routes/admin/history.tsx's.
import { Form, Link, useActionData } from "react-router";
import { adminButton, adminDangerLink, adminPrimary } from "#app/components/admin/buttons.ts";
import { PostButton } from "#app/components/admin/confirm-button.tsx";
import { Comparison, ScheduleForm, VersionsTable } from "#app/components/admin/history-parts.tsx";
import { Pager } from "#app/components/admin/pager.tsx";
import { Notice, Panel, ScreenHeader } from "#app/components/admin/screen.tsx";
import { VersionStatus } from "#app/components/admin/version-status.tsx";
import { When } from "#app/components/ui/when.tsx";
import {
  CONTENT_LABELS,
  type ContentType,
  DRAFT_RETENTION_DAYS,
  HISTORY_NOTICES,
  historyPath,
  SHARED_PREVIEW_HOURS,
  VERSION_PAGE_SIZE,
} from "#app/domain/history/history.ts";
import type { ItemHistory, VersionComparison } from "#app/domain/history/item-history.server.ts";
import { timeZoneLabel } from "#app/domain/settings/clock.ts";
import type { ActionFailure } from "#app/web/form-action.server.ts";

/** What the screen shows of an item that has a history. */
export interface HistoryScreenData extends ItemHistory {
  type: ContentType;
  id: string;
  page: number;
  timeZone: string;
  compare: VersionComparison | null;
  /** What the last command did: its own (?saved=) or an editor's history line's (?history=). */
  saved: string | null;
}

/** The answer to "Share preview": the link to copy. */
export interface ShareAnswer {
  ok: true;
  intent: "share";
  message: string;
  link: string;
}

export type HistoryAnswer = ActionFailure | ShareAnswer;

const SAVED: Record<string, string> = {
  ...HISTORY_NOTICES,
  restored: "A new draft was made from the old version. It is not live until you publish it.",
  scheduled: "Scheduled.",
  unscheduled: "Taken out of the release.",
  revoked: "Preview link revoked. It no longer works.",
};

/** The screen of an item that has a history. */
export function HistoryScreen({ loaderData }: { loaderData: HistoryScreenData }) {
  const { type, id, state, versions, total, page, links, releases, compare, timeZone } = loaderData;
  const answer = useActionData() as HistoryAnswer | undefined;
  const failure = answer && !answer.ok ? answer : null;
  const shared = answer?.ok ? answer : null;
  const path = historyPath(type, id);
  const draft = state?.draft ?? null;
  const live = state?.live ?? null;
  const scheduleFailure = failure?.intent.startsWith("schedule") ? failure : null;
  const conflictLive = Boolean(failure?.values?.liveVersionId);
  return (
    <>
      {state && (
        <Link
          to={state.editPath}
          className="mb-3 inline-block text-sm font-medium text-brand-700 underline dark:text-brand-300"
        >
          Back to the editor
        </Link>
      )}
      <ScreenHeader
        title={`History: ${state?.title ?? `${CONTENT_LABELS[type]} ${id}`}`}
        description={`${CONTENT_LABELS[type]}. Saving in the editor keeps a draft; visitors see the live version until a draft is published.`}
      />
      <Notice
        message={shared?.message ?? SAVED[loaderData.saved ?? ""]}
        error={failure && !scheduleFailure ? failure.error : undefined}
      />
      {shared && (
        <div className="mt-2">
          <label className="block text-sm font-medium" htmlFor="shared-link">
            Preview link (works without signing in)
          </label>
          <input
            id="shared-link"
            readOnly
            value={shared.link}
            className="mt-1 w-full rounded border border-slate-300 bg-white p-2 font-mono text-sm dark:border-slate-700 dark:bg-slate-900"
          />
        </div>
      )}
      {!state && (
        <Notice error="This item has been deleted. Its history can be read; it cannot be restored." />
      )}
      {state && <VersionStatus state={state} historyLink={false} />}

      {state && draft && (
        <Panel title="Publish, preview, share" titleId="publish" className="mt-6">
          <div className="mt-4 flex flex-wrap gap-2">
            {(state.conflict || conflictLive) && live && (
              <PostButton
                fields={{ intent: "publish", versionId: draft.id, overwrite: live.id }}
                className={adminPrimary}
              >
                Publish over version #{live.id}
              </PostButton>
            )}
            <PostButton fields={{ intent: "share", versionId: draft.id }} className={adminButton}>
              Share preview
            </PostButton>
          </div>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            A shared preview link shows this draft to anyone who has it, without signing in, for{" "}
            {SHARED_PREVIEW_HOURS} hours or until you revoke it.
          </p>
        </Panel>
      )}

      {links.length > 0 && (
        <Panel title="Shared preview links" titleId="links" className="mt-6">
          <ul className="mt-3 space-y-2 text-sm">
            {links.map((link) => (
              <li key={link.id} className="flex flex-wrap items-center gap-3">
                <span>
                  Version #{link.versionId}, shared by {link.createdBy} <When at={link.createdAt} />
                  , works until <When at={link.expiresAt} />
                </span>
                <PostButton
                  fields={{ intent: "revoke", linkId: link.id }}
                  className={adminDangerLink}
                  label={`Revoke preview link ${link.id}`}
                >
                  Revoke
                </PostButton>
              </li>
            ))}
          </ul>
        </Panel>
      )}

      {state && (draft || state.canUnpublish || state.scheduled.length > 0) && (
        <Panel
          title="Schedule"
          titleId="schedule"
          description="Times are the company's. A start after downtime publishes anything overdue at once."
          className="mt-6"
        >
          {state.scheduled.map((s) => (
            <Form
              key={s.releaseId}
              method="post"
              className="mt-3 flex flex-wrap items-center gap-3 text-sm"
            >
              <span>
                {s.action === "publish"
                  ? `Version #${s.versionId} publishes`
                  : "Comes off the site"}{" "}
                on <When at={s.publishAt} /> in "{s.releaseName}".
              </span>
              <input type="hidden" name="intent" value="unschedule" />
              <input type="hidden" name="releaseId" value={s.releaseId} />
              <button type="submit" className={adminButton}>
                Take out of the release
              </button>
            </Form>
          ))}
          {draft && (
            <ScheduleForm
              intent="schedule"
              versionId={draft.id}
              releases={releases}
              zoneLabel={timeZoneLabel(timeZone)}
              failure={scheduleFailure}
              submit="Schedule publishing"
            >
              <h3 className="font-medium">Publish draft #{draft.id} at a time</h3>
            </ScheduleForm>
          )}
          {state.canUnpublish && (
            <ScheduleForm
              intent="schedule-unpublish"
              releases={releases}
              zoneLabel={timeZoneLabel(timeZone)}
              failure={scheduleFailure}
              submit="Schedule taking it off"
            >
              <h3 className="mt-6 font-medium">
                Take it off the site at a time (a promotion that ends)
              </h3>
            </ScheduleForm>
          )}
        </Panel>
      )}

      {compare && <Comparison {...compare} />}

      <Panel
        title="Versions"
        titleId="versions"
        description={`Published versions are kept. Drafts that were never published are deleted after ${DRAFT_RETENTION_DAYS} days.`}
        className="mt-8"
      >
        <Form
          method="get"
          action={`${path}#compare`}
          className="mt-4 flex flex-wrap items-end gap-3 text-sm"
        >
          {(["a", "b"] as const).map((name, i) => (
            <label key={name} className="flex flex-col">
              {i === 0 ? "Compare version" : "with version"}
              <select
                name={name}
                defaultValue={String(versions[i]?.id ?? "")}
                className="mt-1 rounded border border-slate-300 p-1.5 dark:border-slate-700 dark:bg-slate-900"
              >
                {versions.map((v) => (
                  <option key={v.id} value={v.id}>
                    #{v.id}
                    {v.live ? " (live)" : v.status === "draft" ? " (draft)" : ""}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <button type="submit" className={adminButton}>
            Compare
          </button>
        </Form>
        <VersionsTable
          versions={versions}
          liveId={live?.id ?? null}
          draftId={draft?.id ?? null}
          path={path}
        />
        <Pager
          page={page}
          pageSize={VERSION_PAGE_SIZE}
          total={total}
          label="Version pages"
          href={(n) => `${path}?page=${n}`}
        />
      </Panel>
    </>
  );
}
