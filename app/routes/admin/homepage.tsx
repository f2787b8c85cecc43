// The Content Management screen: the homepage sections. Its action saves a section, or applies a
// list edit to the draft (the list buttons of the form without JavaScript: "add:services",
// "up:projects:1"...). Every answer names its section in `values.sectionId`, so the screen opens
// that section's form.
import { redirect } from "react-router";
import { type EditorAnswer, HomepageEditor } from "#app/components/admin/homepage-editor.tsx";
import { adminMeta } from "#app/components/admin/screen.tsx";
import type { SectionId } from "#app/domain/content/content.schema.ts";
import {
  getHomepageEditorData,
  isSectionId,
  projectToAdd,
  sectionKind,
} from "#app/domain/content/homepage-editor.server.ts";
import { BLANK_ITEMS, SECTION_LISTS } from "#app/domain/content/homepage-lists.ts";
import { saveFieldsDraft } from "#app/domain/history/item-state.server.ts";
import { editList, formToObject } from "#app/platform/form-data.ts";
import { draft, fail, handleIntents, refused } from "#app/web/form-action.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import type { Route } from "./+types/homepage";

export const meta: Route.MetaFunction = () => adminMeta("Content Management");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const edit = params.get("edit");
  const saved = params.get("saved");
  const history = params.get("history");
  return {
    ...(await getHomepageEditorData(services.db)),
    edit: isSectionId(edit) ? edit : null,
    saved: isSectionId(saved) ? saved : null,
    history: (["published", "discarded"] as const).find((h) => h === history) ?? null,
  };
}

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

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const { db } = services;
  return handleIntents(
    request,
    {
      // Save keeps a draft (decision 0021); Publish on the section's history line makes it live.
      save: async (form, intent) => {
        const { sectionId, values } = readSection(form);
        if (!values) return unknownSection(intent, sectionId);
        const { sectionId: _, ...fields } = values;
        const posted = Object.fromEntries(form);
        const result = await saveFieldsDraft(db, sectionKind, sectionId, fields, actor, posted);
        if (!result.ok) return refused(intent, { ...result, error: FAILED }, values);
        return redirect(`/admin/homepage?saved=${sectionId}#section-${sectionId}`);
      },
    },
    async (form, intent) => {
      const { sectionId, list, values } = readSection(form);
      if (!values) return unknownSection(intent, sectionId);
      const blank =
        intent === "add:projects"
          ? await projectToAdd(db, values.projects, String(form.get("addProject") ?? ""))
          : BLANK_ITEMS[list ?? ""];
      const edited = list ? editList(values, intent, { [list]: blank }) : null;
      return edited ? draft("save", edited) : fail(intent, "Unknown action.");
    },
  );
}

export default function ContentManagement({ loaderData, actionData }: Route.ComponentProps) {
  return <HomepageEditor data={loaderData} answer={actionData as EditorAnswer | undefined} />;
}
