// The URL paths of app/routes.ts, for tests that walk every route.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";

export interface RoutePath {
  /** The path with each parameter replaced by `value` ("/admin/courses/1"). */
  path: string;
  /** The path as declared ("/admin/courses/:id"). */
  pattern: string;
  id: string;
}

function walk(entries: RouteConfigEntry[], fill: Fill, prefix = ""): RoutePath[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${prefix}/${entry.path}` : prefix;
    const id = entry.id ?? entry.file.replace(/\.[tj]sx?$/, "");
    const own = entry.path || entry.index ? [{ path: fill(pattern || "/"), pattern, id }] : [];
    return [...own, ...walk(entry.children ?? [], fill, pattern)];
  });
}

type Fill = (pattern: string) => string;

/** Parameters get `value` (optional ones are left out), a splat `splat`. */
const filler =
  (value: string, splat: string): Fill =>
  (pattern) =>
    pattern
      .replace(/\/:[^/]+\?/g, "")
      .replace(/:[^/]+/g, value)
      .replace(/\*$/, splat);

/** Every route of the app, its parameters filled with `value` and a splat with `splat`. */
export const routePaths = (value = "1", splat = "x/y"): RoutePath[] =>
  walk(routes, filler(value, splat));
