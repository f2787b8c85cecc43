// The Content Management form's action: save a section, or apply a list edit to the draft
// (the buttons of the form without JavaScript).
import { data, type RouterContextProvider, redirect } from "react-router";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import { appContext } from "#app/platform/context.ts";
import { applyListIntent, formToObject, parseListIntent } from "#app/platform/form-data.ts";
import type { SectionId } from "./content.schema.ts";
import {
  getHomepageEditorData,
  isSectionId,
  updateHomepageSection,
} from "./homepage-editor.server.ts";

/** The list each section's form always renders (absent from the post means emptied). */
const LISTS: Partial<Record<SectionId, string>> = {
  services: "services",
  testimonials: "testimonials",
  portfolio: "projects",
};

const BLANKS: Record<string, Record<string, string>> = {
  services: { title: "", description: "", icon: "", image: "", link: "" },
  testimonials: { content: "", author: "", position: "", company: "", avatar: "" },
};

const nonce = () => Math.random().toString(36).slice(2);

export async function homepageEditorAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const { user } = await requireAdmin(request, context);
  const { db, clientIp, invalidatePages } = context.get(appContext);
  const form = await request.formData();
  const sectionId = String(form.get("sectionId") ?? "");
  if (!isSectionId(sectionId)) {
    return data(
      {
        sectionId,
        error: "Failed to update section",
        fieldErrors: { sectionId: "Unknown section" },
        nonce: nonce(),
      },
      { status: 404 },
    );
  }
  const values = formToObject(form, ["sectionId", "intent", "addProject"]);
  const listKey = LISTS[sectionId];
  if (listKey) values[listKey] ??= [];

  const intent = parseListIntent(form.get("intent"));
  if (intent && intent.list === listKey) {
    const items = values[listKey] as Record<string, unknown>[];
    let blank: Record<string, unknown> = BLANKS[listKey] ?? {};
    if (intent.kind === "add" && listKey === "projects") {
      const { projects } = await getHomepageEditorData(db);
      const taken = new Set(items.map((p) => p.id));
      const wanted = String(form.get("addProject") ?? "");
      const project =
        projects.find((p) => p.id === wanted && !taken.has(p.id)) ??
        projects.find((p) => !taken.has(p.id));
      if (!project) return { sectionId, draft: values, nonce: nonce() };
      blank = { ...project };
    }
    values[listKey] = applyListIntent(items, intent, blank);
    return { sectionId, draft: values, nonce: nonce() };
  }

  const result = await updateHomepageSection(db, sectionId, values, {
    actorId: user.id,
    actorLabel: user.email,
    ip: clientIp,
  });
  if (!result.ok) {
    return data(
      {
        sectionId,
        draft: values,
        error: result.error,
        fieldErrors: result.fieldErrors,
        nonce: nonce(),
      },
      { status: result.status },
    );
  }
  await invalidatePages();
  throw redirect(`/admin/homepage?saved=${sectionId}`);
}
