// The layer rules of app/ (docs/decisions/0012-layers-and-building-blocks.md), checked on the
// source text: which folder may import which. Used by tests/unit/layers.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

export interface ImportRef {
  /** The importing file, relative to the project (app/...). */
  from: string;
  /** The imported file, relative to the project, when it is one of ours. */
  to: string;
  /** `import type` / `export type`, or every named import marked `type`: erased at build. */
  typeOnly: boolean;
  /** `import("...")`: loaded when needed. */
  dynamic: boolean;
  line: number;
}

const STATIC =
  /^[ \t]*(import|export)\s+(type\s+)?((?:[\w*${},\s]|\bas\b)*?)\s*from\s*["']([^"']+)["']|^[ \t]*import\s+["']([^"']+)["']/gm;
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Every import of one file that names a file of ours (`#app/...` or a relative path). */
export function importsOf(file: string, source: string): ImportRef[] {
  const refs: ImportRef[] = [];
  const lineOf = (index: number) => source.slice(0, index).split("\n").length;
  const resolve = (spec: string): string | null => {
    if (spec.startsWith("#app/")) return normalize(`app/${spec.slice(5)}`);
    if (spec.startsWith("#tests/")) return normalize(`tests/${spec.slice(7)}`);
    if (spec.startsWith(".")) return normalize(join(dirname(file), spec));
    return null;
  };
  for (const m of source.matchAll(STATIC)) {
    const spec = m[4] ?? m[5];
    const to = spec ? resolve(spec) : null;
    if (!to) continue;
    const names = m[3] ?? "";
    const allNamedTypes =
      /^\{[^}]*\}$/.test(names.trim()) &&
      names
        .replace(/[{}]/g, "")
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean)
        .every((n) => n.startsWith("type "));
    refs.push({
      from: file,
      to,
      typeOnly: Boolean(m[2]) || (names.trim() !== "" && allNamedTypes),
      dynamic: false,
      line: lineOf(m.index ?? 0),
    });
  }
  for (const m of source.matchAll(DYNAMIC)) {
    const to = resolve(m[1] as string);
    if (to) refs.push({ from: file, to, typeOnly: false, dynamic: true, line: lineOf(m.index) });
  }
  return refs;
}

type Layer = "platform" | "domain" | "web" | "components" | "routes" | "app" | "other";

export function layerOf(path: string): Layer {
  const [top, second] = path.split("/");
  if (top !== "app") return "other";
  if (
    second === "platform" ||
    second === "domain" ||
    second === "web" ||
    second === "components" ||
    second === "routes"
  ) {
    return second;
  }
  return "app";
}

/**
 * The domain's areas, lowest first (decision 0012): an area imports only areas before it, so
 * that none of them runs in a circle. What two areas make together (a customer's detail with
 * their registrations and consultations) is composed above them, in the web layer or a route.
 */
export const AREA_ORDER = [
  "audit",
  "history",
  "settings",
  "media",
  "mail",
  "billing",
  "auth",
  "users",
  "leads",
  "training",
  "consultations",
  "portfolio",
  "content",
  "sales",
  "maintenance",
] as const;

/** The area of a domain file (`app/domain/<area>/...`), or null for any other file. */
export function areaOf(path: string): string | null {
  const [top, layer, area] = path.split("/");
  return top === "app" && layer === "domain" && area && !area.includes(".") ? area : null;
}

const isServerModule = (path: string) => /\.server\.tsx?$/.test(path);

/** Why this import breaks a layer rule, or null when it is allowed. */
export function ruleBroken(ref: ImportRef): string | null {
  const from = layerOf(ref.from);
  const to = layerOf(ref.to);
  if (from === "other") return null;
  if (from === "platform" && to !== "platform" && to !== "other") {
    return `infrastructure (app/platform) imports the ${to} layer`;
  }
  if (from === "domain" && (to === "components" || to === "routes")) {
    return `business logic (app/domain) imports the ${to} layer`;
  }
  if (from === "domain" && to === "web") {
    return "business logic (app/domain) imports the web layer (HTTP stays at the edge)";
  }
  if (from === "web" && (to === "routes" || (to === "components" && !ref.typeOnly))) {
    return `the web layer imports the ${to} layer`;
  }
  if (from === "components" && to === "routes") {
    return "a component imports a route module";
  }
  if (
    from === "components" &&
    !ref.typeOnly &&
    (to === "platform" || to === "web" || isServerModule(ref.to))
  ) {
    return `a component imports server code (${ref.to}) other than with \`import type\``;
  }
  if (to === "app" && from !== "app" && from !== "routes") {
    // app/*.ts (the seed plan, entry points) sits above the layers.
    return `the ${from} layer imports ${ref.to}, which sits above the layers`;
  }
  return areaRuleBroken(ref);
}

