import { describe, expect, it } from "vitest";
import { dollarsToCents, formatMoney, validateCustomer } from "#app/domain/leads/records.schema.ts";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import {
  computeEarnings,
  computeStats,
  dayOfYear,
  formatGrowth,
  pipelineCounts,
  relativeTime,
  sameDayLastYear,
} from "./figures.ts";
import { validateTarget } from "./sales.schema.ts";

const none = { monthTargetCents: null, yearTargetCents: null };

describe("the stat cards", () => {
  it("conversion rate is 0% with zero customers (no division by zero)", () => {
    expect(computeStats({})).toEqual({
      totalCustomers: 0,
      activeDeals: 0,
      wonDeals: 0,
      conversionRate: 0,
    });
  });

  it("counts active, won and the rounded conversion rate", () => {
    expect(computeStats({ "Free MVP": 1, "Closed Won": 1, "Closed Lost": 1 })).toEqual({
      totalCustomers: 3,
      activeDeals: 1,
      wonDeals: 1,
      conversionRate: 33,
    });
    expect(computeStats({ "Closed Won": 2, Negotiation: 1 }).conversionRate).toBe(67);
  });

  it("Total Customers counts every record the table lists, New ones too; they are no active deal", () => {
    expect(computeStats({ New: 2, "Closed Won": 1, Negotiation: 1 })).toEqual({
      totalCustomers: 4,
      activeDeals: 1,
      wonDeals: 1,
      conversionRate: 25,
    });
  });

  it("the pipeline lists every phase in order, New first, zeros included", () => {
    expect(pipelineCounts({ Negotiation: 1, "Free MVP": 2, New: 4 })).toEqual([
      { phase: "New", count: 4 },
      { phase: "Free MVP", count: 2 },
      { phase: "Demo Scheduled", count: 0 },
      { phase: "Negotiation", count: 1 },
      { phase: "Closed Won", count: 0 },
      { phase: "Closed Lost", count: 0 },
    ]);
  });
});

describe("earnings", () => {
  it("growth is null (shown as a dash) when previous YTD is zero, and nothing divides by zero", () => {
    const e = computeEarnings({
      today: "2025-03-10",
      totals: [{ day: "2025-03-02", cents: 500_000 }],
      ...none,
    });
    expect(e.previousYtdCents).toBe(0);
    expect(e.growthPercent).toBeNull();
    expect(formatGrowth(e.growthPercent)).toBe("—");
    expect(e.monthPercent).toBeNull();
    expect(e.ytdPercent).toBeNull();
    expect(e.projectedPercent).toBeNull();
    expect(e.currentMonthCents).toBe(500_000);
    expect(e.monthlyAverageCents).toBe(0);
  });

  it("with no bookings at all every amount is zero", () => {
    const e = computeEarnings({ today: "2025-01-01", totals: [], ...none });
    expect(e).toMatchObject({
      currentMonthCents: 0,
      lastMonthCents: 0,
      ytdCents: 0,
      projectedYearEndCents: 0,
      growthPercent: null,
    });
  });

  it("splits months, the trailing twelve, YTD and previous YTD by calendar day", () => {
    const totals = [
      { day: "2024-01-15", cents: 300 }, // previous YTD only (before the trailing twelve)
      { day: "2024-02-01", cents: 5_000 }, // previous YTD, first trailing month
      { day: "2024-02-28", cents: 200 }, // previous YTD (up to the same day last year)
      { day: "2024-02-29", cents: 100 }, // after the same day last year: trailing only
      { day: "2025-01-31", cents: 2_400 }, // last month, trailing, YTD
      { day: "2025-02-28", cents: 700 }, // today: current month, YTD
      { day: "2025-03-01", cents: 9_999 }, // the future: ignored
    ];
    const e = computeEarnings({ today: "2025-02-28", totals, ...none });
    expect(e.currentMonthCents).toBe(700);
    expect(e.lastMonthCents).toBe(2_400);
    expect(e.ytdCents).toBe(3_100);
    expect(e.previousYtdCents).toBe(5_500);
    // The twelve completed months before February 2025: February 2024 to January 2025.
    expect(e.monthlyAverageCents).toBe(Math.round((5_000 + 200 + 100 + 2_400) / 12));
    expect(e.growthPercent).toBe(-43.6);
  });

  it("reproduces the spec's figures on the demo date", () => {
    const month = (day: string, dollars: number) => ({ day, cents: dollars * 100 });
    const totals = [
      month("2025-10-01", 12_500),
      month("2025-09-01", 14_200),
      ...[14_000, 15_200, 14_800, 15_000, 14_600, 14_900, 14_700, 15_100].map((d, i) =>
        month(`2025-0${i + 1}-01`, d),
      ),
      month("2024-12-01", 11_500),
      month("2024-11-01", 10_600),
      month("2024-10-01", 11_000),
      month("2024-01-01", 121_000),
    ];
    const e = computeEarnings({
      today: "2025-10-26",
      totals,
      monthTargetCents: 1_500_000,
      yearTargetCents: 17_000_000,
    });
    expect(e).toEqual({
      currentMonthCents: 1_250_000,
      monthTargetCents: 1_500_000,
      monthPercent: 83,
      lastMonthCents: 1_420_000,
      monthlyAverageCents: 1_380_000,
      ytdCents: 14_500_000,
      yearTargetCents: 17_000_000,
      ytdPercent: 85,
      previousYtdCents: 13_200_000,
      growthPercent: 9.8,
      projectedYearEndCents: 17_500_000,
      projectedPercent: 103,
    });
    expect(formatGrowth(e.growthPercent)).toBe("+9.8%");
    expect(formatMoney(e.projectedYearEndCents)).toBe("$175,000");
  });

  it("leap days: day of year and the same day last year", () => {
    expect(dayOfYear("2025-01-01")).toBe(1);
    expect(dayOfYear("2025-10-26")).toBe(299);
    expect(dayOfYear("2024-12-31")).toBe(366);
    expect(sameDayLastYear("2024-02-29")).toBe("2023-02-28");
    expect(sameDayLastYear("2025-10-26")).toBe("2024-10-26");
  });
});

