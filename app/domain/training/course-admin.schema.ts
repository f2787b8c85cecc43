// Course management (issue 8): the rules of the course and cohort forms, shared by the browser
// and the server. What only the database knows (slug taken, instructor exists, seats taken,
// "today") the server checks after these.
import * as z from "zod/mini";
import type { CareerOutlook } from "#app/platform/db/schema.ts";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import { type FieldErrors, firstErrors, optionalText } from "#app/platform/validation.ts";
import { COMPLETION_TEXTS, DEFAULT_COMPLETION_PERCENT } from "./completion.ts";
import { CLASS_SCHEDULES, type ClassSchedule, isDay } from "./training.ts";

export const COURSE_KINDS = [
  { value: "certification", label: "Certification course" },
  { value: "ai", label: "AI training (one day)" },
] as const;

export const COURSE_STATUSES = [
  { value: "active", label: "Active (detail page, registrations open)" },
  { value: "coming-soon", label: "Coming soon (card only)" },
  { value: "archived", label: "Archived (hidden from the public site)" },
] as const;

export const COHORT_CAPACITY_MAX = 500;
export const PRICE_MAX_DOLLARS = 100_000;

const values = <T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as [T[number]["value"], ...T[number]["value"][]];

const text = optionalText;

const required = (max: number, message: string, label: string) =>
  z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, { error: message }),
    z.maxLength(max, {
      error: `${label} must be at most ${max.toLocaleString("en-US")} characters.`,
    }),
  );

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MESSAGE =
  "Slug may use only lower-case letters, digits and single hyphens (e.g. comptia-network-plus).";
const PRICE_PATTERN = /^\$?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;
const PRICE_MESSAGE = "Price must be a number of dollars, e.g. 4995 or 4,995.00.";

/** "$4,995.50" is 499550 cents; null when it is not a price. */
export function parsePriceCents(raw: string): number | null {
  const value = raw.trim();
  if (!PRICE_PATTERN.test(value)) return null;
  const [whole = "0", cents = ""] = value.replace(/[$,\s]/g, "").split(".");
  return Number(whole) * 100 + Number(cents.padEnd(2, "0"));
}

/** 499550 cents as the form shows it: "4995.50" (whole dollars without decimals). */
export function priceInput(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

const lines = (value: string) =>
  value
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** Blank-line separated paragraphs. */
const paragraphs = (value: string) =>
  value
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.replace(/\s*\r?\n\s*/g, " ").trim())
    .filter(Boolean);

/** The course form as posted: every field is text; lists are one item per line. */
export const courseFormSchema = z.object({
  title: required(200, "Title is required.", "Title"),
  shortTitle: text(60, "Short title"),
  slug: text(80, "Slug").check(
    z.refine((v) => v === "" || SLUG_PATTERN.test(v), { error: SLUG_MESSAGE }),
  ),
  kind: z.enum(values(COURSE_KINDS), { error: "Choose the kind of course." }),
  status: z.enum(values(COURSE_STATUSES), { error: "Choose a status." }),
  vendorGroup: text(100, "Vendor group"),
  description: required(1000, "Description is required.", "Description"),
  overview: text(10_000, "Course overview"),
  topics: text(5000, "Key topics"),
  prerequisites: text(3000, "Prerequisites"),
  duration: required(100, "Duration is required (e.g. 96 Hours (6 Weeks)).", "Duration"),
  price: z.string({ error: PRICE_MESSAGE }).check(
    z.trim(),
    z.refine((v) => parsePriceCents(v) !== null, { error: PRICE_MESSAGE }),
    z.refine((v) => (parsePriceCents(v) ?? 0) <= PRICE_MAX_DOLLARS * 100, {
      error: `Price must be at most $${PRICE_MAX_DOLLARS.toLocaleString("en-US")}.`,
    }),
  ),
  scheduleOptions: z
    .array(z.enum(values(CLASS_SCHEDULES), { error: "Choose listed class schedules." }))
    .check(z.minLength(1, { error: "Choose at least one class schedule." })),
  inclusions: text(3000, "What's included"),
  careerGrowth: text(2000, "Career growth"),
  careerSalaries: text(3000, "Average salaries"),
  careerJobs: text(10_000, "Open positions"),
  image: text(2048, "Image").check(
    z.refine((v) => v === "" || /^\/(?!\/)\S*$/.test(v) || /^https?:\/\/\S+$/i.test(v), {
      error: "Image must be a path starting with / or an http(s) URL.",
    }),
  ),
  instructorId: z
    .string({ error: "Instructor is required." })
    .check(z.regex(/^[1-9]\d{0,9}$/, { error: "Instructor is required." })),
  // Absent from versions saved before the rule existed: those keep the default.
  completionPercent: z.optional(
    z.string({ error: COMPLETION_TEXTS.rule }).check(
      z.trim(),
      z.refine((v) => v === "" || (/^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 100), {
        error: COMPLETION_TEXTS.rule,
      }),
    ),
  ),
});