/** An import from one area of the domain to another at its level or above it (types count). */
function areaRuleBroken(ref: ImportRef): string | null {
  const from = areaOf(ref.from);
  const to = areaOf(ref.to);
  if (!from || !to || from === to) return null;
  const rank = (area: string) => AREA_ORDER.indexOf(area as (typeof AREA_ORDER)[number]);
  if (rank(from) < 0) return `the area "${from}" is not in the area order`;
  if (rank(to) < 0) return `the area "${to}" is not in the area order`;
  return rank(to) > rank(from) ? `the area "${from}" imports "${to}", which is above it` : null;
}

/** HTTP the domain must not see: the request, the answer, their parts and the router. */
const HTTP_NAMES = /\b(Request|Response|Headers|FormData)\b/;
const ROUTER_IMPORT = /from\s+["']react-router["']/;
/**
 * An HTTP status as a field (`status: 404`, `status?: 400 | 409`, `status: number`): a domain
 * refusal says its reason (`Failure` in app/platform/result.ts), the edge picks the status. A
 * record's `status: "booked"` is no HTTP.
 */
const HTTP_STATUS = /\bstatus\??:\s*(?:[45]\d\d|number)\b/;

/** Only what a source's code says, as its lines: comments left out, every text (string or template) as "". */
export function codeOf(source: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, "");
  let code = "";
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    const pair = source.slice(i, i + 2);
    if (pair === "//") {
      const end = source.indexOf("\n", i);
      i = end < 0 ? source.length : end;
    } else if (pair === "/*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end < 0 ? source.length : end + 2;
      code += blank(source.slice(i, stop));
      i = stop;
    } else if (c === '"' || c === "'" || c === "`") {
      // A quote or backtick closes on its line (a template may span lines); one that does not
      // (a quote inside a regular expression) is no text.
      let j = i + 1;
      while (j < source.length && source[j] !== c && (c === "`" || source[j] !== "\n")) {
        j += source[j] === "\\" ? 2 : 1;
      }
      if (source[j] === c) {
        code += `""${blank(source.slice(i, j + 1))}`;
        i = j + 1;
      } else {
        code += c;
        i++;
      }
    } else {
      code += c;
      i++;
    }
  }
  return code;
}

/** Why a domain file's text deals in HTTP (decision 0012), or null. */
export function httpInDomain(file: string, source: string): string | null {
  if (layerOf(file) !== "domain") return null;
  const code = codeOf(source);
  if (ROUTER_IMPORT.test(source)) return "imports react-router";
  const name = HTTP_NAMES.exec(code)?.[1];
  if (name) return `deals in ${name}`;
  return HTTP_STATUS.test(code) ? "names an HTTP status (a refusal says its reason)" : null;
}

/**
 * Why a domain file writes a success by hand (`{ ok: true, ... }`), or null: the domain's one
 * success shape is `success(value)` (app/platform/result.ts). Tests may spell out what they expect.
 */
export function handMadeSuccess(file: string, source: string): string | null {
  if (layerOf(file) !== "domain" || /\.test\.tsx?$/.test(file)) return null;
  return /\bok:\s*true\b/.test(codeOf(source))
    ? "writes `ok: true` by hand (a success is success(value))"
    : null;
}

/** Import circles among the files given (type-only imports are erased, so they do not count). */
export function findCycles(refs: ImportRef[]): string[][] {
  const edges = new Map<string, string[]>();
  for (const ref of refs) {
    if (ref.typeOnly) continue;
    const list = edges.get(ref.from) ?? [];
    list.push(ref.to);
    edges.set(ref.from, list);
  }
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      const seen = state.get(next);
      if (seen === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!seen) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

/** The source files under `dir` (relative to `root`), tests and generated types left out. */
export function sourceFiles(root: string, dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (path: string) => {
    for (const entry of readdirSync(join(root, path), { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "+types" && entry.name !== "node_modules") walk(child);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        files.set(relative(".", child), readFileSync(join(root, child), "utf8"));
      }
    }
  };
  walk(dir);
  return files;
}

/** Every broken rule and every import circle of a tree of sources (path to text). */
export function checkLayers(files: Map<string, string>): string[] {
  const refs = [...files].flatMap(([file, source]) => importsOf(file, source));
  const problems = refs.flatMap((ref) => {
    const why = ruleBroken(ref);
    return why ? [`${ref.from} imports ${ref.to}: ${why} (line ${ref.line})`] : [];
  });
  for (const [file, source] of files) {
    for (const why of [httpInDomain(file, source), handMadeSuccess(file, source)]) {
      if (why) problems.push(`${file}: ${why}`);
    }
  }
  for (const cycle of findCycles(refs)) problems.push(`import circle: ${cycle.join(" -> ")}`);
  return problems;
}