describe("texts", () => {
  it("money, growth and relative times", () => {
    expect(formatMoney(1_250_000)).toBe("$12,500");
    expect(formatMoney(1_250_050)).toBe("$12,500.50");
    expect(formatGrowth(-3)).toBe("-3.0%");
    const now = new Date("2025-10-26T17:00:00Z");
    const earlier = (ms: number) => new Date(now.getTime() - ms);
    expect(relativeTime(earlier(10_000), now)).toBe("just now");
    expect(relativeTime(earlier(60_000), now)).toBe("1 minute ago");
    expect(relativeTime(earlier(5 * 3_600_000), now)).toBe("5 hours ago");
    expect(relativeTime(earlier(2 * 86_400_000), now)).toBe("2 days ago");
    expect(relativeTime(new Date("2025-01-05T17:00:00Z"), now)).toBeNull();
  });
});

describe("the customer form's rules", () => {
  const valid = {
    name: " Ada Lovelace ",
    email: "Ada@Example.com",
    phase: "Negotiation",
    dealValue: "$12,500.5",
  };

  it("accepts a valid customer and stores dollars as cents", () => {
    const result = validateCustomer(valid);
    expect(result).toEqual({
      ok: true,
      value: {
        name: "Ada Lovelace",
        email: "ada@example.com",
        company: "",
        phone: "",
        phase: "Negotiation",
        dealValueCents: 1_250_050,
        repId: null,
        note: "",
      },
    });
    expect(dollarsToCents("0")).toBe(0);
    expect(dollarsToCents("7.05")).toBe(705);
  });

  it("names every bad field with a clear message", () => {
    const result = validateCustomer({ name: "", email: "nope", phase: "Won", dealValue: "-5" });
    expect(result).toEqual({
      ok: false,
      reason: "invalid",
      error: CORRECT_FIELDS,
      fieldErrors: {
        name: "Name is required.",
        email: "Please enter a valid email address.",
        phase:
          "Phase must be one of: New, Free MVP, Demo Scheduled, Negotiation, Closed Won, Closed Lost.",
        dealValue:
          "Deal value must be an amount in dollars from 0 to 10,000,000 (at most two decimals).",
      },
    });
    expect(validateCustomer({ ...valid, dealValue: "" })).toMatchObject({
      ok: false,
      fieldErrors: { dealValue: "Deal value is required." },
    });
    expect(validateCustomer({ ...valid, dealValue: "1.234" }).ok).toBe(false);
    expect(validateCustomer({ ...valid, repId: "x" }).ok).toBe(false);
  });

  it("targets: the team or a rep, a month, an amount", () => {
    expect(validateTarget({ scope: "team", month: "2025-10", amount: "15,000" })).toEqual({
      ok: true,
      value: { repId: null, month: "2025-10", amountCents: 1_500_000 },
    });
    expect(validateTarget({ scope: "7", month: "2025-13", amount: "x" })).toMatchObject({
      ok: false,
      fieldErrors: { month: "Choose a month (YYYY-MM).", amount: expect.any(String) },
    });
  });
});
