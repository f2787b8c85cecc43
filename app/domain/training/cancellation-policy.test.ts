// The cancellation policy: full until refund_full_days before the start, half until
// refund_half_days, nothing after; half a charge is rounded down to the cent.
import { describe, expect, it } from "vitest";
import { creditShare, daysBefore, policyCredit } from "./cancellation-policy.ts";

const policy = { fullDays: 14, halfDays: 7 };

describe("the cancellation policy", () => {
  it("counts calendar days from today to the start, across months and a DST change", () => {
    expect(daysBefore("2027-03-01", "2027-04-05")).toBe(35);
    expect(daysBefore("2027-03-14", "2027-03-15")).toBe(1);
    expect(daysBefore("2027-04-05", "2027-04-05")).toBe(0);
    expect(daysBefore("2027-04-06", "2027-04-05")).toBe(-1);
    expect(daysBefore("2026-12-31", "2027-01-01")).toBe(1);
  });

  it("credits in full until the full days, half until the half days, nothing after", () => {
    expect(creditShare(20, policy)).toBe(1);
    expect(creditShare(14, policy)).toBe(1);
    expect(creditShare(13, policy)).toBe(0.5);
    expect(creditShare(7, policy)).toBe(0.5);
    expect(creditShare(6, policy)).toBe(0);
    expect(creditShare(0, policy)).toBe(0);
    expect(creditShare(-3, policy)).toBe(0);
  });

  it("gives the amount in whole cents, half rounded down", () => {
    expect(policyCredit(120_000, "2027-03-16", "2027-04-05", policy)).toEqual({
      share: 1,
      daysBefore: 20,
      creditCents: 120_000,
    });
    expect(policyCredit(120_000, "2027-03-26", "2027-04-05", policy)).toEqual({
      share: 0.5,
      daysBefore: 10,
      creditCents: 60_000,
    });
    expect(policyCredit(99_999, "2027-03-26", "2027-04-05", policy).creditCents).toBe(49_999);
    expect(policyCredit(1, "2027-03-26", "2027-04-05", policy).creditCents).toBe(0);
    expect(policyCredit(120_000, "2027-04-02", "2027-04-05", policy)).toEqual({
      share: 0,
      daysBefore: 3,
      creditCents: 0,
    });
  });

  it("follows Settings that differ from the defaults", () => {
    const strict = { fullDays: 30, halfDays: 21 };
    expect(policyCredit(50_000, "2027-03-16", "2027-04-05", strict).creditCents).toBe(0);
    expect(policyCredit(50_000, "2027-03-01", "2027-04-05", strict).creditCents).toBe(50_000);
    // Half days above the full days: the full share wins where both hold.
    expect(creditShare(10, { fullDays: 5, halfDays: 10 })).toBe(1);
  });
});
