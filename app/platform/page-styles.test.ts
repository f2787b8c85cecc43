import { readFileSync } from "node:fs";
import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { SCRIPT_CLASSES, themeScript } from "#app/components/layout/theme.ts";
import { classesIn, createPageStylesheetFiles, pageStylesheet } from "./page-styles.server.ts";
import { PAGE_STYLESHEET_ADDRESS, PAGE_STYLESHEET_PATH } from "./page-stylesheet-address.ts";

// A content page's stylesheet keeps the rules that can match its HTML (decision 0022).
const css = `
@font-face{font-family:X;src:url(x.woff2)}
@keyframes spin{to{transform:rotate(360deg)}}
@property --tw-shadow{syntax:"*";inherits:false}
@layer theme,base;
@layer base{*,:before{box-sizing:border-box}html.dark{color-scheme:dark}}
@layer utilities{
.px-4{padding-inline:1rem}
.w-1\\/2{width:50%}
.\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}
.hover\\:underline:hover{text-decoration:underline}
.dark\\:bg-black:where(.dark,.dark *){background:#000}
:where(.space-y-2>:not(:last-child)){margin-block-end:.5rem}
.group-open\\:rotate-180:is(:where(.group)[open] *){rotate:180deg}
.only-without:not(.absent){color:red}
.a,.b{color:blue}
.unused{color:green}
@media (width>=48rem){.md\\:flex{display:flex}.md\\:grid{display:grid}}
@supports (display:grid){.unused-too{display:grid}}
}`;

const stylesheetFor = (html: string) => pageStylesheet(css, SCRIPT_CLASSES)(html);
const selectors = (out: string) => {
  const found: string[] = [];
  postcss.parse(out).walkRules((rule) => {
    if (rule.parent?.type !== "atrule" || (rule.parent as postcss.AtRule).name !== "keyframes")
      found.push(rule.selector);
  });
  return found;
};

describe("a content page's stylesheet", () => {
  const html = `<html><body><div class="px-4 w-1/2 [&amp;&gt;svg]:size-4 hover:underline">
    <p class="dark:bg-black space-y-2"></p><details class="group"><svg class="group-open:rotate-180"></svg></details>
    <span class="only-without b md:flex"></span></div></body></html>`;

  it("keeps the rules whose classes the page has, and leaves the others out", () => {
    const kept = selectors(stylesheetFor(html));
    expect(kept).toEqual([
      "*,:before",
      "html.dark",
      ".px-4",
      ".w-1\\/2",
      ".\\[\\&\\>svg\\]\\:size-4>svg",
      ".hover\\:underline:hover",
      ".dark\\:bg-black:where(.dark,.dark *)",
      ":where(.space-y-2>:not(:last-child))",
      ".group-open\\:rotate-180:is(:where(.group)[open] *)",
      ".only-without:not(.absent)",
      ".a,.b",
      ".md\\:flex",
    ]);
  });

  it("keeps fonts, keyframes, properties and layer order; drops emptied groups", () => {
    const out = stylesheetFor(html);
    expect(out).toContain("@font-face{font-family:X;src:url(x.woff2)}");
    expect(out).toContain("@keyframes spin{to{transform:rotate(360deg)}}");
    expect(out).toContain('@property --tw-shadow{syntax:"*";inherits:false}');
    expect(out).toContain("@layer theme,base;");
    expect(out).toContain("@media (width>=48rem){.md\\:flex{display:flex}}");
    expect(out).not.toContain("@supports");
    expect(() => postcss.parse(out)).not.toThrow();
  });

  it("needs a class only where the selector cannot match without it", () => {
    // Under :not() or in one of several alternatives, a missing class does not drop the rule;
    // a rule whose classes are all missing is dropped.
    const kept = selectors(stylesheetFor('<p class="a"></p>'));
    expect(kept).toContain(".a,.b");
    expect(kept).not.toContain(".only-without:not(.absent)");
    expect(kept).not.toContain(".group-open\\:rotate-180:is(:where(.group)[open] *)");
  });

  it("keeps the rules of the classes the page's scripts set (dark, js)", () => {
    expect(selectors(stylesheetFor("<p></p>"))).toContain("html.dark");
    const siteScript = readFileSync("app/components/layout/site-script.ts", "utf8");
    const set = [themeScript, siteScript].flatMap((script) =>
      [...script.matchAll(/classList\.(?:add|toggle|replace)\("([^"]+)"/g)].map((m) => m[1]),
    );
    expect(new Set(set)).toEqual(new Set(SCRIPT_CLASSES));
  });

  it("reads class attributes as React writes them", () => {
    expect([
      ...classesIn('<a class="x  y"></a><b class="[&amp;_p]:m-0 &quot;q&quot;"></b>'),
    ]).toEqual(["x", "y", "[&_p]:m-0", '"q"']);
  });
});

describe("a content page's stylesheet file", () => {
  const fileOf = (href: string) => href.slice(PAGE_STYLESHEET_PATH.length);

  it("is named by its content: the same text, the same address; another text, another", () => {
    const files = createPageStylesheetFiles(10);
    const first = files.keep(".a{color:red}");
    expect(first).toMatch(/^\/styles\/[A-Za-z0-9_-]{22}\.css$/);
    expect(first).toMatch(PAGE_STYLESHEET_ADDRESS);
    expect("/styles/x.css").not.toMatch(PAGE_STYLESHEET_ADDRESS);
    expect(files.keep(".a{color:red}")).toBe(first);
    expect(files.keep(".b{color:red}")).not.toBe(first);
    expect(files.find(fileOf(first))).toBe(".a{color:red}");
  });

  it("keeps a bounded number, forgetting the one used longest ago", () => {
    const files = createPageStylesheetFiles(2);
    const a = files.keep(".a{}");
    const b = files.keep(".b{}");
    expect(files.find(fileOf(a))).toBe(".a{}"); // a is now the most recently used
    const c = files.keep(".c{}");
    expect(files.find(fileOf(b))).toBeUndefined();
    expect(files.find(fileOf(a))).toBe(".a{}");
    expect(files.find(fileOf(c))).toBe(".c{}");
  });

  it("finds nothing for a name it never gave or one that is not a name", () => {
    const files = createPageStylesheetFiles(2);
    files.keep(".a{}");
    for (const file of ["AAAAAAAAAAAAAAAAAAAAAA.css", "x.css", "../app.css", "", "constructor"])
      expect(files.find(file), file).toBeUndefined();
  });
});
