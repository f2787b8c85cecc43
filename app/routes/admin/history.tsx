// One item's history (issue 33): what is live and the draft, publish (over someone else's
// version after comparing), preview and shared preview links, scheduling, the versions with
// compare and restore. Every kind of content uses this one screen; editors post their Publish
// and Discard here with `returnTo`. The page is app/components/admin/history-screen.tsx.
import { data, redirect } from "react-router";
import {
  HistoryScreen,
  type HistoryScreenData,
  type ShareAnswer,
} from "#app/components/admin/history-screen.tsx";
import { adminMeta, ScreenHeader } from "#app/components/admin/screen.tsx";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import { historyPath } from "#app/domain/history/history.ts";
import {
  compareVersions,
  historyItemOf,
  itemHistory,
} from "#app/domain/history/item-history.server.ts";
import { createPreviewLink, revokePreviewLink } from "#app/domain/history/preview-links.server.ts";
import {
  type ReleaseStep,
  scheduleSteps,
  unscheduleStep,
} from "#app/domain/history/releases.server.ts";
import {
  type ContentKind,
  discardDraft,
  publishVersion,
  type Refusal,
  restoreVersion,
} from "#app/domain/history/versions.server.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { wallClockInstant } from "#app/platform/calendar/calendar.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import type { AppServices } from "#app/platform/context.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { failure } from "#app/platform/result.ts";
import { SECRET_PATHS, secretPath } from "#app/platform/secret-urls.ts";
import { fail, handleIntents } from "#app/web/form-action.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { parseId } from "#app/web/http.server.ts";
import { applyContextOf } from "#app/web/versions.server.ts";
import type { Route } from "./+types/history";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(
    loaderData && !loaderData.missing
      ? `History: ${loaderData.state?.title ?? "Item"}`
      : "Not found",
  );

/** No such item: the screen says so inside the admin frame, as a 404. */
const MISSING = () => data({ missing: true as const }, { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const item = historyItemOf(params);
  if (!item) return MISSING();
  const { kind, id } = item;
  const { db } = services;
  const url = new URL(request.url);
  const page = parseId(url.searchParams.get("page")) ?? 1;
  const [history, timeZone] = await Promise.all([
    itemHistory(db, kind, id, { page, now: currentTime(services.env) }),
    getTimeZone(db),
  ]);
  if (!history) return MISSING();
  // `?a=&b=`: two versions of this item compared.
  const a = parseId(url.searchParams.get("a"));
  const b = parseId(url.searchParams.get("b"));
  const screen: HistoryScreenData = {
    ...history,
    type: kind.type,
    id,
    page,
    timeZone,
    compare: a && b ? await compareVersions(db, kind, id, a, b) : null,
    saved: url.searchParams.get("saved") ?? url.searchParams.get("history"),
  };
  return { missing: false as const, ...screen };
}

/** A publish time typed in the company's zone: "2026-11-29T08:00" (a datetime-local field). */
async function publishTimeOf(db: Db, raw: string): Promise<Date | Refusal> {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})$/.exec(raw.trim());
  const wrong = failure("invalid", "Enter the date and time as YYYY-MM-DD HH:MM.", {
    publishAt: "Enter the date and time as YYYY-MM-DD HH:MM.",
  });
  if (!match) return wrong;
  try {
    return wallClockInstant(match[1] as string, match[2] as string, await getTimeZone(db));
  } catch {
    return wrong;
  }
}

