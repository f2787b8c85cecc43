import { describe, expect, it } from "vitest";
import { compareData } from "./compare.server.ts";

describe("comparing two versions", () => {
  it("lists only changed fields, with the changed words marked", () => {
    const changes = compareData(
      { heading: "Welcome to our site", price: 399500, topics: ["Threats", "Networks"], same: "x" },
      { heading: "Welcome to Sigma", price: 299500, topics: ["Threats", "Cloud"], same: "x" },
    );
    expect(changes.map((c) => c.field)).toEqual(["Heading", "Price", "Topics"]);
    const heading = changes[0]?.parts ?? [];
    expect(heading.filter((p) => p.removed).map((p) => p.value.trim())).toEqual(["our site"]);
    expect(heading.filter((p) => p.added).map((p) => p.value.trim())).toEqual(["Sigma"]);
    expect(
      heading
        .filter((p) => !p.added && !p.removed)
        .map((p) => p.value)
        .join(""),
    ).toBe("Welcome to ");
    const topics = changes[2]?.parts ?? [];
    expect(topics.find((p) => p.added)?.value).toBe("Cloud");
    expect(topics.find((p) => p.removed)?.value).toBe("Networks");
  });

  it("names nested fields and list entries in words", () => {
    const [change] = compareData(
      { careerOutlook: { salaries: [{ role: "Analyst" }] } },
      { careerOutlook: { salaries: [{ role: "Engineer" }] } },
    );
    expect(change?.field).toBe("Career outlook › salaries › 1 › role");
  });

  it("finds nothing between equal versions", () => {
    expect(compareData({ a: 1, b: [1, 2] }, { a: 1, b: [1, 2] })).toEqual([]);
  });
});
