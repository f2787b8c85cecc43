// Scheduled releases (issue 33 item 4): drafts that go live together at one time, in one
// transaction or not at all; publish one now (after asking), cancel it, and see how the last
// ones went and why a failed one did not go.
import { Link, redirect } from "react-router";
import { ConfirmRecord } from "#app/components/admin/admin-dialog.tsx";
import { adminButton, adminDangerLink, adminPrimary } from "#app/components/admin/buttons.ts";
import { PostButton } from "#app/components/admin/confirm-button.tsx";
import {
  adminMeta,
  Badge,
  badgeStyle,
  EmptyState,
  Notice,
  Panel,
  RowLink,
  ScreenHeader,
} from "#app/components/admin/screen.tsx";
import { When } from "#app/components/ui/when.tsx";
import { CONTENT_LABELS, historyPath } from "#app/domain/history/history.ts";
import {
  cancelRelease,
  listReleases,
  publishRelease,
  type ReleaseView,
} from "#app/domain/history/releases.server.ts";
import { failure } from "#app/platform/result.ts";
import { type ActionFailure, fail, handleIntents, postedId } from "#app/web/form-action.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { parseId } from "#app/web/http.server.ts";
import { applyContextOf } from "#app/web/versions.server.ts";
import type { Route } from "./+types/releases";

export const meta: Route.MetaFunction = () => adminMeta("Scheduled Releases");

const PATH = "/admin/releases";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  return {
    releases: await listReleases(services.db),
    saved: params.get("saved"),
    // "Publish now" asks first: the address names the release it asks about.
    confirmPublish: parseId(params.get("publish")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  return handleIntents(request, {
    "publish-now": async (form, intent) => {
      const id = postedId(form);
      if (!id) return fail(intent, "Release not found.", 404);
      const result = await publishRelease(services.db, id, actor, await applyContextOf(services));
      if (!result.ok) return fail(intent, result);
      await services.invalidatePages();
      return redirect(`${PATH}?saved=published`);
    },
    cancel: async (form, intent) => {
      const id = postedId(form);
      const result = id
        ? await cancelRelease(services.db, id, actor)
        : failure("not-found", "Release not found.");
      if (!result.ok) return fail(intent, result);
      return redirect(`${PATH}?saved=cancelled`);
    },
  });
}

const SAVED: Record<string, string> = {
  published: "Release published: every draft in it is live.",
  cancelled: "Release cancelled: nothing in it was published.",
};

const STATUS_STYLE: Record<string, string> = {
  scheduled: badgeStyle.info,
  published: badgeStyle.success,
  failed: badgeStyle.danger,
  cancelled: badgeStyle.muted,
};

function Release({ release }: { release: ReleaseView }) {
  const scheduled = release.status === "scheduled";
  return (
    <Panel
      title={release.name}
      titleId={`release-${release.id}`}
      className="mt-4"
      actions={
        scheduled && (
          <>
            <RowLink to={`?publish=${release.id}`} className={adminPrimary}>
              {/* One flex item: the button's gap would split the words. */}
              <span>
                Publish <span className="sr-only">{release.name} </span>now…
              </span>
            </RowLink>
            <PostButton fields={{ intent: "cancel", id: release.id }} className={adminDangerLink}>
              Cancel release<span className="sr-only"> {release.name}</span>
            </PostButton>
          </>
        )
      }
    >
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
        <Badge className={STATUS_STYLE[release.status] ?? badgeStyle.muted}>{release.status}</Badge>
        {scheduled ? "Goes live" : "Was due"} <When at={release.publishAt} /> · scheduled by{" "}
        {release.createdBy}
        {release.doneAt && (
          <>
            {" "}
            · {release.status} <When at={release.doneAt} />
          </>
        )}
      </p>
      {release.error && (
        <p className="mt-2 text-sm text-red-700 dark:text-red-400">
          Not published: {release.error}
        </p>
      )}
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
        {release.steps.map((step) => (
          <li key={`${step.type}:${step.id}`}>
            {step.action === "publish"
              ? `Publish version #${step.versionId} of`
              : "Take off the site:"}{" "}
            {CONTENT_LABELS[step.type]}{" "}
            <Link
              to={historyPath(step.type, step.id)}
              className="font-medium text-brand-700 underline dark:text-brand-300"
            >
              {step.title}
            </Link>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** "Publish now?": what goes live, and that its time is then past. */
function ConfirmPublish({ release }: { release: ReleaseView | undefined }) {
  return (
    <ConfirmRecord
      record={release}
      title="Publish the release now?"
      closeTo={PATH}
      intent="publish-now"
      confirm="Publish now"
      tone="primary"
      busy="Publishing..."
    >
      {(release) => (
        <>
          <p>
            "{release.name}" is scheduled for <When at={release.publishAt} />. Publishing it now
            makes every item in it live at once, for every visitor:
          </p>
          <ul className="list-disc pl-5">
            {release.steps.map((step) => (
              <li key={`${step.type}:${step.id}`}>
                {step.action === "publish" ? "Publish" : "Take off the site:"}{" "}
                {CONTENT_LABELS[step.type].toLowerCase()} "{step.title}"
              </li>
            ))}
          </ul>
        </>
      )}
    </ConfirmRecord>
  );
}

export default function Releases({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData && !actionData.ok ? (actionData as ActionFailure) : null;
  const scheduled = loaderData.releases.filter((r) => r.status === "scheduled");
  const confirming = scheduled.find((r) => r.id === loaderData.confirmPublish);
  const done = loaderData.releases.filter((r) => r.status !== "scheduled");
  return (
    <>
      <ScreenHeader
        title="Scheduled Releases"
        description="Drafts scheduled to go live together. Schedule a draft from its history (the History link beside every editor)."
      />
      <Notice message={SAVED[loaderData.saved ?? ""]} error={failure?.error} />
      <ConfirmPublish release={confirming} />
      {scheduled.length === 0 ? (
        <EmptyState>Nothing is scheduled.</EmptyState>
      ) : (
        scheduled.map((r) => <Release key={r.id} release={r} />)
      )}
      {done.length > 0 && (
        <>
          <h2 className="mt-10 text-xl font-semibold">Recent releases</h2>
          {done.map((r) => (
            <Release key={r.id} release={r} />
          ))}
        </>
      )}
      <p className="mt-6 text-sm">
        <Link to="/admin/audit?kind=content" className={adminButton}>
          Content changes in the audit log
        </Link>
      </p>
    </>
  );
}
