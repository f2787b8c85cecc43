// The parts of the history screen (decision 0021): the versions table with Restore and Compare,
// the comparison of two versions with the changed words marked, the schedule form.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { TextField } from "#app/components/ui/fields.tsx";
import { When } from "#app/components/ui/when.tsx";
import type { FieldChange, VersionSummary } from "#app/domain/history/history.ts";
import type { ActionFailure } from "#app/web/form-action.server.ts";
import { adminButton, adminPrimary } from "./buttons.ts";
import { PostButton } from "./confirm-button.tsx";
import { Badge, badgeStyle, DataTable, Panel } from "./screen.tsx";

const STATUS: Record<VersionSummary["status"], [string, string]> = {
  draft: ["Draft", badgeStyle.warning],
  published: ["Published", badgeStyle.info],
  discarded: ["Draft, not published", badgeStyle.muted],
  deleted: ["Deleted", badgeStyle.danger],
};

export function VersionBadge({ version }: { version: VersionSummary }) {
  const [label, style] = version.live ? ["Live", badgeStyle.success] : STATUS[version.status];
  return <Badge className={style}>{label}</Badge>;
}

export function VersionsTable({
  versions,
  liveId,
  draftId,
  path,
}: {
  versions: VersionSummary[];
  liveId: number | null;
  draftId: number | null;
  path: string;
}) {
  return (
    <DataTable
      caption="Versions, newest first"
      columns={["Version", "Status", "By", "When", "Note", "Actions"]}
      empty="No versions yet."
    >
      {versions.map((v) => {
        const against = v.id === liveId ? draftId : liveId;
        return (
          <tr key={v.id}>
            <td className="px-4 py-2 font-medium">#{v.id}</td>
            <td className="px-4 py-2">
              <VersionBadge version={v} />
            </td>
            <td className="px-4 py-2">{v.authorLabel}</td>
            <td className="px-4 py-2">
              <When at={v.createdAt} />
              {v.publishedAt && v.publishedAt !== v.createdAt && (
                <span className="block text-xs text-slate-600 dark:text-slate-300">
                  published <When at={v.publishedAt} />
                  {v.publishedByLabel ? ` by ${v.publishedByLabel}` : ""}
                </span>
              )}
            </td>
            <td className="px-4 py-2">{v.note || "-"}</td>
            <td className="px-4 py-2">
              <div className="flex flex-wrap gap-2">
                {against && against !== v.id && (
                  <Link
                    to={`${path}?a=${against}&b=${v.id}#compare`}
                    className="font-medium text-brand-700 underline dark:text-brand-300"
                  >
                    Compare <span className="sr-only">version {v.id} </span>with{" "}
                    {against === liveId ? "live" : "draft"}
                  </Link>
                )}
                {!v.live && v.status !== "draft" && (
                  <PostButton
                    fields={{ intent: "restore", versionId: v.id }}
                    className={adminButton}
                  >
                    Restore <span className="sr-only">version {v.id} </span>as draft
                  </PostButton>
                )}
              </div>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}

/** Each part keyed by where it starts in the text and what it is (parts never move). */
function keyed(parts: FieldChange["parts"]) {
  let at = 0;
  return parts.map((part) => {
    const key = `${at}${part.added ? "+" : part.removed ? "-" : "="}`;
    if (!part.added) at += part.value.length;
    return { ...part, key };
  });
}

/** Two versions side by side in one list of fields: removed words struck, added words marked. */
export function Comparison({
  older,
  newer,
  changes,
}: {
  older: VersionSummary;
  newer: VersionSummary;
  changes: FieldChange[];
}) {
  return (
    <Panel
      id="compare"
      title={`Version #${older.id} compared with #${newer.id}`}
      titleId="compare-title"
      description="Removed words are struck through in red; added words are underlined in green."
      className="mt-8"
    >
      <p className="mt-2 text-sm">
        #{older.id} <VersionBadge version={older} /> by {older.authorLabel},{" "}
        <When at={older.createdAt} />
        {" · "}#{newer.id} <VersionBadge version={newer} /> by {newer.authorLabel},{" "}
        <When at={newer.createdAt} />
      </p>
      {changes.length === 0 ? (
        <p className="mt-4 text-sm">The two versions are the same.</p>
      ) : (
        <dl className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
          {changes.map((change) => (
            <div key={change.field} className="grid gap-1 py-3 sm:grid-cols-[14rem_1fr]">
              <dt className="font-medium text-slate-700 dark:text-slate-300">{change.field}</dt>
              <dd className="break-words whitespace-pre-wrap text-slate-900 dark:text-slate-100">
                {keyed(change.parts).map((part) =>
                  part.removed ? (
                    <del
                      key={part.key}
                      className="bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200"
                    >
                      {part.value}
                    </del>
                  ) : part.added ? (
                    <ins
                      key={part.key}
                      className="bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200"
                    >
                      {part.value}
                    </ins>
                  ) : (
                    <span key={part.key}>{part.value}</span>
                  ),
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Panel>
  );
}

/**
 * A time to publish at (in the company's zone) and a name for a new release, or a scheduled
 * release to join: the drafts of one release go live together.
 */
export function ScheduleForm({
  intent,
  versionId,
  releases,
  zoneLabel,
  failure,
  submit,
  children,
}: {
  intent: "schedule" | "schedule-unpublish";
  versionId?: number;
  releases: { id: number; name: string; publishAt: string }[];
  zoneLabel: string;
  failure: ActionFailure | null;
  submit: string;
  children?: ReactNode;
}) {
  const mine = failure?.intent === intent ? failure : null;
  const values = (mine?.values ?? {}) as Record<string, string>;
  return (
    <Form method="post" className="mt-4 space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {versionId && <input type="hidden" name="versionId" value={versionId} />}
      {children}
      {mine && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {mine.error}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          type="datetime-local"
          name="publishAt"
          label={`Date and time (${zoneLabel})`}
          defaultValue={values.publishAt}
          error={mine?.fieldErrors?.publishAt}
        />
        <TextField
          name="name"
          label="Release name"
          hint="Drafts in one release go live together."
          defaultValue={values.name}
          maxLength={120}
        />
      </div>
      {releases.length > 0 && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
            Or add it to a scheduled release
          </legend>
          <div className="mt-2 space-y-1">
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="releaseId" value="" defaultChecked />A new release at the
              time above
            </label>
            {releases.map((r) => (
              <label key={r.id} className="flex items-center gap-2 text-sm">
                <input type="radio" name="releaseId" value={r.id} />
                {r.name}, <When at={r.publishAt} />
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <button type="submit" className={adminPrimary}>
        {submit}
      </button>
    </Form>
  );
}
