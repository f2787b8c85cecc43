// The six homepage sections as data: each one's title, the fields of its form, its repeatable
// list, and the rows of its preview. One renderer (homepage-section.tsx) draws them all.
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { SelectField } from "#app/components/ui/fields.tsx";
import type { HomepageContent, SectionId } from "#app/domain/content/content.schema.ts";
import type { EditorProject } from "#app/domain/content/homepage-editor.server.ts";
import { BLANK_ITEMS } from "#app/domain/content/homepage-lists.ts";
import type { ItemState } from "#app/domain/history/history.ts";
import { formatAddress, type SiteSettings } from "#app/domain/settings/settings.ts";
import { CONTACT_FIELDS } from "./contact-fields.ts";
import { area, type FieldSpec, hidden, image, note, row, text } from "./field-specs.tsx";
import { type Item, type Items, ListButton } from "./list-items.tsx";

export interface EditorData {
  /** Each section as its form shows it: the draft where there is one, else what is live. */
  content: HomepageContent;
  /** Each section's history line. */
  states: Partial<Record<SectionId, ItemState>>;
  contactDetails: Pick<SiteSettings, "phone" | "email" | "address">;
  projects: EditorProject[];
  edit: SectionId | null;
  saved: SectionId | null;
  /** A Publish or Discard on a history line just came back. */
  history: "published" | "discarded" | null;
}

export interface ListSpec {
  /** The list's field name, e.g. "services". */
  name: string;
  /** One item, as the buttons name it: "Remove service 2", "Add service". */
  noun: string;
  fields: FieldSpec[];
  blank?: Item;
  movable?: boolean;
  legend?: (n: number, item: Item) => string;
  removeLabel?: (n: number) => string;
  /** Instead of the Add button: a control that chooses what to add. */
  adder?: (list: Items, data: EditorData) => ReactNode;
}

/** A preview row: its term and the section's field it shows, or how to show it. */
type PreviewRow = [string, string | ((section: Item, data: EditorData) => ReactNode)];

export interface SectionSpec {
  title: string;
  /** When the section shows, or what it is for, under its title. */
  description?: ReactNode;
  fields: FieldSpec[];
  list?: ListSpec;
  /** The form's values (default: the stored section). */
  values?: (stored: Item, data: EditorData) => Item;
  preview: PreviewRow[];
  /** Listed under the preview's rows. */
  previewItems?: (section: Item, data: EditorData) => ReactNode;
}

export const str = (v: unknown) => (typeof v === "string" ? v : "");
const items = (v: unknown): Item[] =>
  Array.isArray(v) ? v.filter((x): x is Item => Boolean(x) && typeof x === "object") : [];
