// The one form path's pieces: zod is set up once, here, before any schema is built (its JIT would
// trip the CSP in the browser), and the first message of each field is what a form shows.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { firstErrors } from "./validation.ts";

/** The client-safe modules of the domain and the components that build zod schemas. */
function schemaModules(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.(test|server)\.tsx?$/.test(entry.name)) {
        if (/from "zod(\/mini)?"/.test(readFileSync(path, "utf8"))) found.push(path);
      }
    }
  };
  walk("app/domain");
  walk("app/components");
  return found;
}

describe("form validation", () => {
  it("never lets zod generate code, and every schema module sets it up through this module", () => {
    expect(z.config().jitless).toBe(true);
    const modules = schemaModules();
    expect(modules.length).toBeGreaterThan(10);
    const without = modules.filter(
      (path) => !readFileSync(path, "utf8").includes('"#app/platform/validation.ts"'),
    );
    expect(without).toEqual([]);
    const configured = modules.filter((path) => readFileSync(path, "utf8").includes("z.config("));
    expect(configured).toEqual([]);
  });

  it("keeps the first message of each field, the whole input's under form", () => {
    const schema = z.object({ name: z.string().check(z.minLength(2, { error: "Too short." })) });
    const parsed = schema.safeParse({ name: "" });
    expect(parsed.success).toBe(false);
    expect(firstErrors(parsed.error?.issues ?? [])).toEqual({ name: "Too short." });
    expect(firstErrors([{ path: [], message: "Send an object." }])).toEqual({
      form: "Send an object.",
    });
  });
});
