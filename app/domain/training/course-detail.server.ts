// What the catalogue and course pages read: one course record, its upcoming start dates and
// the "Next Start Date" computed from them.
import { dayIn } from "#app/domain/settings/clock.ts";
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import type { AppServices } from "#app/platform/context.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import { findCourse, nextStartDate, startDatesOf, upcomingCohorts } from "./courses.server.ts";

export async function courseDetail(
  db: Db,
  env: Pick<Env, "FROZEN_NOW">,
  slug: string,
  askedMonth: string,
) {
  const course = await findCourse(db, slug);
  if (!course) return null;
  const today = dayIn(currentTime(env));
  const startDates = startDatesOf(await upcomingCohorts(db, course.id, today));
  const last = startDates.at(-1)?.date.slice(0, 7) ?? today.slice(0, 7);
  // The calendar opens on the month of the next start date (DESIGN.md: first use over the
  // spec's "current month"); ?month=YYYY-MM is its month links without JavaScript, kept within
  // the range shown.
  const first = startDates[0]?.date.slice(0, 7) ?? today.slice(0, 7);
  const month =
    /^\d{4}-(0[1-9]|1[0-2])$/.test(askedMonth) &&
    askedMonth >= today.slice(0, 7) &&
    askedMonth <= last
      ? askedMonth
      : first;
  return {
    course,
    today,
    month,
    startDates: startDates.map((d) => ({ date: d.date, full: d.full })),
    nextStartDate: nextStartDate(startDates),
  };
}

export type CourseDetail = NonNullable<Awaited<ReturnType<typeof courseDetail>>>;

/** The address of a course's page: AI courses live under /ai-training. */
export function coursePath(course: { kind: string; slug: string }): string {
  return course.kind === "ai"
    ? `/ai-training/${course.slug.replace(/^ai-/, "")}`
    : `/certification-training/${course.slug}`;
}

/** schema.org Course with its upcoming CourseInstances and its Offer (price), for JSON-LD. */
export function courseJsonLd(detail: CourseDetail, siteUrl: string, providerName: string) {
  const { course } = detail;
  const url = `${siteUrl}${coursePath(course)}`;
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.title,
    description: course.description,
    url,
    ...(course.image ? { image: `${siteUrl}${course.image}` } : {}),
    provider: { "@type": "Organization", name: providerName, url: `${siteUrl}/` },
    timeRequired: course.duration,
    offers: {
      "@type": "Offer",
      category: "Paid",
      price: (course.priceCents / 100).toFixed(2),
      priceCurrency: "USD",
      url: `${siteUrl}/certification-training/${course.slug}/register`,
      availability: detail.nextStartDate
        ? "https://schema.org/InStock"
        : "https://schema.org/SoldOut",
    },
    hasCourseInstance: detail.startDates.map((d) => ({
      "@type": "CourseInstance",
      courseMode: "Onsite",
      startDate: d.date,
      location: { "@type": "Place", name: providerName },
    })),
  };
}

/**
 * What a course page's loader returns: the course, or null for an unknown slug. `askedMonth` is
 * the page's ?month= (empty when absent).
 */
export async function coursePage(
  { db, env }: Pick<AppServices, "db" | "env">,
  slug: string,
  askedMonth: string,
) {
  const detail = await courseDetail(db, env, slug, askedMonth);
  if (!detail) return null;
  const { siteName } = await getSiteSettings(db);
  return { detail, jsonLd: courseJsonLd(detail, env.SITE_URL, siteName) };
}