export type CourseForm = z.infer<typeof courseFormSchema>;

/** What the courses table stores, from a valid form. */
export interface CourseRecord {
  title: string;
  shortTitle: string;
  slug: string;
  kind: "certification" | "ai";
  status: "active" | "coming-soon" | "archived";
  vendorGroup: string;
  description: string;
  overview: string[];
  topics: string[];
  prerequisites: string[];
  duration: string;
  priceCents: number;
  scheduleOptions: ClassSchedule[];
  inclusions: string[];
  careerOutlook: CareerOutlook | null;
  image: string;
  instructorId: number;
  /** The completion rule: the share of the held classes to attend, in percent. */
  completionPercent: number;
}

/** A slug from a title: "CompTIA Network+" is "comptia-network". */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

/** A form that breaks its rules: the messages are on its fields. */
const invalid = (fieldErrors: FieldErrors) => failure("invalid", CORRECT_FIELDS, fieldErrors);

/** The course form's rules; AI course slugs start with "ai-" (their page is /ai-training/{rest}). */
export function validateCourse(input: unknown): Result<CourseRecord> {
  const parsed = courseFormSchema.safeParse(input);
  if (!parsed.success) return invalid(firstErrors(parsed.error.issues));
  const form = parsed.data;
  const errors: FieldErrors = {};
  let slug = form.slug || slugify(form.title);
  if (form.kind === "ai" && !form.slug && !slug.startsWith("ai-")) slug = `ai-${slug}`;
  if (!SLUG_PATTERN.test(slug)) errors.slug = SLUG_MESSAGE;
  else if (form.kind === "ai" && !/^ai-[a-z0-9]/.test(slug)) {
    errors.slug = "An AI course's slug starts with ai- (e.g. ai-fundamentals).";
  }
  const career = careerOutlookOf(form, errors);
  if (Object.keys(errors).length > 0) return invalid(errors);
  return success({
    title: form.title,
    shortTitle: form.shortTitle || form.title.slice(0, 60).trim(),
    slug,
    kind: form.kind,
    status: form.status,
    vendorGroup: form.vendorGroup,
    description: form.description,
    overview: paragraphs(form.overview),
    topics: lines(form.topics),
    prerequisites: lines(form.prerequisites),
    duration: form.duration,
    priceCents: parsePriceCents(form.price) as number,
    scheduleOptions: CLASS_SCHEDULES.map((s) => s.value).filter((s) =>
      form.scheduleOptions.includes(s),
    ),
    inclusions: lines(form.inclusions),
    careerOutlook: career,
    image: form.image,
    instructorId: Number(form.instructorId),
    completionPercent: form.completionPercent
      ? Number(form.completionPercent)
      : DEFAULT_COMPLETION_PERCENT,
  });
}

function careerOutlookOf(form: CourseForm, errors: FieldErrors): CareerOutlook | null {
  const salaries = lines(form.careerSalaries).map((line) => line.split("|").map((p) => p.trim()));
  if (salaries.some((parts) => parts.length !== 2 || parts.some((p) => !p))) {
    errors.careerSalaries =
      "Write each salary as: Role | Salary (e.g. Network Engineer | $86,000).";
  }
  const jobs = lines(form.careerJobs).map((line) => line.split("|").map((p) => p.trim()));
  if (jobs.some((parts) => parts.length < 5 || parts.slice(0, 4).some((p) => !p))) {
    errors.careerJobs =
      "Write each position as: Role | Employer | City | Salary range | Description.";
  }
  if (!form.careerGrowth && salaries.length === 0 && jobs.length === 0) return null;
  return {
    growth: form.careerGrowth,
    salaries: salaries.map(([role = "", salary = ""]) => ({ role, salary })),
    jobs: jobs.map(([role = "", employer = "", city = "", salaryRange = "", ...rest]) => ({
      role,
      employer,
      city,
      salaryRange,
      description: rest.join(" | "),
    })),
  };
}

