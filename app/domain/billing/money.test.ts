import { describe, expect, it } from "vitest";
import { formatAmount } from "./money.ts";

describe("formatAmount", () => {
  it("prints dollars and cents with thousands separators, a credit with a minus before the sign", () => {
    expect(formatAmount(499500)).toBe("$4,995.00");
    expect(formatAmount(-499500)).toBe("-$4,995.00");
    expect(formatAmount(5)).toBe("$0.05");
    expect(formatAmount(123456789)).toBe("$1,234,567.89");
    expect(formatAmount(0)).toBe("$0.00");
    expect(formatAmount(-0)).toBe("$0.00");
  });
});
