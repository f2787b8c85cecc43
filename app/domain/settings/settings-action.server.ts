// The Settings screen's action: the logo form and the brand form.
import { data, type RouterContextProvider, redirect } from "react-router";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import { appContext } from "#app/platform/context.ts";
import { applyListIntent, formToObject, parseListIntent } from "#app/platform/form-data.ts";
import { saveBrandSettings, saveLogo } from "./settings-admin.server.ts";

const nonce = () => Math.random().toString(36).slice(2);

export async function settingsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { user } = await requireAdmin(request, context);
  const { db, clientIp, invalidatePages } = context.get(appContext);
  const actor = { actorId: user.id, actorLabel: user.email, ip: clientIp };
  const form = await request.formData();
  const which = form.get("form");

  if (which === "logo") {
    const result = await saveLogo(db, form.get("logo_url") ?? "", actor);
    if (!result.ok) {
      return data(
        { form: "logo" as const, error: result.error, fieldErrors: result.fieldErrors },
        { status: result.status },
      );
    }
    await invalidatePages();
    throw redirect("/admin/settings?saved=logo");
  }

  if (which === "brand") {
    const values = formToObject(form, ["form", "intent"]);
    values.social_links ??= [];
    const intent = parseListIntent(form.get("intent"));
    if (intent && intent.list === "social_links") {
      values.social_links = applyListIntent(
        values.social_links as Record<string, unknown>[],
        intent,
        { label: "", url: "" },
      );
      return { form: "brand" as const, draft: values, nonce: nonce() };
    }
    const result = await saveBrandSettings(db, values, actor);
    if (!result.ok) {
      return data(
        {
          form: "brand" as const,
          draft: values,
          error: result.error,
          fieldErrors: result.fieldErrors,
          nonce: nonce(),
        },
        { status: result.status },
      );
    }
    await invalidatePages();
    throw redirect("/admin/settings?saved=brand");
  }
  return data({ form: null, error: "Unknown form" }, { status: 400 });
}
