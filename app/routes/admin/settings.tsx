// The Settings screen: the logo form, the brand form (its social links edited without script by
// list buttons: "add:social_links", "remove:social_links:2"), the company's time zone, its closed
// days and the staff settings. A save redirects to ?saved=<form>, where the screen says it was
// saved. The brand form keeps a draft (decision 0021); PUT-style saves of the brand are
// saveBrandSettings (the JSON doors).
import { redirect } from "react-router";
import { adminMeta } from "#app/components/admin/screen.tsx";
import { type SettingsAnswer, SettingsEditor } from "#app/components/admin/settings-editor.tsx";
import { saveFieldsDraft } from "#app/domain/history/item-state.server.ts";
import { addClosedDay, removeClosedDay } from "#app/domain/settings/closed-days.server.ts";
import { BLANK_SOCIAL_LINK } from "#app/domain/settings/settings.ts";
import {
  BRAND_ID,
  brandKind,
  getSettingsForEditor,
  saveLogo,
  saveTimeZone,
} from "#app/domain/settings/settings-admin.server.ts";
import { saveStaffSettings } from "#app/domain/settings/staff-settings.server.ts";
import { isCalendarDate } from "#app/platform/calendar-date.ts";
import { editList, formToObject } from "#app/platform/form-data.ts";
import { cardGateway } from "#app/web/card-gateway.server.ts";
import {
  draft,
  fail,
  handleIntents,
  invalid,
  postedId,
  refused,
} from "#app/web/form-action.server.ts";
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
    stripe: {
      connected: cardGateway(services.env) !== null,
      webhookUrl: `${services.env.SITE_URL.replace(/\/+$/, "")}/api/webhooks/stripe`,
    },
  };
}

/** The brand form's values, its social links [] when the form emptied them. */
function brandValues(form: FormData) {
  const values = formToObject(form, ["intent", "baseVersionId", "versionNote"]);
  values.social_links ??= [];
  return values;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, actor: staff, services } = await requireAdmin(request, context);
  const { db, invalidatePages } = services;
  const actor = { actorId: user.id, actorLabel: user.email, ip: staff.ip };
  const saved = async (form: string, publicPages: boolean) => {
    if (publicPages) await invalidatePages();
    return redirect(`/admin/settings?saved=${form}`);
  };

  return handleIntents(
    request,
    {
      logo: async (form, intent) => {
        const logo_url = String(form.get("logo_url") ?? "");
        const result = await saveLogo(db, logo_url, actor);
        if (!result.ok) return refused(intent, result, { logo_url });
        return saved("logo", true);
      },
      // Save keeps a draft of the brand (decision 0021); its history line's Publish makes it live.
      brand: async (form, intent) => {
        const values = brandValues(form);
        const result = await saveFieldsDraft(
          db,
          brandKind,
          BRAND_ID,
          values,
          staff,
          Object.fromEntries(form),
        );
        if (!result.ok) {
          return refused(intent, { ...result, fieldErrors: result.fieldErrors ?? {} }, values);
        }
        return saved("brand", false);
      },
      clock: async (form, intent) => {
        const time_zone = String(form.get("time_zone") ?? "");
        const result = await saveTimeZone(db, time_zone, actor);
        if (!result.ok) return refused(intent, result, { time_zone });
        // Pages show times in it (a registration link's deadline, the portal).
        return saved("clock", true);
      },
      // Closed days are no content: no draft, and no public page shows them.
      "closed-day": async (form, intent) => {
        const values = {
          day: String(form.get("day") ?? "").trim(),
          name: String(form.get("name") ?? "").trim(),
          yearly: form.get("yearly") === "on",
        };
        const errors: Record<string, string> = {};
        if (!isCalendarDate(values.day)) errors.day = "Choose a date of the calendar.";
        if (!values.name || values.name.length > 100) {
          errors.name = "Name the day (at most 100 characters), e.g. Independence Day.";
        }
        if (Object.keys(errors).length) return invalid(intent, errors, values);
        const result = await addClosedDay(db, staff, values);
        if (!result.ok) return refused(intent, result, values);
        return saved("closed", false);
      },
      "open-day": async (form, intent) => {
        const id = postedId(form);
        if (!id || !(await removeClosedDay(db, staff, id))) {
          return fail(intent, "That day is not closed any more.", 404);
        }
        return saved("closed", false);
      },
      staff: async (form, intent) => {
        const values = formToObject(form, ["intent"]);
        const result = await saveStaffSettings(db, values, staff);
        if (!result.ok) return refused(intent, result, values);
        // Staff settings are never part of a public page: nothing to refresh there.
        return saved("staff", false);
      },
    },
    (form, intent) => {
      const edited = editList(brandValues(form), intent, { social_links: BLANK_SOCIAL_LINK });
      return edited ? draft("brand", edited) : fail(intent, "Unknown action.");
    },
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsEditor data={loaderData} answer={actionData as SettingsAnswer | undefined} />;
}
