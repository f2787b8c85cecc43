// Hero slides for staff: every slide, create, update, delete, order and the active switch.
import { asc, eq, max } from "drizzle-orm";
import { type Actor, auditChange } from "#app/domain/audit/audit.server.ts";
import { tableKind } from "#app/domain/history/table-kind.server.ts";
import {
  invalidData,
  pick,
  recordDeleted,
  recordPublished,
  versionedWrite,
} from "#app/domain/history/versions.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { heroSlides } from "#app/platform/db/schema.ts";
import { type Success, success } from "#app/platform/result.ts";
import { type FieldErrors, type Invalid, invalidFields } from "#app/platform/validation.ts";
import { type HeroSlide, type HeroSlideInput, heroSlideSchema } from "./content.schema.ts";

/** A slide as pages and staff read it. */
export const slideColumns = {
  id: heroSlides.id,
  title: heroSlides.title,
  subtitle: heroSlides.subtitle,
  description: heroSlides.description,
  backgroundImage: heroSlides.backgroundImage,
  buttonText: heroSlides.buttonText,
  buttonLink: heroSlides.buttonLink,
  sortOrder: heroSlides.sortOrder,
  isActive: heroSlides.isActive,
};

/** Every slide, active or not, in the order visitors see them. */
export async function listAllSlides(db: Db): Promise<HeroSlide[]> {
  return db
    .select(slideColumns)
    .from(heroSlides)
    .orderBy(asc(heroSlides.sortOrder), asc(heroSlides.id));
}

const MESSAGES: Partial<Record<keyof HeroSlideInput, string>> = {
  title: "Title is required (at most 200 characters).",
  subtitle: "Subtitle must be at most 300 characters.",
  description: "Description must be at most 1000 characters.",
  backgroundImage: "Background image must be a path starting with / or an http(s) URL.",
  buttonText: "Button text must be at most 60 characters.",
  buttonLink: "Button link must be a path starting with / or an http(s) URL.",
  sortOrder: "Sort order must be a whole number from 0 to 100000.",
  isActive: "Active must be true or false.",
};

/** A checked slide: a missing sortOrder is left out. */
export type SlideInput = Omit<HeroSlideInput, "sortOrder"> & { sortOrder?: number };

/**
 * Validates a slide from JSON (the API) or a form. A missing sortOrder means "keep it" on
 * update and "last" on create; a missing isActive means active.
 */
export function parseSlide(raw: unknown): Success<SlideInput> | Invalid {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return invalidFields({ form: "Send the slide as a JSON object." });
  }
  const input = raw as Record<string, unknown>;
  const hasOrder =
    input.sortOrder !== undefined && input.sortOrder !== null && input.sortOrder !== "";
  const parsed = heroSlideSchema.safeParse({
    ...input,
    title: input.title ?? "",
    subtitle: input.subtitle ?? "",
    description: input.description ?? "",
    backgroundImage: input.backgroundImage ?? "",
    buttonText: input.buttonText ?? "",
    buttonLink: input.buttonLink ?? "",
    sortOrder: hasOrder ? input.sortOrder : 0,
  });
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof HeroSlideInput;
      errors[field] ??= MESSAGES[field] ?? "This value is not valid.";
    }
    return invalidFields(errors);
  }
  const { sortOrder, ...rest } = parsed.data;
  return success(hasOrder ? { ...rest, sortOrder } : rest);
}

/**
 * A slide form's fields (what was posted, by name) as parseSlide takes them: text fields as
 * posted, the checkbox true when ticked ("true").
 */
export function slideFromForm(posted: Record<string, unknown>): Record<string, unknown> {
  const text = (name: string) => {
    const v = posted[name];
    return typeof v === "string" ? v : undefined;
  };
  return {
    title: text("title"),
    subtitle: text("subtitle"),
    description: text("description"),
    backgroundImage: text("backgroundImage"),
    buttonText: text("buttonText"),
    buttonLink: text("buttonLink"),
    sortOrder: text("sortOrder"),
    isActive: posted.isActive === "true",
  };
}

