// The W3C Nu HTML Checker (the npm package vnu-jar, run with Java 11+) over a folder of saved
// pages, in one JVM. Its messages come back as the page they belong to, the line and column, and
// the text, so a failing check says where to look. CSS is not checked: the checker's CSS parser
// lags behind what browsers accept (and what Tailwind writes), so its CSS grammar messages are
// left out, and the stylesheet every page carries inline (75 KB) is emptied before the check, which
// makes the check four times faster and changes nothing else in the markup. One message about
// markup is left out too, for the same reason: the checker (26.9) allows `blocking` only on a
// stylesheet link, while the HTML standard also gives it to `<link rel="expect">` (Chrome 124,
// Safari 18.2), which content pages use to hold their first paint (decision 0022).
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, join } from "node:path";

/** The Java the check runs on: JAVA (a path), else `java` on PATH. `npm test` sets JAVA. */
export const javaCommand = process.env.JAVA || "java";

/** How to get the Java the check needs (`npm test` installs it when it can). */
export const JAVA_HELP =
  "install Debian's default-jre-headless (apt-get install -y default-jre-headless) " +
  "or set JAVA to a java executable (Java 11 or newer).";

/** The major version of `java`, or undefined when there is none that runs. */
export function javaVersion(command = javaCommand): number | undefined {
  const result = spawnSync(command, ["-version"], { encoding: "utf8" });
  if (result.status !== 0) return undefined;
  // `openjdk version "17.0.15"`, `java version "1.8.0_392"`
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return undefined;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

// The package exports the jar's path (as a String object).
const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));

export interface SavedPage {
  /** What the page is: its address and state, e.g. "/admin/users?user=new". */
  page: string;
  /** Which copy: "as sent" (the server's HTML), "light" or "dark" (the DOM after hydration). */
  copy: string;
  file: string;
}

export interface NuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  /** Where in `extract` the markup the message is about starts, and its length. */
  hiliteStart?: number;
  hiliteLength?: number;
}

export interface PageError {
  page: string;
  copy: string;
  file: string;
  line?: number;
  column?: number;
  message: string;
  extract?: string;
}

/** Saves pages' HTML into one folder and checks them all at once. */
export class PageFolder {
  readonly pages: SavedPage[] = [];
  readonly folder: string;

  constructor(folder: string) {
    this.folder = folder;
    mkdirSync(folder, { recursive: true });
  }

  save(page: string, copy: string, html: string) {
    const name = `${String(this.pages.length + 1).padStart(3, "0")}-${slug(page)}-${slug(copy)}.html`;
    const file = join(this.folder, name);
    writeFileSync(file, html.replace(/(<style\b[^>]*>)[\s\S]*?(<\/style>)/gi, "$1$2"));
    this.pages.push({ page, copy, file });
  }

  /** Runs the checker once over every saved page; the errors, CSS grammar aside. */
  async check(): Promise<PageError[]> {
    const messages = await runNuChecker(this.pages.map((p) => p.file));
    const byName = new Map(this.pages.map((p) => [basename(p.file), p]));
    return messages
      .filter((m) => m.type === "error" || m.type === "non-document-error")
      .filter((m) => !m.message.startsWith("CSS:"))
      .filter((m) => !isExpectLinkBlocking(m))
      .map((m) => {
        const saved = byName.get(basename(decodeURIComponent(m.url ?? "")));
        return {
          page: saved?.page ?? m.url ?? "(unknown page)",
          copy: saved?.copy ?? "",
          file: saved?.file ?? m.url ?? "",
          line: m.lastLine,
          column: m.firstColumn ?? m.lastColumn,
          message: m.message,
          extract: m.extract,
        };
      });
  }
}

const BLOCKING_ONLY_ON_STYLESHEETS =
  "A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.";

/** The checker's objection to `blocking` on `<link rel="expect">`, which the standard allows. */
function isExpectLinkBlocking(m: NuMessage): boolean {
  const start = m.hiliteStart ?? 0;
  const element = m.extract?.slice(start, start + (m.hiliteLength ?? 0)) ?? "";
  return m.message === BLOCKING_ONLY_ON_STYLESHEETS && /^<link rel="expect" [^>]*>$/.test(element);
}

/** One line per error (page, copy, line, column, message), the markup around it, the file. */
export function formatErrors(errors: PageError[]): string {
  return errors
    .map((e) => {
      const where = e.line === undefined ? "" : ` line ${e.line}, column ${e.column ?? "?"}`;
      const extract = e.extract ? `\n    ${e.extract.replace(/\s+/g, " ").trim()}` : "";
      return `${e.page} [${e.copy}]${where}: ${e.message}${extract}\n    file: ${e.file}`;
    })
    .join("\n");
}

async function runNuChecker(files: string[]): Promise<NuMessage[]> {
  if (files.length === 0) return [];
  const version = javaVersion();
  if (version === undefined || version < 11) {
    const found = version === undefined ? "not found" : `Java ${version}`;
    throw new Error(
      `The HTML check needs Java 11 or newer (${javaCommand}: ${found}): ${JAVA_HELP}`,
    );
  }
  const args = ["-jar", vnuJar, "--format", "json", "--stdout", "--errors-only", ...files];
  const child = spawn(javaCommand, args, { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  try {
    return (JSON.parse(stdout) as { messages: NuMessage[] }).messages;
  } catch {
    throw new Error(`The Nu HTML Checker failed (exit ${code}):\n${stderr}${stdout}`);
  }
}

function slug(text: string) {
  return (
    text
      .replace(/[^a-zA-Z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 80) || "home"
  );
}
