import { describe, expect, it } from "vitest";
import { parseId } from "./ids.ts";

describe("parseId", () => {
  it("reads a positive 32-bit id from text or a number", () => {
    expect(parseId("7")).toBe(7);
    expect(parseId(7)).toBe(7);
    expect(parseId("2147483647")).toBe(2147483647);
  });

  it("refuses everything else", () => {
    for (const raw of [
      "",
      "0",
      "07",
      "-1",
      "1.5",
      "2147483648",
      " 7",
      "7a",
      null,
      undefined,
      {},
      0,
    ]) {
      expect(parseId(raw), String(raw)).toBeNull();
    }
  });
});
