import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { expectedSprite, iconNames, iconsModule, spriteFile } from "../../../scripts/icons.ts";
import * as icons from "./icons.tsx";
import { Icon, type IconName, type IconProps } from "./icons.tsx";

const appDir = fileURLToPath(new URL("../..", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|jsx|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** What lucide-react renders for its icon `name` (lucide's file name, as in `IconName`). */
async function lucideMarkup(name: string, props: Record<string, unknown>): Promise<string> {
  const icon = (await import(`lucide-react/icons/${name}`)) as {
    default: Parameters<typeof createElement>[0];
  };
  return renderToStaticMarkup(createElement(icon.default, props));
}

/** The names in the `IconName` union, as the sprite generator reads them. */
const names = iconNames(readFileSync(iconsModule, "utf8")) as IconName[];

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
    const markup = renderToStaticMarkup(<Icon name="phone" className="size-4 text-brand-600" />);
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
      renderToStaticMarkup(createElement(Icon, { name: "phone", ...props } as IconProps)),
    );
    const theirs = svgAttributes(await lucideMarkup("phone", props));
    // lucide also lists an icon's old names as classes (lucide-<alias>); nothing styles those.
    expect(ours).toEqual(theirs);
  });

  it("an icon with children (a <title>) is not hidden", () => {
    const markup = renderToStaticMarkup(
      <Icon name="phone">
        <title>Phone</title>
      </Icon>,
    );
    expect(markup).not.toContain("aria-hidden");
    expect(markup).toContain("<title>Phone</title>");
  });

  it("every name in IconName has a symbol in the committed sprite", () => {
    const sprite = readFileSync(spriteFile, "utf8");
    const symbols = [...sprite.matchAll(/<symbol id="([a-z0-9-]+)"/g)].map((match) => match[1]);
    expect(names.length).toBeGreaterThan(0);
    expect(symbols).toEqual(names);
  });

  it("every name draws the lucide icon of that name, with lucide's class", async () => {
    for (const name of names) {
      const theirs = svgAttributes(await lucideMarkup(name, {})).class?.split(" ")[1];
      expect(theirs, name).toBe(`lucide-${name}`);
      expect(svgAttributes(renderToStaticMarkup(<Icon name={name} />)).class, name).toBe(
        `lucide lucide-${name}`,
      );
    }
  });

  it("ships the component only: the names are a type, erased at build", () => {
    expect(Object.keys(icons)).toEqual(["Icon"]);
  });

  it("TypeScript rejects a name that is not in IconName", () => {
    // @ts-expect-error: "no-such-icon" is not an IconName (tsc fails if this ever compiles)
    const element = <Icon name="no-such-icon" />;
    expect(element.props.name).toBe("no-such-icon");
  });
});
