import { useActionData, useLoaderData } from "react-router";
import { type SettingsActionData, SettingsEditor } from "#app/components/admin/settings-editor.tsx";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import { settingsAction } from "#app/domain/settings/settings-action.server.ts";
import { getSettingsForEditor } from "#app/domain/settings/settings-admin.server.ts";
import { appContext } from "#app/platform/context.ts";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [
  { title: "Settings | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, env } = context.get(appContext);
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    ...(await getSettingsForEditor(db, env.SALES_EMAIL)),
    saved: saved === "logo" || saved === "brand" ? (saved as "logo" | "brand") : null,
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return settingsAction(request, context);
}

export default function Settings() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SettingsActionData | undefined;
  return <SettingsEditor data={data} actionData={actionData} />;
}
