import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect.ts";

describe("safeRedirect", () => {
  it.each([
    ["/admin/dashboard", "/admin/dashboard"],
    ["/sales-dashboard?tab=customers#list", "/sales-dashboard?tab=customers#list"],
    ["/portal/../admin", "/admin"],
  ])("keeps the same-site path %s", (to, expected) => {
    expect(safeRedirect(to, "/fallback")).toBe(expected);
  });

  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/\u0000//evil.example",
    "/\t/evil.example",
    "/.//evil.example",
    "/./\u002f/evil.example",
    "/x/..//evil.example",
    "/%2e//evil.example",
    "",
    null,
    undefined,
    42,
    `/${"a".repeat(3000)}`,
  ])("refuses %j", (to) => {
    expect(safeRedirect(to, "/fallback")).toBe("/fallback");
  });
});
