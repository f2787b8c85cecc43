import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { expectedSprite, spriteFile } from "../../../scripts/icons.ts";
import type { IconProps } from "./icons.tsx";
import * as icons from "./icons.tsx";

const appDir = fileURLToPath(new URL("../..", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|jsx|mjs)$/.test(entry.name) ? [path] : [];
  });
}

async function lucideMarkup(name: string, props: Record<string, unknown>): Promise<string> {
  const lucide = (await import("lucide-react")) as unknown as Record<
    string,
    Parameters<typeof createElement>[0]
  >;
  return renderToStaticMarkup(createElement(lucide[name] as string, props));
}

/** The <svg> start tag's attributes, for comparing with what lucide-react renders. */
function svgAttributes(markup: string): Record<string, string> {
  const tag = markup.match(/^<svg([^>]*)>/)?.[1] ?? "";
  return Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

describe("icons", () => {
  it("the committed sprite is what `npm run icons` would write", async () => {
    expect(readFileSync(spriteFile, "utf8")).toBe(await expectedSprite());
  });

  it("no file under app/ imports lucide-react (icons come from the sprite)", () => {
    const offenders = sourceFiles(appDir)
      .filter((file) => !file.endsWith("icons.test.tsx"))
      .filter((file) =>
        /from\s+["']lucide-react|import\(\s*["']lucide-react/.test(readFileSync(file, "utf8")),
      )
      .map((file) => relative(appDir, file));
    expect(offenders).toEqual([]);
  });

  it("renders lucide's <svg> attributes around a <use> of the sprite", () => {
    const markup = renderToStaticMarkup(<icons.Phone className="size-4 text-brand-600" />);
    expect(markup).toMatch(/^<svg [^>]*><use href="[^"]*icons[^"]*\.svg#phone"><\/use><\/svg>$/);
    expect(svgAttributes(markup)).toEqual({
      xmlns: "http://www.w3.org/2000/svg",
      width: "24",
      height: "24",
      viewBox: "0 0 24 24",
      fill: "none",
      stroke: "currentColor",
      "stroke-width": "2",
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
      class: "lucide lucide-phone size-4 text-brand-600",
      "aria-hidden": "true",
    });
  });

  it.each([
    ["no accessibility props", {}],
    ["aria-hidden from the caller", { "aria-hidden": true, className: "size-5" }],
    ["an aria-label", { "aria-label": "Call us" }],
    ["a role", { role: "img", "aria-label": "Phone" }],
    ["a title attribute", { title: "Phone" }],
    ["size and strokeWidth", { size: 16, strokeWidth: 1.5 }],
  ])("matches lucide-react's attributes with %s", async (_, props) => {
    const ours = svgAttributes(
      renderToStaticMarkup(createElement(icons.Phone, props as IconProps)),
    );
    const theirs = svgAttributes(await lucideMarkup("Phone", props));
    // lucide also lists an icon's old names as classes (lucide-<alias>); nothing styles those.
    expect(ours).toEqual(theirs);
  });

  it("an icon with children (a <title>) is not hidden", () => {
    const markup = renderToStaticMarkup(
      <icons.Phone>
        <title>Phone</title>
      </icons.Phone>,
    );
    expect(markup).not.toContain("aria-hidden");
    expect(markup).toContain("<title>Phone</title>");
  });

  it("every export draws the lucide icon of the same name", async () => {
    const lucide = (await import("lucide-react")) as unknown as Record<string, unknown>;
    for (const [name, icon] of Object.entries(icons)) {
      if (typeof icon !== "function") continue;
      const theirs = svgAttributes(await lucideMarkup(name, {})).class?.split(" ")[1];
      expect(lucide[name], name).toBeDefined();
      expect(svgAttributes(renderToStaticMarkup(createElement(icon))).class, name).toBe(
        `lucide ${theirs}`,
      );
    }
  });
});
