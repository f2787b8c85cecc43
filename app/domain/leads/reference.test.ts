import { describe, expect, it } from "vitest";
import { leadReference, referenceNumber, referencesOf } from "./reference.ts";

describe("a visitor's reference", () => {
  it("is the site name's first letters and the number, six digits at least", () => {
    expect(leadReference(49, "Sigma Technology Partners")).toBe("SIG-000049");
    expect(leadReference(1_234_567, "Sigma Technology Partners")).toBe("SIG-1234567");
    expect(leadReference(7, "4 U")).toBe("U-000007");
    expect(leadReference(7, "42")).toBe("REF-000007");
  });

  it("is read back from a search however staff type it", () => {
    for (const typed of [
      "SIG-000049",
      "sig-49",
      "SIG 49",
      "sig000049",
      "  SIG-000049 ",
      "000049",
      "#49",
      // A reference given before the site was renamed.
      "ABC-000049",
    ]) {
      expect(referenceNumber(typed), typed).toBe(49);
    }
    expect(referenceNumber("SIG-1234567")).toBe(1_234_567);
  });

  it("is not read into text that only looks a little like one", () => {
    for (const typed of [
      "",
      "49",
      "0100",
      "555-0100",
      "(205) 555-0100",
      "SIGMA-49",
      "SIG-",
      "SIG-000000",
      "SIG-4.9",
      "SIG-99999999999",
      "Sigma",
      "acme",
    ]) {
      expect(referenceNumber(typed), typed).toBeNull();
    }
  });

  it("a record's references are its first submission's, then each later inquiry's", () => {
    expect(
      referencesOf({
        reference: "SIG-000049",
        inquiries: [{ reference: "SIG-000051" }, { reference: "SIG-000060" }],
      }),
    ).toEqual(["SIG-000049", "SIG-000051", "SIG-000060"]);
    expect(referencesOf({ reference: "SIG-000049", inquiries: [] })).toEqual(["SIG-000049"]);
  });
});
