import { describe, expect, it } from "vitest";
import { readAiFeatures, sourceOf, statusBadgeClass, summarizeMail } from "./customers.ts";

describe("Customer Management display rules", () => {
  it("status badges use the spec's colours; unknown values are gray", () => {
    expect(statusBadgeClass("New")).toContain("bg-blue-100");
    expect(statusBadgeClass("Contacted")).toContain("bg-yellow-100");
    expect(statusBadgeClass("Qualified")).toContain("bg-green-100");
    expect(statusBadgeClass("Proposal Sent")).toContain("bg-purple-100");
    expect(statusBadgeClass("In Progress")).toContain("bg-orange-100");
    expect(statusBadgeClass("Completed")).toContain("bg-emerald-100");
    expect(statusBadgeClass("Closed")).toContain("bg-gray-200");
    expect(statusBadgeClass("Archived")).toBe(statusBadgeClass("Closed"));
  });

  it("AI features read as a list of strings, anything else as empty", () => {
    expect(readAiFeatures(["chatbot", "smart-ux"])).toEqual(["chatbot", "smart-ux"]);
    expect(readAiFeatures('["chatbot"]')).toEqual(["chatbot"]);
    expect(readAiFeatures("not json")).toEqual([]);
    expect(readAiFeatures('"a string"')).toEqual([]);
    expect(readAiFeatures({ chatbot: true })).toEqual([]);
    expect(readAiFeatures(null)).toEqual([]);
    expect(readAiFeatures(["ok", 3, null])).toEqual(["ok"]);
  });

  it("source defaults to Direct; mail status is the worst of the lead's messages", () => {
    expect(sourceOf("")).toBe("Direct");
    expect(sourceOf("Google Ads")).toBe("Google Ads");
    expect(summarizeMail([])).toBe("none");
    expect(summarizeMail(["sent", "sent"])).toBe("sent");
    expect(summarizeMail(["sent", "pending"])).toBe("pending");
    expect(summarizeMail(["pending", "failed", "sent"])).toBe("failed");
  });
});
