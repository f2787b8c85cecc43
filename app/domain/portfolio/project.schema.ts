// A portfolio project as staff write it: the rules of the Project Details editor and of
// PUT/POST /api/project-details, shared by the browser and the server.
import * as z from "zod/mini";
import { isCalendarDate } from "#app/platform/calendar-date.ts";
import { type Success, success } from "#app/platform/result.ts";
import {
  type FieldErrors,
  firstErrors,
  type Invalid,
  invalidFields,
  optionalText,
} from "#app/platform/validation.ts";

/** How the editor's form becomes `projectFromForm`'s record (the screen reaches the platform here). */
export { formLists } from "#app/platform/form-data.ts";

export const PROJECT_URL_MAX = 2048;

export const PROJECT_TOASTS = {
  updated: "Success: Project details updated successfully",
  updateFailed: "Error: Failed to update project details",
  created: "Success: New project created successfully",
  createFailed: "Error: Failed to create new project",
} as const;

/** The spec's defaults for "Add New Project" (completedDate is today, YYYY-MM-DD). */
export const NEW_PROJECT_DEFAULTS = {
  title: "New Project",
  description: "Project description",
  client: "Client Name",
  category: "Web Development",
  image: "/images/placeholder-project.jpg",
} as const;

const text = optionalText;

/** A site path ("/images/x.webp") or an absolute http(s) URL; empty means "no image". */
const imageRef = text(2048, "Image").check(
  z.refine((v) => v === "" || /^\/(?!\/)\S*$/.test(v) || /^https?:\/\/\S+$/i.test(v), {
    error: "Image must be a path starting with / or an http(s) URL.",
  }),
);

const projectUrl = text(PROJECT_URL_MAX, "Project URL").check(
  z.refine((v) => v === "" || isHttpUrl(v), {
    error: "Project URL must be a full web address starting with http:// or https://.",
  }),
);

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    return Boolean(new URL(value).hostname);
  } catch {
    return false;
  }
}

const completedDate = text(10, "Completed date").check(
  z.refine((v) => v === "" || isCalendarDate(v), {
    error: "Completed date must be a date (YYYY-MM-DD).",
  }),
);

export const metricSchema = z.object({
  label: text(120, "Metric label"),
  value: text(120, "Metric value"),
});

export const testimonialSchema = z.object({
  content: text(2000, "Testimonial"),
  author: text(120, "Testimonial author"),
  position: text(120, "Testimonial position"),
  company: text(120, "Testimonial company"),
});

/** Every field of a project's details; limits match the homepage portfolio entry it feeds. */
export const projectInputSchema = z.object({
  title: z
    .string({ error: "Title is required." })
    .check(
      z.trim(),
      z.minLength(1, { error: "Title is required." }),
      z.maxLength(200, { error: "Title must be at most 200 characters." }),
    ),
  description: text(1000, "Description"),
  image: imageRef,
  client: text(200, "Client"),
  category: text(100, "Category"),
  clientIndustry: text(200, "Client industry"),
  clientSize: text(200, "Client size"),
  timeline: text(200, "Timeline"),
  teamSize: text(200, "Team size"),
  completedDate,
  challenge: text(5000, "The challenge"),
  solution: text(5000, "Our solution"),
  projectUrl,
  technologies: z._default(
    z.array(text(100, "A technology")).check(
      z.maxLength(30, { error: "At most 30 technologies." }),
      z.overwrite((list) => list.filter((t) => t !== "")),
    ),
    [],
  ),
  results: z._default(
    z.object({
      metrics: z._default(
        z.array(metricSchema).check(
          z.maxLength(20, { error: "At most 20 result metrics." }),
          z.overwrite((list) => list.filter((m) => m.label !== "" || m.value !== "")),
        ),
        [],
      ),
    }),
    { metrics: [] },
  ),
  testimonial: z._default(testimonialSchema, {
    content: "",
    author: "",
    position: "",
    company: "",
  }),
});

export type ProjectInput = z.infer<typeof projectInputSchema>;

/** First error per field ("results", "technologies" and "testimonial" cover their parts). */
export function validateProject(input: unknown): Success<ProjectInput> | Invalid {
  const parsed = projectInputSchema.safeParse(input);
  return parsed.success ? success(parsed.data) : invalidFields(firstErrors(parsed.error.issues));
}

/**
 * The API body: results and testimonial may come as JSON strings (the spec's client sends them
 * so). Malformed JSON is an error here, never silently dropped.
 */
export function projectFromJson(body: Record<string, unknown>): Success<ProjectInput> | Invalid {
  const input: Record<string, unknown> = { ...body };
  const errors: FieldErrors = {};
  for (const key of ["results", "testimonial", "technologies"] as const) {
    const value = input[key];
    if (typeof value !== "string") continue;
    try {
      input[key] = value.trim() === "" ? undefined : JSON.parse(value);
    } catch {
      errors[key] = `${key} must be valid JSON.`;
    }
  }
  if (Object.keys(errors).length > 0) return invalidFields(errors);
  return validateProject(input);
}

/**
 * The editor's posted fields (repeated technologies and metric rows), each name with every value
 * it was sent (`formLists` of app/platform/form-data.ts), as the schema reads them.
 */
export function projectFromForm(
  posted: Readonly<Record<string, readonly string[]>>,
): Record<string, unknown> {
  const all = (name: string) => [...(posted[name] ?? [])];
  const one = (name: string) => all(name)[0] ?? "";
  const labels = all("metricLabel");
  const values = all("metricValue");
  return {
    title: one("title"),
    description: one("description"),
    image: one("image"),
    client: one("client"),
    category: one("category"),
    clientIndustry: one("clientIndustry"),
    clientSize: one("clientSize"),
    timeline: one("timeline"),
    teamSize: one("teamSize"),
    completedDate: one("completedDate"),
    challenge: one("challenge"),
    solution: one("solution"),
    projectUrl: one("projectUrl"),
    technologies: all("technologies"),
    results: {
      metrics: labels.map((label, i) => ({ label, value: values[i] ?? "" })),
    },
    testimonial: {
      content: one("testimonialContent"),
      author: one("testimonialAuthor"),
      position: one("testimonialPosition"),
      company: one("testimonialCompany"),
    },
  };
}

/** The short "Add Project" form of the Portfolio Projects tab. */
export const quickProjectSchema = z.object({
  title: projectInputSchema.shape.title,
  client: text(200, "Client"),
  category: text(100, "Category"),
  description: text(1000, "Description"),
});
