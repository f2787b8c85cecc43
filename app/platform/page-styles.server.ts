// A content page's own stylesheet (decision 0022). A page that loads no framework script can
// never render markup it was not sent with, so it needs only the rules that can match its own
// HTML: a rule whose selector names a class the page does not have is left out (on the home
// page, about half the site stylesheet). Classes that the page's inline scripts set at run time
// (`dark`, `js`) always count as present. The page links it as a file named by its content.
import { createHash } from "node:crypto";
import postcss, { type AtRule, type ChildNode, type Container } from "postcss";
import selectorParser from "postcss-selector-parser";
import { PAGE_STYLESHEET_NAME, PAGE_STYLESHEET_PATH } from "./page-stylesheet-address.ts";

/** What the stylesheet is made of, read once: kept text, rules with their classes, groups. */
type Part =
  | { kind: "text"; text: string }
  | { kind: "rule"; text: string; needs: string[][] }
  | { kind: "group"; open: string; parts: Part[] };

/** At-rules whose blocks hold style rules that may be left out one by one. */
const GROUPS = new Set(["media", "supports", "layer", "container", "scope", "starting-style"]);

/** Functional pseudo-classes whose single argument must match for the selector to match. */
const MUST_MATCH = new Set([":is", ":where", ":has", ":matches"]);

/**
 * The classes an element must have somewhere in the page for `selector` to match: those of its
 * compounds, and of a single-argument :is()/:where()/:has(). A class under :not(), or in one of
 * several alternatives, is not needed (the rule may match without it).
 */
function neededClasses(selector: selectorParser.Selector): string[] {
  const needed: string[] = [];
  selector.walkClasses((node) => {
    for (let parent = node.parent; parent && parent !== selector; parent = parent.parent) {
      if (parent.type !== "pseudo") continue;
      if (!MUST_MATCH.has(parent.value.toLowerCase()) || parent.nodes.length !== 1) return;
    }
    needed.push(node.value);
  });
  return needed;
}

function alternativesOf(selector: string): string[][] {
  const alternatives: string[][] = [];
  selectorParser((root) => {
    for (const one of root.nodes) alternatives.push(neededClasses(one));
  }).processSync(selector);
  return alternatives;
}

function partsOf(container: Container<ChildNode>): Part[] {
  const parts: Part[] = [];
  for (const node of container.nodes ?? []) {
    if (node.type === "comment") continue;
    if (node.type === "rule") {
      parts.push({ kind: "rule", text: node.toString(), needs: alternativesOf(node.selector) });
    } else if (node.type === "atrule" && node.nodes && GROUPS.has(node.name.toLowerCase())) {
      parts.push({ kind: "group", open: openingOf(node), parts: partsOf(node) });
    } else {
      // @font-face, @keyframes, @property, @layer statements: always kept (a statement's
      // semicolon belongs to its parent in PostCSS).
      const statement = node.type === "atrule" && !node.nodes;
      parts.push({ kind: "text", text: statement ? `${node.toString()};` : node.toString() });
    }
  }
  return parts;
}

function openingOf(rule: AtRule): string {
  const params = rule.params ? `${rule.raws.afterName ?? " "}${rule.params}` : "";
  return `@${rule.name}${params}${rule.raws.between ?? ""}{`;
}

function emit(parts: Part[], has: (name: string) => boolean): string {
  let out = "";
  for (const part of parts) {
    if (part.kind === "text") out += part.text;
    else if (part.kind === "rule") {
      if (part.needs.some((classes) => classes.every(has))) out += part.text;
    } else {
      const inner = emit(part.parts, has);
      if (inner) out += `${part.open}${inner}}`;
    }
  }
  return out;
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
};

/** Every class named in a class attribute of `html` (as React writes them). */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = (match[1] as string).replace(
      /&(?:amp|lt|gt|quot|#x27|#39);/g,
      (e) => ENTITIES[e] as string,
    );
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/**
 * Reads `css` once and returns a function that gives, for a page's HTML, the stylesheet with
 * only the rules that can match it. `scriptClasses` are classes the page's scripts may add.
 */
export function pageStylesheet(css: string, scriptClasses: readonly string[]) {
  const parts = partsOf(postcss.parse(css));
  return (html: string) => {
    const classes = classesIn(html);
    for (const name of scriptClasses) classes.add(name);
    return emit(parts, (name) => classes.has(name));
  };
}

/**
 * The stylesheets this process has given pages, by name, the most recently used last. Bounded:
 * a name it no longer knows (forgotten, another process, a restart) is answered with the whole
 * site stylesheet, which styles every page the same.
 */
export function createPageStylesheetFiles(kept: number) {
  const files = new Map<string, string>();
  const touch = (name: string, css: string) => {
    files.delete(name);
    files.set(name, css);
    for (const oldest of files.keys()) {
      if (files.size <= kept) break;
      files.delete(oldest);
    }
  };
  return {
    /** Keeps `css` and gives its address; the same text always has the same address. */
    keep(css: string): string {
      const name = createHash("sha256").update(css).digest("base64url").slice(0, 22);
      touch(name, css);
      return `${PAGE_STYLESHEET_PATH}${name}.css`;
    },
    /** The stylesheet of that file name (`<name>.css`), if this process still keeps it. */
    find(file: string): string | undefined {
      const name = PAGE_STYLESHEET_NAME.exec(file)?.[1];
      const css = name === undefined ? undefined : files.get(name);
      if (name !== undefined && css !== undefined) touch(name, css);
      return css;
    },
  };
}

/** This process's content-page stylesheets: a few dozen kinds of page, each some 40 kB. */
export const pageStylesheetFiles = createPageStylesheetFiles(256);
