// The history screen of one item (/admin/history/{type}/{id}) and the history line every editor
// shows: what is live, the draft, what is scheduled; and the commands on them (publish, discard,
// preview, share, schedule, restore). Editors post their Publish and Discard here with `returnTo`.
import { data, type RouterContextProvider, redirect } from "react-router";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import { wallClockInstant } from "#app/domain/calendar/calendar.server.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import type { AppServices } from "#app/platform/context.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { SECRET_PATHS, secretPath } from "#app/platform/secret-urls.ts";
import { type ActionFailure, fail, handleIntents } from "#app/web/form-action.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { parseId } from "#app/web/http.server.ts";
import { compareData } from "./compare.server.ts";
import { type FieldChange, historyPath, isContentType, VERSION_PAGE_SIZE } from "./history.ts";
import { applyContextOf } from "./history-api.server.ts";
import { itemState } from "./item-state.server.ts";
import { kindOf } from "./kinds.server.ts";
import { createPreviewLink, revokePreviewLink, sharedLinksOf } from "./preview-links.server.ts";
import {
  listReleases,
  type ReleaseStep,
  scheduleSteps,
  unscheduleStep,
} from "./releases.server.ts";
import {
  type ContentKind,
  discardDraft,
  getVersion,
  listVersions,
  publishVersion,
  type Refusal,
  restoreVersion,
} from "./versions.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The item a history address names, or null. */
function itemOf(params: { type?: string; id?: string }) {
  const type = params.type;
  const id = params.id ?? "";
  if (!isContentType(type) || !/^[a-z0-9_-]{1,40}$/i.test(id)) return null;
  return { kind: kindOf(type), id };
}

/** No such item: the screen says so inside the admin frame, as a 404. */
const MISSING = () => data({ missing: true as const }, { status: 404 });

export async function historyLoader(
  request: Request,
  context: Context,
  params: { type?: string; id?: string },
) {
  const { services } = await requireAdmin(request, context);
  const item = itemOf(params);
  if (!item) return MISSING();
  const { kind, id } = item;
  const { db } = services;
  const url = new URL(request.url);
  const page = parseId(url.searchParams.get("page")) ?? 1;
  const [state, list, links, releases, timeZone] = await Promise.all([
    itemState(db, kind, id),
    listVersions(db, kind.type, id, {
      limit: VERSION_PAGE_SIZE,
      offset: (page - 1) * VERSION_PAGE_SIZE,
    }),
    sharedLinksOf(db, kind.type, id, currentTime(services.env)),
    listReleases(db, 0),
    getTimeZone(db),
  ]);
  if (!state && list.total === 0) return MISSING();
  return {
    missing: false as const,
    type: kind.type,
    id,
    state,
    versions: list.versions,
    total: list.total,
    page,
    links,
    releases: releases.map((r) => ({ id: r.id, name: r.name, publishAt: r.publishAt })),
    timeZone,
    compare: await comparison(db, kind, id, url.searchParams),
    // What the last command did: its own (?saved=) or an editor's history line's (?history=).
    saved: url.searchParams.get("saved") ?? url.searchParams.get("history"),
  };
}

/** `?a=&b=`: two versions of this item compared (older first); the draft against live by default. */
async function comparison(db: Db, kind: ContentKind, id: string, params: URLSearchParams) {
  const a = parseId(params.get("a"));
  const b = parseId(params.get("b"));
  if (!a || !b) return null;
  const [older, newer] = await Promise.all([
    getVersion(db, Math.min(a, b)),
    getVersion(db, Math.max(a, b)),
  ]);
  const mine = (v: typeof older) => v && v.contentType === kind.type && v.contentId === id;
  if (!mine(older) || !mine(newer) || !older || !newer) return null;
  const summary = ({ data: _, ...v }: NonNullable<typeof older>) => v;
  const changes: FieldChange[] = compareData(older.data, newer.data);
  return { older: summary(older), newer: summary(newer), changes };
}

/** A publish time typed in the company's zone: "2026-11-29T08:00" (a datetime-local field). */
async function publishTimeOf(db: Db, raw: string): Promise<Date | Refusal> {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})$/.exec(raw.trim());
  const wrong: Refusal = {
    ok: false,
    status: 400,
    error: "Enter the date and time as YYYY-MM-DD HH:MM.",
    fieldErrors: { publishAt: "Enter the date and time as YYYY-MM-DD HH:MM." },
  };
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

export interface ShareAnswer {
  ok: true;
  intent: "share";
  message: string;
  link: string;
}

export async function historyAction(
  request: Request,
  context: Context,
  params: { type?: string; id?: string },
) {
  const { actor, services } = await requireAdmin(request, context);
  const item = itemOf(params);
  if (!item) return fail("", "No such item.", 404);
  const { kind, id } = item;
  const here = historyPath(kind.type, id);
  const no = (intent: string, r: Refusal) =>
    fail(intent, r.error, r.status, {
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
        : ({ ok: false, status: 404, error: "Version not found." } as Refusal);
      if (!result.ok) return no(intent, result);
      return redirect(
        `${here}?saved=restored&a=${result.liveVersionId}&b=${result.version.id}#compare`,
      );
    },
    preview: async (form, intent) => previewLink(services, actor, kind, form, intent, false),
    share: async (form, intent) => previewLink(services, actor, kind, form, intent, true),
    revoke: async (form, intent) => {
      const linkId = parseId(String(form.get("linkId") ?? ""));
      const result = linkId
        ? await revokePreviewLink(services.db, linkId, { type: kind.type, id }, actor)
        : ({ ok: false, status: 404, error: "That preview link does not exist." } as Refusal);
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
        : ({ ok: false, status: 404, error: "Release not found." } as Refusal);
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
  if (!link.ok) return fail(intent, link.error, link.status);
  const path = secretPath(SECRET_PATHS.preview, link.token);
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
      return fail(intent, at.error, at.status, {
        fieldErrors: at.fieldErrors,
        values: Object.fromEntries(form),
      });
    }
    target = { name: String(form.get("name") ?? ""), publishAt: at };
  }
  const result = await scheduleSteps(services.db, target, [step], actor, currentTime(services.env));
  if (!result.ok) {
    return fail(intent, result.error, result.status, {
      fieldErrors: result.fieldErrors,
      values: Object.fromEntries(form),
    });
  }
  return redirect(`${here}?saved=scheduled`);
}

export type HistoryAnswer = ActionFailure | ShareAnswer;
