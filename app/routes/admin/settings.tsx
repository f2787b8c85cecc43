import { adminMeta } from "#app/components/admin/screen.tsx";
import { type SettingsAnswer, SettingsEditor } from "#app/components/admin/settings-editor.tsx";
import { settingsAction } from "#app/domain/settings/settings-action.server.ts";
import { getSettingsForEditor } from "#app/domain/settings/settings-admin.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => adminMeta("Settings");

const SAVED_FORMS = ["logo", "brand", "clock", "closed", "staff"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const saved = params.get("saved");
  return {
    history: params.get("history"),
    ...(await getSettingsForEditor(services.db, services.env)),
    saved: SAVED_FORMS.find((form) => form === saved) ?? null,
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return settingsAction(request, context);
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsEditor data={loaderData} answer={actionData as SettingsAnswer | undefined} />;
}
