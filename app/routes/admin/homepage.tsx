import { type EditorAnswer, HomepageEditor } from "#app/components/admin/homepage-editor.tsx";
import { adminMeta } from "#app/components/admin/screen.tsx";
import { getHomepageEditorData, isSectionId } from "#app/domain/content/homepage-editor.server.ts";
import { homepageEditorAction } from "#app/domain/content/homepage-editor-action.server.ts";
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

export function action({ request, context }: Route.ActionArgs) {
  return homepageEditorAction(request, context);
}

export default function ContentManagement({ loaderData, actionData }: Route.ComponentProps) {
  return <HomepageEditor data={loaderData} answer={actionData as EditorAnswer | undefined} />;
}
