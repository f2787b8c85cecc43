// The Content Management tab: the six homepage sections, each with a preview and an edit form.
// Edit and Cancel are links (?edit=hero), Save posts the form; list edits (add, remove, move)
// are submit buttons the server answers with the edited draft, and script does them in place.
import { type ReactNode, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ContactDetailsFields, str } from "#app/components/admin/contact-fields.tsx";
import { ImageField } from "#app/components/admin/image-field.tsx";
import { ListButton, useItems } from "#app/components/admin/list-items.tsx";
import { FormAlert, TextArea, TextField } from "#app/components/ui/fields.tsx";
import type { HomepageContent, SectionId } from "#app/domain/content/content.schema.ts";
import type { SiteSettings } from "#app/domain/settings/settings.ts";
import { formatAddress } from "#app/domain/settings/settings.ts";

export interface EditorProject {
  id: string;
  title: string;
  client: string;
  description: string;
  image: string;
}

export interface EditorData {
  content: HomepageContent;
  contactDetails: Pick<SiteSettings, "phone" | "email" | "address">;
  projects: EditorProject[];
  edit: SectionId | null;
  saved: SectionId | null;
}

export interface EditorActionData {
  sectionId: string;
  draft?: Record<string, unknown>;
  error?: string;
  fieldErrors?: Record<string, string>;
  nonce?: string;
}

export const SECTION_TITLES: Record<SectionId, string> = {
  hero: "Hero Section",
  services: "Services Section",
  about: "About Section",
  portfolio: "Portfolio Section",
  testimonials: "Testimonials Section",
  contact: "Contact Section",
};

const ORDER: SectionId[] = ["hero", "services", "about", "portfolio", "testimonials", "contact"];

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

type Values = Record<string, unknown>;
const list = (v: unknown): Values[] =>
  Array.isArray(v) ? v.filter((x): x is Values => !!x && typeof x === "object") : [];

export function HomepageEditor({
  data,
  actionData,
}: {
  data: EditorData;
  actionData: EditorActionData | undefined;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formAction?.includes("/admin/homepage");
  const failedSection = actionData?.error ? actionData.sectionId : null;
  const status = saving
    ? "Saving changes..."
    : data.saved && !actionData?.error
      ? "All changes saved"
      : "";

  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          Content Management
        </h1>
        <p role="status" className="text-sm font-medium text-slate-700 dark:text-slate-200">
          {status}
        </p>
      </div>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Edit the sections of the home page. One section is edited at a time; changes show on the
        site as soon as they are saved.
      </p>
      {failedSection && !ORDER.includes(failedSection as SectionId) && (
        <div className="mt-4">
          <FormAlert kind="error">{actionData?.error}</FormAlert>
        </div>
      )}
      <div className="mt-8 space-y-6">
        {ORDER.map((id) => {
          const draft = actionData?.sectionId === id ? actionData : undefined;
          const editing = data.edit === id || Boolean(draft);
          return (
            <section
              key={id}
              id={`section-${id}`}
              aria-labelledby={`section-${id}-title`}
              className="rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="flex items-center justify-between gap-4">
                <h2
                  id={`section-${id}-title`}
                  className="text-xl font-semibold text-slate-900 dark:text-white"
                >
                  {SECTION_TITLES[id]}
                </h2>
                {!editing && (
                  <Link
                    to={`?edit=${id}#section-${id}`}
                    preventScrollReset
                    className="btn-secondary"
                    aria-label={`Edit ${SECTION_TITLES[id]}`}
                  >
                    Edit
                  </Link>
                )}
              </div>
              {editing ? (
                <SectionForm
                  key={draft?.nonce ?? "stored"}
                  id={id}
                  data={data}
                  draft={draft}
                  saving={saving}
                />
              ) : (
                <SectionPreview id={id} data={data} />
              )}
            </section>
          );
        })}
      </div>
    </>
  );
}

// ---- Previews -------------------------------------------------------------------------------

function Dl({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="text-slate-900 dark:text-slate-100">{value || "-"}</dd>
        </div>
      ))}
    </dl>
  );
}

