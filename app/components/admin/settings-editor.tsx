// The Settings tab: the logo, the brand details every public page shows, and the staff-only
// settings (never sent to a public page).
import { Form, useNavigation } from "react-router";
import { ContactDetailsFields, str } from "#app/components/admin/contact-fields.tsx";
import { ImageField } from "#app/components/admin/image-field.tsx";
import { ListButton, useItems } from "#app/components/admin/list-items.tsx";
import { FormAlert, TextField } from "#app/components/ui/fields.tsx";
import type { SiteSettings } from "#app/domain/settings/settings.ts";
import type { StaffSettings } from "#app/domain/settings/staff-settings.ts";

export interface SettingsData {
  settings: SiteSettings;
  /** The stored staff settings ("" where the default applies) and their defaults. */
  staff: StaffSettings;
  staffDefaults: StaffSettings;
  saved: "logo" | "brand" | "staff" | null;
}

export interface SettingsActionData {
  form: "logo" | "brand" | "staff" | null;
  draft?: Record<string, unknown>;
  error?: string;
  fieldErrors?: Record<string, string>;
  nonce?: string;
}

const card =
  "rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900";

export function SettingsEditor({
  data,
  actionData,
}: {
  data: SettingsData;
  actionData: SettingsActionData | undefined;
}) {
  const navigation = useNavigation();
  const busy = (form: string) =>
    navigation.state === "submitting" && navigation.formData?.get("form") === form;
  const logoFailed = actionData?.form === "logo" && actionData.error;
  const brandDraft = actionData?.form === "brand" ? actionData : undefined;
  const staffDraft = actionData?.form === "staff" ? actionData : undefined;

  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Settings</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        The logo and contact details shown in the header, the footer and on the contact pages.
      </p>

      <section aria-labelledby="logo-heading" className={`mt-8 ${card}`}>
        <h2 id="logo-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Logo
        </h2>
        <Form method="post" className="mt-4 space-y-4" preventScrollReset>
          <input type="hidden" name="form" value="logo" />
          {data.saved === "logo" && !actionData && (
            <FormAlert kind="success">Logo updated successfully!</FormAlert>
          )}
          {logoFailed && (
            <FormAlert kind="error">
              {actionData.error}
              {actionData.fieldErrors?.logo_url && ` (${actionData.fieldErrors.logo_url})`}
            </FormAlert>
          )}
          <ImageField
            key={actionData?.nonce ?? data.settings.logoUrl}
            name="logo_url"
            label="Logo URL"
            defaultValue={data.settings.logoUrl}
            description="Recommended size: 200x50 px, PNG or WebP, max 1 MB. SVG files are not accepted. Leave empty to show the site name."
          />
          <button type="submit" className="btn-primary" disabled={busy("logo")}>
            {busy("logo") ? "Saving..." : "Save Logo"}
          </button>
        </Form>
      </section>

      <section aria-labelledby="brand-heading" className={`mt-6 ${card}`}>
        <h2 id="brand-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Site details
        </h2>
        <BrandForm
          key={brandDraft?.nonce ?? "stored"}
          data={data}
          draft={brandDraft}
          busy={busy("brand")}
        />
      </section>

      <section aria-labelledby="staff-heading" className={`mt-6 ${card}`}>
        <h2 id="staff-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Staff settings
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Only staff see these; no public page shows them.
        </p>
        <StaffForm
          key={staffDraft?.nonce ?? "stored"}
          data={data}
          draft={staffDraft}
          busy={busy("staff")}
        />
      </section>
    </>
  );
}

function BrandForm({
  data,
  draft,
  busy,
}: {
  data: SettingsData;
  draft: SettingsActionData | undefined;
  busy: boolean;
}) {
  const s = data.settings;
  const values: Record<string, unknown> = draft?.draft ?? {
    site_name: s.siteName,
    tagline: s.tagline,
    phone: s.phone,
    email: s.email,
    address: s.address,
    social_links: s.socialLinks,
  };
  const links = useItems(
    Array.isArray(values.social_links) ? (values.social_links as Record<string, unknown>[]) : [],
  );
  const errors = draft?.fieldErrors ?? {};
  const err = (name: string) => errors[name];

  return (
    <Form method="post" className="mt-4 space-y-5" preventScrollReset>
      <button
        type="submit"
        name="intent"
        value="save"
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
      >
        Save Settings
      </button>
      <input type="hidden" name="form" value="brand" />
      {data.saved === "brand" && !draft && (
        <FormAlert kind="success">Settings updated successfully!</FormAlert>
      )}
      {draft?.error && <FormAlert kind="error">{draft.error}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Site name"
          name="site_name"
          required
          defaultValue={str(values.site_name)}
          error={err("site_name")}
        />
        <TextField
          label="Tagline"
          name="tagline"
          defaultValue={str(values.tagline)}
          error={err("tagline")}
        />
        <ContactDetailsFields values={values} err={err} />
      </div>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-800 dark:text-slate-100">
          Social links
        </legend>
        {err("social_links") && (
          <p className="text-sm text-red-700 dark:text-red-400">{err("social_links")}</p>
        )}
        {links.items.map(({ key, v }, i) => (
          <div key={key} className="grid items-end gap-3 sm:grid-cols-[12rem_1fr_auto]">
            <TextField
              label={`Link ${i + 1} name`}
              name={`social_links.${i}.label`}
              required
              defaultValue={str(v.label)}
              error={err(`social_links.${i}.label`)}
            />
            <TextField
              label={`Link ${i + 1} URL`}
              name={`social_links.${i}.url`}
              type="url"
              required
              defaultValue={str(v.url)}
              error={err(`social_links.${i}.url`)}
            />
            <ListButton
              intent={`remove:social_links:${i}`}
              label={`Remove link ${i + 1}`}
              onClick={() => links.remove(i)}
            >
              Remove
            </ListButton>
          </div>
        ))}
        <ListButton
          intent="add:social_links"
          label="Add social link"
          onClick={() => links.add({ label: "", url: "" })}
        >
          Add social link
        </ListButton>
      </fieldset>
      <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy}>
        {busy ? "Saving..." : "Save Settings"}
      </button>
    </Form>
  );
}

function StaffForm({
  data,
  draft,
  busy,
}: {
  data: SettingsData;
  draft: SettingsActionData | undefined;
  busy: boolean;
}) {
  const values: Record<string, unknown> = draft?.draft ?? data.staff;
  const errors = draft?.fieldErrors ?? {};
  return (
    <Form method="post" className="mt-4 space-y-5" preventScrollReset>
      <input type="hidden" name="form" value="staff" />
      {data.saved === "staff" && !draft && (
        <FormAlert kind="success">Staff settings updated successfully!</FormAlert>
      )}
      {draft?.error && <FormAlert kind="error">{draft.error}</FormAlert>}
      <TextField
        label="Sales notification email (SALES_EMAIL)"
        name="sales_email"
        type="email"
        defaultValue={str(values.sales_email)}
        error={errors.sales_email}
        hint={`Where inquiry and registration notifications go. Leave empty to use the default, ${data.staffDefaults.sales_email}.`}
      />
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? "Saving..." : "Save Staff Settings"}
      </button>
    </Form>
  );
}
