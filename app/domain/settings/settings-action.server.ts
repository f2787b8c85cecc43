// The Settings screen's action: the logo form, the brand form and the staff settings form.
import { data, type RouterContextProvider, redirect } from "react-router";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import { applyListIntent, formToObject, parseListIntent } from "#app/platform/form-data.ts";
import { readForm } from "#app/platform/http.server.ts";
import { saveBrandSettings, saveLogo } from "./settings-admin.server.ts";
import { saveStaffSettings } from "./staff-settings.server.ts";

const nonce = () => Math.random().toString(36).slice(2);

export async function settingsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { user, actor: staff, services } = await requireAdmin(request, context);
  const { db, invalidatePages } = services;
  const actor = { actorId: user.id, actorLabel: user.email, ip: staff.ip };
  const form = await readForm(request);
  const which = form?.get("form");
  if (!form) return data({ form: null, error: "The form could not be read." }, { status: 400 });

  if (which === "staff") {
    const values = formToObject(form, ["form"]);
    const result = await saveStaffSettings(db, values, staff);
    if (!result.ok) {
      return data(
        {
          form: "staff" as const,
          draft: values,
          error: result.error,
          fieldErrors: result.fieldErrors,
          nonce: nonce(),
        },
        { status: result.status },
      );
    }
    throw redirect("/admin/settings?saved=staff");
  }

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