function SectionPreview({ id, data }: { id: SectionId; data: EditorData }) {
  const { content, contactDetails, projects } = data;
  const section = content[id];
  if (!section) {
    return (
      <p className="mt-4 text-sm text-slate-600 italic dark:text-slate-300">
        This section is not configured in the database yet.
      </p>
    );
  }
  switch (id) {
    case "hero": {
      const s = section as NonNullable<HomepageContent["hero"]>;
      return (
        <Dl
          rows={[
            ["Heading", s.heading],
            ["Subheading", s.subheading],
            ["Button text", s.buttonText],
          ]}
        />
      );
    }
    case "services": {
      const s = section as NonNullable<HomepageContent["services"]>;
      return (
        <Dl
          rows={[
            ["Heading", s.heading],
            ["Subheading", s.subheading],
            ["Services", s.services.map((c) => c.title).join(", ")],
          ]}
        />
      );
    }
    case "about": {
      const s = section as NonNullable<HomepageContent["about"]>;
      return (
        <Dl
          rows={[
            ["Heading", s.heading],
            ["Content", truncate(s.content, 100)],
            [
              "Image",
              s.image ? (
                <img
                  key="about-image"
                  src={s.image}
                  alt="About section"
                  className="h-16 w-auto rounded"
                />
              ) : (
                ""
              ),
            ],
          ]}
        />
      );
    }
    case "portfolio": {
      const s = section as NonNullable<HomepageContent["portfolio"]>;
      const byId = new Map(projects.map((p) => [p.id, p]));
      return (
        <>
          <Dl
            rows={[
              ["Heading", s.heading],
              ["Subheading", s.subheading],
            ]}
          />
          <ol className="mt-3 list-decimal space-y-1 pl-6 text-sm text-slate-900 dark:text-slate-100">
            {s.projects.map((ref) => {
              const p = byId.get(ref.id);
              return (
                <li key={ref.id}>
                  {p ? `${p.title}${p.client ? ` (${p.client})` : ""}` : `${ref.id} (missing)`}
                </li>
              );
            })}
          </ol>
        </>
      );
    }
    case "testimonials": {
      const s = section as NonNullable<HomepageContent["testimonials"]>;
      return (
        <>
          <Dl rows={[["Heading", s.heading]]} />
          <ul className="mt-3 space-y-2 text-sm text-slate-900 dark:text-slate-100">
            {s.testimonials.map((t, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a preview of a stored list
              <li key={i}>
                <q>{truncate(t.content, 80)}</q> - {t.author}
              </li>
            ))}
          </ul>
        </>
      );
    }
    case "contact": {
      const s = section as NonNullable<HomepageContent["contact"]>;
      return (
        <Dl
          rows={[
            ["Heading", s.heading],
            ["Subheading", s.subheading],
            ["Address", formatAddress(contactDetails.address)],
            ["Phone", contactDetails.phone],
            ["Email", contactDetails.email],
          ]}
        />
      );
    }
  }
}

// ---- Edit forms -----------------------------------------------------------------------------