/** A posted text field, or undefined (missing, or not text). */
function textOf(posted: Record<string, unknown>, name: string): string | undefined {
  const value = posted[name];
  return typeof value === "string" ? value : undefined;
}

/**
 * The posted course form as validateCourse reads it: `posted` is the form as a plain record
 * (each field's text; `scheduleOptions`, a checkbox group, the list of checked values).
 */
export function courseFromForm(posted: Record<string, unknown>): Record<string, unknown> {
  return {
    ...Object.fromEntries(
      [
        "title",
        "shortTitle",
        "slug",
        "kind",
        "status",
        "vendorGroup",
        "description",
        "overview",
        "topics",
        "prerequisites",
        "duration",
        "price",
        "inclusions",
        "careerGrowth",
        "careerSalaries",
        "careerJobs",
        "image",
        "instructorId",
        "completionPercent",
      ].map((name) => [name, textOf(posted, name)]),
    ),
    scheduleOptions: [posted.scheduleOptions ?? []].flat().map(String),
  };
}

/** A stored course as the form's text fields show it. */
export function courseFormValues(
  course: Omit<CourseRecord, "instructorId"> & {
    instructorId: number | null;
  },
): Record<string, string | string[]> {
  const outlook = course.careerOutlook;
  return {
    title: course.title,
    shortTitle: course.shortTitle,
    slug: course.slug,
    kind: course.kind,
    status: course.status,
    vendorGroup: course.vendorGroup,
    description: course.description,
    overview: course.overview.join("\n\n"),
    topics: course.topics.join("\n"),
    prerequisites: course.prerequisites.join("\n"),
    duration: course.duration,
    price: priceInput(course.priceCents),
    scheduleOptions: course.scheduleOptions,
    inclusions: course.inclusions.join("\n"),
    careerGrowth: outlook?.growth ?? "",
    careerSalaries: (outlook?.salaries ?? []).map((s) => `${s.role} | ${s.salary}`).join("\n"),
    careerJobs: (outlook?.jobs ?? [])
      .map((j) => [j.role, j.employer, j.city, j.salaryRange, j.description].join(" | "))
      .join("\n"),
    image: course.image,
    instructorId: course.instructorId ? String(course.instructorId) : "",
    completionPercent: String(course.completionPercent),
  };
}

// ---- Cohorts -------------------------------------------------------------------------------

export const cohortFormSchema = z.object({
  startDate: z
    .string({ error: "Start date must be a date (YYYY-MM-DD)." })
    .check(z.trim(), z.refine(isDay, { error: "Start date must be a date (YYYY-MM-DD)." })),
  classSchedule: z.enum(values(CLASS_SCHEDULES), { error: "Choose a class schedule." }),
  capacity: z.string({ error: "Capacity must be a whole number." }).check(
    z.trim(),
    z.refine((v) => /^\d{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= COHORT_CAPACITY_MAX, {
      error: `Capacity must be a whole number from 1 to ${COHORT_CAPACITY_MAX}.`,
    }),
  ),
});

export interface CohortRecord {
  startDate: string;
  classSchedule: ClassSchedule;
  capacity: number;
}

export function validateCohort(input: unknown): Result<CohortRecord> {
  const parsed = cohortFormSchema.safeParse(input);
  if (!parsed.success) return invalid(firstErrors(parsed.error.issues));
  return success({ ...parsed.data, capacity: Number(parsed.data.capacity) });
}

/** The posted cohort form (a plain record of its fields) as validateCohort reads it. */
export function cohortFromForm(posted: Record<string, unknown>): Record<string, unknown> {
  return {
    startDate: textOf(posted, "startDate"),
    classSchedule: textOf(posted, "classSchedule"),
    capacity: textOf(posted, "capacity"),
  };
}