export async function createSlide(db: Db, value: SlideInput, actor: Actor): Promise<HeroSlide> {
  return db.transaction(async (tx) => {
    let sortOrder = value.sortOrder;
    if (sortOrder === undefined) {
      const [row] = await tx.select({ last: max(heroSlides.sortOrder) }).from(heroSlides);
      sortOrder = row?.last === null || row?.last === undefined ? 0 : row.last + 1;
    }
    const [slide] = await tx
      .insert(heroSlides)
      .values({ ...value, sortOrder })
      .returning(slideColumns);
    const created = slide as HeroSlide;
    await auditChange(tx, actor, "slide_created", `hero_slide:${created.id}`, {
      title: created.title,
    });
    await recordPublished(tx, slideKind, String(created.id), actor);
    return created;
  });
}

/** Writes fields of a slide (published at once, recorded in its history) and audits it. */
function writeSlide(
  db: Db,
  id: number,
  set: Partial<HeroSlideInput>,
  actor: Actor,
  details: (slide: HeroSlide) => Record<string, unknown>,
): Promise<HeroSlide | null> {
  return db.transaction((tx) =>
    versionedWrite(tx, slideKind, String(id), actor, async () => {
      const [slide] = await tx
        .update(heroSlides)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(heroSlides.id, id))
        .returning(slideColumns);
      if (!slide) return null;
      await auditChange(tx, actor, "slide_updated", `hero_slide:${id}`, details(slide));
      return slide;
    }),
  );
}

/** The JSON API's PUT: every field at once. */
export const updateSlide = (db: Db, id: number, value: SlideInput, actor: Actor) =>
  writeSlide(db, id, value, actor, (slide) => ({ title: slide.title }));

/** The list's Active switch. */
export const setSlideActive = (db: Db, id: number, isActive: boolean, actor: Actor) =>
  writeSlide(db, id, { isActive }, actor, () => ({ isActive }));

export async function deleteSlide(db: Db, id: number, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    await recordDeleted(tx, slideKind, String(id), actor);
    const [slide] = await tx
      .delete(heroSlides)
      .where(eq(heroSlides.id, id))
      .returning({ title: heroSlides.title });
    if (!slide) return false;
    await auditChange(tx, actor, "slide_deleted", `hero_slide:${id}`, { title: slide.title });
    return true;
  });
}

/**
 * Puts the slides in the given order (sortOrder 0, 1, 2...). The list must name every slide
 * exactly once; otherwise nothing changes and false is returned.
 */
export async function reorderSlides(db: Db, ids: number[], actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const existing = await tx.select({ id: heroSlides.id }).from(heroSlides);
    const known = new Set(existing.map((s) => s.id));
    if (
      ids.length !== known.size ||
      new Set(ids).size !== ids.length ||
      ids.some((id) => !known.has(id))
    ) {
      return false;
    }
    for (const [index, id] of ids.entries()) {
      await tx.update(heroSlides).set({ sortOrder: index }).where(eq(heroSlides.id, id));
    }
    await auditChange(tx, actor, "slides_reordered", "hero_slides", { order: ids });
    return true;
  });
}

/** Moves one slide a place up or down. False when it does not exist or is already at the end. */
export async function moveSlide(
  db: Db,
  id: number,
  direction: "up" | "down",
  actor: Actor,
): Promise<boolean> {
  const order = (await listAllSlides(db)).map((s) => s.id);
  const from = order.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= order.length) return false;
  [order[from], order[to]] = [order[to] as number, order[from] as number];
  return reorderSlides(db, order, actor);
}

/** What a slide's versions hold; its place in the list is ordering, not content. */
export const SLIDE_FIELDS = [
  "title",
  "subtitle",
  "description",
  "backgroundImage",
  "buttonText",
  "buttonLink",
  "isActive",
] as const;

/** Hero slides in the content history (decision 0021). */
export const slideKind = tableKind(heroSlides, {
  type: "hero_slide",
  fields: SLIDE_FIELDS,
  check(data) {
    const parsed = parseSlide(data);
    return parsed.ok ? success(pick(parsed.value, SLIDE_FIELDS)) : invalidData(parsed.fieldErrors);
  },
  notFound: "That slide no longer exists.",
  editPath: (id) => `/admin/slides?slide=${id}`,
  previewPath: () => "/",
  activeField: "isActive",
});
