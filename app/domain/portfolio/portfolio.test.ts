import { describe, expect, it } from "vitest";
import {
  categoryKind,
  externalUrl,
  hasRealImage,
  parseProjectId,
  parseResults,
  parseTestimonial,
  projectThemes,
  themeFor,
} from "./portfolio.ts";

describe("portfolio rules", () => {
  it.each([
    ["project-3", 3],
    ["3", 3],
    ["project-", 1],
    ["", 1],
    [undefined, 1],
    ["project-abc", null],
    ["0", null],
    ["../1", null],
    ["1.5", null],
  ])("project id %o is %o", (raw, id) => {
    expect(parseProjectId(raw)).toBe(id);
  });

  it("adds https:// to visit links without a scheme", () => {
    expect(externalUrl("example.com/shop")).toBe("https://example.com/shop");
    expect(externalUrl("http://example.com")).toBe("http://example.com");
    expect(externalUrl("HTTPS://example.com")).toBe("HTTPS://example.com");
    expect(externalUrl("  ")).toBe("");
  });

  it("empty and placeholder images fall back to the gradient", () => {
    expect(hasRealImage("")).toBe(false);
    expect(hasRealImage("/placeholder.svg")).toBe(false);
    expect(hasRealImage("/images/placeholder-project.jpg")).toBe(false);
    expect(hasRealImage("/images/portfolio/project-1.webp")).toBe(true);
  });

  it("reads results and testimonials stored as objects or JSON text, and malformed ones as empty", () => {
    const metrics = [{ label: "Sales", value: "+20%" }];
    expect(parseResults({ metrics })).toEqual({ metrics });
    expect(parseResults(JSON.stringify({ metrics }))).toEqual({ metrics });
    expect(parseResults("{not json")).toEqual({ metrics: [] });
    expect(parseResults({ metrics: "nope" })).toEqual({ metrics: [] });
    expect(parseResults(null)).toEqual({ metrics: [] });
    expect(parseResults([1, 2])).toEqual({ metrics: [] });
    const empty = { content: "", author: "", position: "", company: "" };
    expect(parseTestimonial("{broken")).toEqual(empty);
    expect(parseTestimonial(42)).toEqual(empty);
    expect(parseTestimonial('{"content":"Great","author":"Ann"}')).toEqual({
      ...empty,
      content: "Great",
      author: "Ann",
    });
  });

  it("category icons: e-commerce, AI, web by default", () => {
    expect(categoryKind("E-commerce")).toBe("ecommerce");
    expect(categoryKind("AI Solutions")).toBe("ai");
    expect(categoryKind("ai")).toBe("ai");
    expect(categoryKind("Web Development")).toBe("web");
    expect(categoryKind("Website")).toBe("web");
    expect(categoryKind("Consulting")).toBe("web");
  });

  it("themes for ids 1 to 6, theme 1 otherwise", () => {
    expect(themeFor(2)).toBe(projectThemes[1]);
    expect(themeFor(6)).toBe(projectThemes[5]);
    expect(themeFor(7)).toBe(projectThemes[0]);
  });
});
