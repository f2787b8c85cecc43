import { useActionData, useLoaderData } from "react-router";
import { type EditorActionData, HomepageEditor } from "#app/components/admin/homepage-editor.tsx";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import { getHomepageEditorData, isSectionId } from "#app/domain/content/homepage-editor.server.ts";
import { homepageEditorAction } from "#app/domain/content/homepage-editor-action.server.ts";
import { appContext } from "#app/platform/context.ts";
import type { Route } from "./+types/homepage";

export const meta: Route.MetaFunction = () => [
  { title: "Content Management | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const edit = url.searchParams.get("edit");
  const saved = url.searchParams.get("saved");
  return {
    ...(await getHomepageEditorData(context.get(appContext).db)),
    edit: isSectionId(edit) ? edit : null,
    saved: isSectionId(saved) ? saved : null,
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return homepageEditorAction(request, context);
}

export default function ContentManagement() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as EditorActionData | undefined;
  return <HomepageEditor data={data} actionData={actionData} />;
}
