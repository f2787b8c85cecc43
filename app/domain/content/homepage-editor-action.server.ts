// The Content Management form's action: save a section, or apply a list edit to the draft
// (the list buttons of the form without JavaScript: "add:services", "up:projects:1"...).
// Every answer names its section in `values.sectionId`, so the screen opens that section's form.
import { type RouterContextProvider, redirect } from "react-router";
import { saveFieldsDraft } from "#app/domain/history/item-state.server.ts";
import { editList, formToObject } from "#app/platform/form-data.ts";
import { draft, fail, handleIntents, refused } from "#app/web/form-action.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import type { SectionId } from "./content.schema.ts";
import { getHomepageEditorData, isSectionId, sectionKind } from "./homepage-editor.server.ts";
import { BLANK_ITEMS, SECTION_LISTS } from "./homepage-lists.ts";

const FAILED = "Failed to update section";

/** The posted section and its values (its list [] when the form emptied it). */
function readSection(form: FormData) {
  const sectionId = String(form.get("sectionId") ?? "");
  if (!isSectionId(sectionId)) return { sectionId, values: null };
  const values = formToObject(form, ["intent", "addProject", "baseVersionId", "versionNote"]);
  const list: string | undefined = SECTION_LISTS[sectionId as keyof typeof SECTION_LISTS];
  if (list) values[list] ??= [];
  return { sectionId: sectionId as SectionId, list, values };
}

const unknownSection = (intent: string, sectionId: string) =>
  fail(intent, FAILED, 404, {
    fieldErrors: { sectionId: "Unknown section" },
    values: { sectionId },
  });

export async function homepageEditorAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const { actor, services } = await requireAdmin(request, context);
  const { db } = services;

  /** The project "Add project" appends: the one chosen, else the first not shown yet. */
  async function projectToAdd(form: FormData, shown: unknown) {
    const { projects } = await getHomepageEditorData(db);
    const taken = new Set((Array.isArray(shown) ? shown : []).map((p) => p?.id));
    const wanted = String(form.get("addProject") ?? "");
    const free = projects.filter((p) => !taken.has(p.id));
    const project = free.find((p) => p.id === wanted) ?? free[0];
    return project ? { ...project } : null;
  }

  return handleIntents(
    request,
    {
      // Save keeps a draft (decision 0021); Publish on the section's history line makes it live.
      save: async (form, intent) => {
        const { sectionId, values } = readSection(form);
        if (!values) return unknownSection(intent, sectionId);
        const { sectionId: _, ...fields } = values;
        const result = await saveFieldsDraft(db, sectionKind, sectionId, fields, actor, form);
        if (!result.ok) return refused(intent, { ...result, error: FAILED }, values);
        return redirect(`/admin/homepage?saved=${sectionId}#section-${sectionId}`);
      },
    },
    async (form, intent) => {
      const { sectionId, list, values } = readSection(form);
      if (!values) return unknownSection(intent, sectionId);
      const blank =
        intent === "add:projects"
          ? await projectToAdd(form, values.projects)
          : BLANK_ITEMS[list ?? ""];
      const edited = list ? editList(values, intent, { [list]: blank }) : null;
      return edited ? draft("save", edited) : fail(intent, "Unknown action.");
    },
  );
}