const truncate = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}...` : text;

const heading = text("heading", "Heading", { required: true });
const subheading = area("subheading", "Subheading", { rows: 2 });
const HEADING: PreviewRow = ["Heading", "heading"];
const SUBHEADING: PreviewRow = ["Subheading", "subheading"];
const previewList = "mt-3 text-sm text-slate-900 dark:text-slate-100";

export const SECTIONS: Record<SectionId, SectionSpec> = {
  hero: {
    title: "Hero Section",
    description: (
      <>
        The home page shows this section only when no hero slide is active. While a slide is active,
        the slides show instead (see{" "}
        <Link
          to="/admin/slides"
          className="font-medium text-brand-700 underline dark:text-brand-300"
        >
          Hero Slider
        </Link>
        ), and this section's heading stays the page's main heading for screen readers and search
        engines.
      </>
    ),
    fields: [
      heading,
      subheading,
      text("buttonText", "Button text"),
      image(
        "backgroundImage",
        "Background image",
        "Shown behind the welcome hero when there are no active slides.",
      ),
    ],
    preview: [HEADING, SUBHEADING, ["Button text", "buttonText"]],
  },
  services: {
    title: "Services Section",
    fields: [heading, subheading],
    list: {
      name: "services",
      noun: "service",
      fields: [
        text("title", "Title", { required: true }),
        area("description", "Description", { rows: 2 }),
        text("link", "Link (a page such as /sigma-ai; empty opens the inquiry form)"),
        ...hidden("icon", "image"),
      ],
      blank: BLANK_ITEMS.services,
    },
    preview: [
      HEADING,
      SUBHEADING,
      [
        "Services",
        (s) =>
          items(s.services)
            .map((c) => str(c.title))
            .join(", "),
      ],
    ],
  },
  about: {
    title: "About Section",
    fields: [heading, area("content", "Content", { rows: 5 }), image("image", "About image")],
    preview: [
      HEADING,
      ["Content", (s) => truncate(str(s.content), 100)],
      [
        "Image",
        (s) =>
          s.image ? (
            <img src={str(s.image)} alt="About section" className="h-16 w-auto rounded" />
          ) : (
            ""
          ),
      ],
    ],
  },
  portfolio: {
    title: "Portfolio Section",
    fields: [
      heading,
      subheading,
      note(
        "The projects shown on the home page, in this order. Title, client, description and image are the project's own: changing them here changes the project everywhere.",
      ),
    ],
    list: {
      name: "projects",
      noun: "project",
      movable: true,
      legend: (n, project) => `Project ${n}: ${str(project.id)}`,
      removeLabel: (n) => `Remove project ${n} from the home page`,
      fields: [
        ...hidden("id"),
        text("title", "Title", { required: true }),
        text("client", "Client"),
        area("description", "Description", { rows: 2 }),
        image("image", "Project image"),
      ],
      adder: (list, data) => <ProjectPicker list={list} projects={data.projects} />,
    },
    // The section stores references; the form edits the projects they name.
    values: (stored, data) => ({
      ...stored,
      // A draft holds the project fields edited with it; what is stored holds only the ids.
      projects: items(stored.projects).map((ref) => ({
        ...data.projects.find((p) => p.id === ref.id),
        ...ref,
      })),
    }),
    preview: [HEADING, SUBHEADING],
    previewItems: (s, { projects }) => (
      <ol className={`${previewList} list-decimal space-y-1 pl-6`}>
        {items(s.projects).map(({ id }) => {
          const p = projects.find((x) => x.id === id);
          return (
            <li key={str(id)}>
              {p ? `${p.title}${p.client ? ` (${p.client})` : ""}` : `${str(id)} (missing)`}
            </li>
          );
        })}
      </ol>
    ),
  },
  testimonials: {
    title: "Testimonials Section",
    fields: [heading],
    list: {
      name: "testimonials",
      noun: "testimonial",
      fields: [
        area("content", "Quote", { required: true, rows: 3 }),
        row("sm:grid-cols-3", [
          text("author", "Author", { required: true }),
          text("position", "Position"),
          text("company", "Company"),
        ]),
        ...hidden("avatar"),
      ],
      blank: BLANK_ITEMS.testimonials,
    },
    preview: [HEADING],
    previewItems: (s) => (
      <ul className={`${previewList} space-y-2`}>
        {items(s.testimonials).map((t, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a preview of a stored list
          <li key={i}>
            <q>{truncate(str(t.content), 80)}</q> - {str(t.author)}
          </li>
        ))}
      </ul>
    ),
  },
  contact: {
    title: "Contact Section",
    fields: [
      heading,
      subheading,
      note(
        "The address, phone and email are the site's contact details: they also show in the header, the footer and the contact page (and on the Settings tab).",
      ),
      row("sm:grid-cols-2", CONTACT_FIELDS),
    ],
    // A draft holds the contact details saved with it; what is stored holds none.
    values: (stored, data) => ({ ...data.contactDetails, ...stored }),
    preview: [
      HEADING,
      SUBHEADING,
      ["Address", (_, { contactDetails }) => formatAddress(contactDetails.address)],
      ["Phone", (_, { contactDetails }) => contactDetails.phone],
      ["Email", (_, { contactDetails }) => contactDetails.email],
    ],
  },
};

/** The sections in the order of the home page. */
export const SECTION_ORDER = Object.keys(SECTIONS) as SectionId[];

/** The portfolio's "Add a project": a project not shown yet, chosen from the list. */
function ProjectPicker({ list, projects }: { list: Items; projects: EditorProject[] }) {
  const chosen = new Set(list.items.map(({ v }) => str(v.id)));
  const available = projects.filter((p) => !chosen.has(p.id));
  const [pick, setPick] = useState("");
  if (available.length === 0) return null;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SelectField
        label="Add a project"
        name="addProject"
        placeholder="Choose a project"
        options={available.map((p) => ({ value: p.id, label: p.title }))}
        value={pick}
        onChange={setPick}
      />
      <ListButton
        intent="add:projects"
        label="Add project"
        onClick={() => {
          const p = available.find((x) => x.id === pick) ?? available[0];
          if (p) list.add({ ...p });
          setPick("");
        }}
      >
        Add project
      </ListButton>
    </div>
  );
}