/** Where to go after a command: the editor that posted it (an /admin/ path), else the history. */
function backTo(form: FormData, fallback: string, saved: string) {
  const asked = String(form.get("returnTo") ?? "");
  const to = /^\/admin\/[^/\\]/.test(asked) && !asked.includes("//") ? asked : fallback;
  const [path, hash] = to.split("#");
  const sep = (path as string).includes("?") ? "&" : "?";
  return redirect(`${path}${sep}history=${saved}${hash ? `#${hash}` : ""}`);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const item = historyItemOf(params);
  if (!item) return fail("", "No such item.", 404);
  const { kind, id } = item;
  const here = historyPath(kind.type, id);
  const no = (intent: string, r: Refusal) =>
    fail(intent, r, {
      fieldErrors: r.fieldErrors,
      values: r.liveVersionId ? { liveVersionId: r.liveVersionId } : undefined,
    });
  const versionOf = (form: FormData) => parseId(String(form.get("versionId") ?? ""));

  return handleIntents(request, {
    publish: async (form, intent) => {
      const versionId = versionOf(form);
      if (!versionId) return fail(intent, "There is no draft to publish.", 409);
      const overwrite = parseId(String(form.get("overwrite") ?? "")) ?? undefined;
      const result = await publishVersion(
        services.db,
        kind,
        versionId,
        actor,
        await applyContextOf(services),
        overwrite,
      );
      if (!result.ok) return no(intent, result);
      await services.invalidatePages();
      return backTo(form, here, "published");
    },
    discard: async (form, intent) => {
      const result = await discardDraft(services.db, kind, id, actor);
      if (!result.ok) return no(intent, result);
      return backTo(form, here, "discarded");
    },
    restore: async (form, intent) => {
      const versionId = versionOf(form);
      const result = versionId
        ? await restoreVersion(services.db, kind, versionId, actor)
        : failure("not-found", "Version not found.");
      if (!result.ok) return no(intent, result);
      return redirect(
        `${here}?saved=restored&a=${result.value.liveVersionId}&b=${result.value.version.id}#compare`,
      );
    },
    preview: async (form, intent) => previewLink(services, actor, kind, form, intent, false),
    share: async (form, intent) => previewLink(services, actor, kind, form, intent, true),
    revoke: async (form, intent) => {
      const linkId = parseId(String(form.get("linkId") ?? ""));
      const result = linkId
        ? await revokePreviewLink(services.db, linkId, { type: kind.type, id }, actor)
        : failure("not-found", "That preview link does not exist.");
      if (!result.ok) return no(intent, result);
      return redirect(`${here}?saved=revoked`);
    },
    schedule: async (form, intent) => {
      const versionId = versionOf(form);
      const step: ReleaseStep = {
        type: kind.type,
        id,
        action: "publish",
        versionId: versionId ?? undefined,
      };
      return schedule(services, actor, form, intent, step, here);
    },
    "schedule-unpublish": async (form, intent) =>
      schedule(services, actor, form, intent, { type: kind.type, id, action: "unpublish" }, here),
    unschedule: async (form, intent) => {
      const releaseId = parseId(String(form.get("releaseId") ?? ""));
      const result = releaseId
        ? await unscheduleStep(services.db, releaseId, kind.type, id, actor)
        : failure("not-found", "Release not found.");
      if (!result.ok) return no(intent, result);
      return redirect(`${here}?saved=unscheduled`);
    },
  });
}

async function previewLink(
  services: AppServices,
  actor: Actor,
  kind: ContentKind,
  form: FormData,
  intent: string,
  shared: boolean,
) {
  const versionId = parseId(String(form.get("versionId") ?? ""));
  if (!versionId) return fail(intent, "There is no draft to preview.", 409);
  const link = await createPreviewLink(services.db, services.env, versionId, actor, {
    shared,
    type: kind.type,
    now: currentTime(services.env),
  });
  if (!link.ok) return fail(intent, link);
  const path = secretPath(SECRET_PATHS.preview, link.value.token);
  if (!shared) return redirect(path);
  const answer: ShareAnswer = {
    ok: true,
    intent: "share",
    message: "Preview link made. It works for 72 hours for anyone who has it, until you revoke it.",
    link: new URL(path, services.env.SITE_URL).toString(),
  };
  return answer;
}

async function schedule(
  services: AppServices,
  actor: Actor,
  form: FormData,
  intent: string,
  step: ReleaseStep,
  here: string,
) {
  const releaseId = parseId(String(form.get("releaseId") ?? ""));
  let target: { releaseId: number } | { name: string; publishAt: Date };
  if (releaseId) target = { releaseId };
  else {
    const at = await publishTimeOf(services.db, String(form.get("publishAt") ?? ""));
    if (!(at instanceof Date)) {
      return fail(intent, at, {
        fieldErrors: at.fieldErrors,
        values: Object.fromEntries(form),
      });
    }
    target = { name: String(form.get("name") ?? ""), publishAt: at };
  }
  const result = await scheduleSteps(services.db, target, [step], actor, currentTime(services.env));
  if (!result.ok) {
    return fail(intent, result, {
      fieldErrors: result.fieldErrors,
      values: Object.fromEntries(form),
    });
  }
  return redirect(`${here}?saved=scheduled`);
}

export default function History({ loaderData }: Route.ComponentProps) {
  if (loaderData.missing) {
    return (
      <ScreenHeader
        title="Not found"
        description="There is no such item. Its editor's History link leads to the right page."
      />
    );
  }
  return <HistoryScreen loaderData={loaderData} />;
}
