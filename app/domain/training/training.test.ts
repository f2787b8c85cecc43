import { describe, expect, it } from "vitest";
import { seedContentBlocks } from "../content/blocks.seed.ts";
import { SOON_DAYS, seedCohorts, seedCourses } from "./courses.seed.ts";
import { addMonths, formatPrice, isDay, scheduleAside, seatsTakenText } from "./training.ts";

describe("prices", () => {
  it("are integer cents shown as whole dollars with separators", () => {
    expect(formatPrice(499_500)).toBe("$4,995");
    expect(formatPrice(999_500)).toBe("$9,995");
    expect(formatPrice(49_500)).toBe("$495");
    expect(formatPrice(12_345)).toBe("$123.45");
  });
});

describe("words", () => {
  it("seats taken read as English, one seat or many", () => {
    expect(seatsTakenText(1, 1)).toBe("1 of 1 seat taken");
    expect(seatsTakenText(0, 12)).toBe("0 of 12 seats taken");
  });

  it("a schedule after a date reads with one pair of parentheses", () => {
    expect(`May 5 (${scheduleAside("evening")})`).toBe(
      "May 5 (Evening, Monday to Thursday 6:00 PM to 10:00 PM)",
    );
    expect(scheduleAside("weeknight-lab")).toBe(
      "Monday and Wednesday evenings 7:00 PM to 9:30 PM plus Saturday lab 9:00 AM to 12:00 PM",
    );
  });
});

describe("days", () => {
  it("checks real calendar days", () => {
    expect(isDay("2026-02-28")).toBe(true);
    expect(isDay("2026-02-30")).toBe(false);
    expect(isDay("2026-5-5")).toBe(false);
  });
  it("adds months clamped to the month's end", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-03-15", -3)).toBe("2025-12-15");
  });
});

describe("the seeded catalogue", () => {
  it("has the eight certification courses and three AI courses of the spec", () => {
    expect(seedCourses.filter((c) => c.kind === "certification").map((c) => c.slug)).toEqual([
      "ccna",
      "ccnp-enterprise",
      "cisco-certified-cybersecurity-associate",
      "cisco-certified-cybersecurity-professional",
      "fortinet-nse-4-network-security-professional",
      "fortinet-nse-7-network-security",
      "comptia-security-plus",
      "isaca-cisa",
    ]);
    const bySlug = Object.fromEntries(seedCourses.map((c) => [c.slug, c]));
    expect(bySlug["comptia-security-plus"]?.priceCents).toBe(399_500);
    expect(bySlug["isaca-cisa"]).toMatchObject({
      priceCents: 499_500,
      duration: "96 Hours (6 Weeks)",
    });
    expect(bySlug["isaca-cisa"]?.topics).toHaveLength(8);
    expect(bySlug["isaca-cisa"]?.prerequisites).toHaveLength(4);
    expect(bySlug["cisco-certified-cybersecurity-professional"]?.priceCents).toBe(999_500);
    expect(bySlug["fortinet-nse-4-network-security-professional"]?.scheduleOptions).toEqual([
      "weeknight-lab",
    ]);
    for (const slug of ["ai-fundamentals", "ai-advanced", "ai-enterprise"]) {
      expect(bySlug[slug]).toMatchObject({ priceCents: 49_500, duration: "1 Day (8 Hours)" });
      expect(bySlug[slug]?.topics).toHaveLength(6);
    }
    expect(new Set(seedCourses.map((c) => c.shortTitle)).size).toBe(11);
  });

  it("the sales news cards name only certifications the catalogue teaches", () => {
    const taught = seedCourses.flatMap((c) => [c.title, c.shortTitle]).join(" | ");
    const named = seedContentBlocks
      .map((b) => b.content)
      .join(" ")
      .match(/\b(?:CISSP|CISM|CEH|CCNA|CCNP|CISA|NSE \d|Security\+|CySA\+|Network\+|A\+)/g);
    expect(named).not.toBeNull();
    for (const name of named ?? []) expect(taught, name).toContain(name);
  });

  it("every course starts within six weeks of the seed date, on a Tuesday when one is added", () => {
    for (const seed of ["2026-11-27T15:00:00Z", "2026-04-20T15:00:00Z", "2027-01-10T15:00:00Z"]) {
      const today = seed.slice(0, 10);
      const cohorts = seedCohorts(new Date(seed));
      for (const course of seedCourses) {
        const soon = cohorts.filter((c) => c.slug === course.slug && c.startDate >= today);
        const first = soon.map((c) => c.startDate).sort()[0] ?? "";
        const days = (Date.parse(first) - Date.parse(today)) / 86_400_000;
        expect(days, `${course.slug} seeded ${today}`).toBeLessThanOrEqual(SOON_DAYS);
      }
    }
    const added = seedCohorts(new Date("2026-11-27T15:00:00Z")).filter(
      (c) => c.slug === "ccna" && c.startDate > "2026-11-27" && c.startDate < "2027-01-08",
    );
    expect(added).toEqual([
      { slug: "ccna", startDate: "2026-12-15", classSchedule: "morning" },
      { slug: "ccna", startDate: "2026-12-15", classSchedule: "evening" },
    ]);
  });

  it("seeds the 2025 dates and the same days every year up to 12 months after the seed date", () => {
    const cohorts = seedCohorts(new Date("2026-04-20T15:00:00Z"));
    const ccna = cohorts.filter((c) => c.slug === "ccna" && c.classSchedule === "morning");
    expect(ccna.map((c) => c.startDate)).toEqual([
      "2025-05-05",
      "2025-06-16",
      "2025-07-28",
      "2025-09-08",
      "2026-05-05",
      "2026-06-16",
      "2026-07-28",
      "2026-09-08",
    ]);
    const cisa = cohorts.filter((c) => c.slug === "isaca-cisa").map((c) => c.startDate);
    expect(cisa).toContain("2025-07-08");
    expect(cisa).toContain("2026-11-04");
    expect(cisa.every((d) => d <= "2027-04-20")).toBe(true);
    expect(cohorts.filter((c) => c.slug === "ccna" && c.startDate === "2026-05-05")).toHaveLength(
      2,
    );

    const ai = cohorts.filter((c) => c.slug === "ai-fundamentals");
    expect(ai[0]).toEqual({
      slug: "ai-fundamentals",
      startDate: "2025-05-02",
      classSchedule: "friday",
    });
    expect(ai[1]).toEqual({
      slug: "ai-fundamentals",
      startDate: "2025-05-03",
      classSchedule: "saturday",
    });
    for (const c of ai) {
      const day = new Date(`${c.startDate}T12:00:00Z`).getUTCDay();
      expect(day).toBe(c.classSchedule === "friday" ? 5 : 6);
    }
    const lastAi = ai.at(-1)?.startDate ?? "";
    expect(lastAi <= "2027-04-20" && lastAi >= "2027-04-01").toBe(true);
  });
});