function SectionForm({
  id,
  data,
  draft,
  saving,
}: {
  id: SectionId;
  data: EditorData;
  draft: EditorActionData | undefined;
  saving: boolean;
}) {
  const stored = (data.content[id] ?? {}) as Values;
  const values: Values = draft?.draft ?? {
    ...stored,
    ...(id === "contact" ? data.contactDetails : {}),
    ...(id === "portfolio"
      ? {
          projects: list(stored.projects).map((ref) => ({
            ...data.projects.find((p) => p.id === ref.id),
            id: ref.id,
          })),
        }
      : {}),
  };
  const errors = draft?.fieldErrors ?? {};
  const err = (name: string) => errors[name];

  return (
    <Form method="post" className="mt-6 space-y-5" preventScrollReset noValidate={false}>
      {/* Enter in a field saves: the first submit button of a form is its default. */}
      <button
        type="submit"
        name="intent"
        value="save"
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
      >
        Save Changes
      </button>
      <input type="hidden" name="sectionId" value={id} />
      {draft?.error && (
        <div>
          <FormAlert kind="error">
            {draft.error}
            {Object.keys(errors).length > 0 && (
              <ul className="mt-1 list-disc pl-5 font-normal">
                {Object.entries(errors).map(([field, message]) => (
                  <li key={field}>
                    {field}: {message}
                  </li>
                ))}
              </ul>
            )}
          </FormAlert>
        </div>
      )}
      {id === "hero" && (
        <>
          <TextField
            label="Heading"
            name="heading"
            required
            defaultValue={str(values.heading)}
            error={err("heading")}
          />
          <TextArea
            label="Subheading"
            name="subheading"
            rows={2}
            defaultValue={str(values.subheading)}
            error={err("subheading")}
          />
          <TextField
            label="Button text"
            name="buttonText"
            defaultValue={str(values.buttonText)}
            error={err("buttonText")}
          />
          <ImageField
            name="backgroundImage"
            label="Background image"
            defaultValue={str(values.backgroundImage)}
            description="Shown behind the welcome hero when there are no active slides."
          />
        </>
      )}
      {id === "services" && <ServicesFields values={values} err={err} />}
      {id === "about" && (
        <>
          <TextField
            label="Heading"
            name="heading"
            required
            defaultValue={str(values.heading)}
            error={err("heading")}
          />
          <TextArea
            label="Content"
            name="content"
            rows={5}
            defaultValue={str(values.content)}
            error={err("content")}
          />
          <ImageField name="image" label="About image" defaultValue={str(values.image)} />
        </>
      )}
      {id === "portfolio" && <PortfolioFields values={values} err={err} projects={data.projects} />}
      {id === "testimonials" && <TestimonialsFields values={values} err={err} />}
      {id === "contact" && (
        <>
          <TextField
            label="Heading"
            name="heading"
            required
            defaultValue={str(values.heading)}
            error={err("heading")}
          />
          <TextArea
            label="Subheading"
            name="subheading"
            rows={2}
            defaultValue={str(values.subheading)}
            error={err("subheading")}
          />
          <p className="text-sm text-slate-600 dark:text-slate-300">
            The address, phone and email are the site's contact details: they also show in the
            header, the footer and the contact page (and on the Settings tab).
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <ContactDetailsFields values={values} err={err} />
          </div>
        </>
      )}
      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
        <button type="submit" name="intent" value="save" className="btn-primary" disabled={saving}>
          {saving ? "Saving changes..." : "Save Changes"}
        </button>
        <Link to="/admin/homepage" preventScrollReset className="btn-secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

type Err = (name: string) => string | undefined;

function ItemShell({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-100">
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}

function ServicesFields({ values, err }: { values: Values; err: Err }) {
  const services = useItems(list(values.services));
  return (
    <>
      <TextField
        label="Heading"
        name="heading"
        required
        defaultValue={str(values.heading)}
        error={err("heading")}
      />
      <TextArea
        label="Subheading"
        name="subheading"
        rows={2}
        defaultValue={str(values.subheading)}
        error={err("subheading")}
      />
      {services.items.map(({ key, v }, i) => (
        <ItemShell key={key} legend={`Service ${i + 1}`}>
          <TextField
            label="Title"
            name={`services.${i}.title`}
            required
            defaultValue={str(v.title)}
            error={err(`services.${i}.title`)}
          />
          <TextArea
            label="Description"
            name={`services.${i}.description`}
            rows={2}
            defaultValue={str(v.description)}
            error={err(`services.${i}.description`)}
          />
          <TextField
            label="Link (a page such as /sigma-ai; empty opens the inquiry form)"
            name={`services.${i}.link`}
            defaultValue={str(v.link)}
            error={err(`services.${i}.link`)}
          />
          <input type="hidden" name={`services.${i}.icon`} value={str(v.icon)} />
          <input type="hidden" name={`services.${i}.image`} value={str(v.image)} />
          <ListButton
            intent={`remove:services:${i}`}
            label={`Remove service ${i + 1}`}
            onClick={() => services.remove(i)}
          >
            Remove
          </ListButton>
        </ItemShell>
      ))}
      <ListButton
        intent="add:services"
        label="Add service"
        onClick={() => services.add({ title: "", description: "", icon: "", image: "", link: "" })}
      >
        Add service
      </ListButton>
    </>
  );
}

function TestimonialsFields({ values, err }: { values: Values; err: Err }) {
  const items = useItems(list(values.testimonials));
  return (
    <>
      <TextField
        label="Heading"
        name="heading"
        required
        defaultValue={str(values.heading)}
        error={err("heading")}
      />
      {items.items.map(({ key, v }, i) => (
        <ItemShell key={key} legend={`Testimonial ${i + 1}`}>
          <TextArea
            label="Quote"
            name={`testimonials.${i}.content`}
            required
            rows={3}
            defaultValue={str(v.content)}
            error={err(`testimonials.${i}.content`)}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="Author"
              name={`testimonials.${i}.author`}
              required
              defaultValue={str(v.author)}
              error={err(`testimonials.${i}.author`)}
            />
            <TextField
              label="Position"
              name={`testimonials.${i}.position`}
              defaultValue={str(v.position)}
              error={err(`testimonials.${i}.position`)}
            />
            <TextField
              label="Company"
              name={`testimonials.${i}.company`}
              defaultValue={str(v.company)}
              error={err(`testimonials.${i}.company`)}
            />
          </div>
          <input type="hidden" name={`testimonials.${i}.avatar`} value={str(v.avatar)} />
          <ListButton
            intent={`remove:testimonials:${i}`}
            label={`Remove testimonial ${i + 1}`}
            onClick={() => items.remove(i)}
          >
            Remove
          </ListButton>
        </ItemShell>
      ))}
      <ListButton
        intent="add:testimonials"
        label="Add testimonial"
        onClick={() =>
          items.add({ content: "", author: "", position: "", company: "", avatar: "" })
        }
      >
        Add testimonial
      </ListButton>
    </>
  );
}

function PortfolioFields({
  values,
  err,
  projects,
}: {
  values: Values;
  err: Err;
  projects: EditorProject[];
}) {
  const items = useItems(list(values.projects));
  const chosen = new Set(items.items.map(({ v }) => str(v.id)));
  const available = projects.filter((p) => !chosen.has(p.id));
  const [pick, setPick] = useState("");
  return (
    <>
      <TextField
        label="Heading"
        name="heading"
        required
        defaultValue={str(values.heading)}
        error={err("heading")}
      />
      <TextArea
        label="Subheading"
        name="subheading"
        rows={2}
        defaultValue={str(values.subheading)}
        error={err("subheading")}
      />
      <p className="text-sm text-slate-600 dark:text-slate-300">
        The projects shown on the home page, in this order. Title, client, description and image are
        the project's own: changing them here changes the project everywhere.
      </p>
      {items.items.map(({ key, v }, i) => (
        <ItemShell key={key} legend={`Project ${i + 1}: ${str(v.id)}`}>
          <input type="hidden" name={`projects.${i}.id`} value={str(v.id)} />
          {err(`projects.${i}.id`) && (
            <p className="text-sm text-red-700 dark:text-red-400">{err(`projects.${i}.id`)}</p>
          )}
          <TextField
            label="Title"
            name={`projects.${i}.title`}
            required
            defaultValue={str(v.title)}
            error={err(`projects.${i}.title`)}
          />
          <TextField
            label="Client"
            name={`projects.${i}.client`}
            defaultValue={str(v.client)}
            error={err(`projects.${i}.client`)}
          />
          <TextArea
            label="Description"
            name={`projects.${i}.description`}
            rows={2}
            defaultValue={str(v.description)}
            error={err(`projects.${i}.description`)}
          />
          <ImageField
            name={`projects.${i}.image`}
            label="Project image"
            defaultValue={str(v.image)}
          />
          <div className="flex flex-wrap gap-2">
            <ListButton
              intent={`up:projects:${i}`}
              label={`Move project ${i + 1} up`}
              onClick={() => items.move(i, -1)}
            >
              Move up
            </ListButton>
            <ListButton
              intent={`down:projects:${i}`}
              label={`Move project ${i + 1} down`}
              onClick={() => items.move(i, 1)}
            >
              Move down
            </ListButton>
            <ListButton
              intent={`remove:projects:${i}`}
              label={`Remove project ${i + 1} from the home page`}
              onClick={() => items.remove(i)}
            >
              Remove
            </ListButton>
          </div>
        </ItemShell>
      ))}
      {available.length > 0 && (
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label
              htmlFor="add-project"
              className="block text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              Add a project
            </label>
            <select
              id="add-project"
              name="addProject"
              value={pick}
              onChange={(e) => setPick(e.target.value)}
              className="mt-1.5 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-white"
            >
              <option value="">Choose a project</option>
              {available.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
          </div>
          <ListButton
            intent="add:projects"
            label="Add project"
            onClick={() => {
              const p = available.find((x) => x.id === pick) ?? available[0];
              if (p) items.add({ ...p });
              setPick("");
            }}
          >
            Add project
          </ListButton>
        </div>
      )}
    </>
  );
}
