import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Brand and site-wide settings; each value is validated by its key's zod schema. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamps.updatedAt,
});

/** The six homepage sections (hero, services, about, portfolio, testimonials, contact). */
export const homepageSections = pgTable("homepage_sections", {
  id: text("id").primaryKey(),
  data: jsonb("data").notNull(),
  updatedAt: timestamps.updatedAt,
});

export const heroSlides = pgTable(
  "hero_slides",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    description: text("description").notNull().default(""),
    backgroundImage: text("background_image").notNull().default(""),
    buttonText: text("button_text").notNull().default(""),
    buttonLink: text("button_link").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps,
  },
  (t) => [index("hero_slides_order_idx").on(t.isActive, t.sortOrder, t.id)],
);

/** Which seed steps have run, so a step never runs twice (and never refills what staff emptied). */
export const seedRuns = pgTable("seed_runs", {
  name: text("name").primaryKey(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().default(sql`now()`),
});
