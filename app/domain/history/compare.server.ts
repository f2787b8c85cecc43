// Two versions of an item, field by field (issue 33 item 5): each changed field with its words
// marked added or removed (the `diff` library), on the server; unchanged fields are left out.
import { diffWords } from "diff";
import type { FieldChange } from "./history.ts";
import type { VersionData } from "./versions.server.ts";

/** Nested data as "field" / "field.sub" / "list.2.title" paths with text values. */
function flatten(value: unknown, path: string, into: Map<string, string>) {
  if (Array.isArray(value) && value.every((v) => typeof v !== "object" || v === null)) {
    // A list of words or lines (topics, technologies) compares as lines.
    into.set(path, value.map((v) => String(v ?? "")).join("\n"));
  } else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      flatten(inner, path ? `${path}.${key}` : key, into);
    }
  } else {
    into.set(path, value === null || value === undefined ? "" : String(value));
  }
}

/** "careerOutlook.salaries.0.role" as "Career outlook › salaries › 1 › role". */
export function fieldLabel(path: string): string {
  return path
    .split(".")
    .map((part, i) => {
      if (/^\d+$/.test(part)) return String(Number(part) + 1);
      const words = part
        .replace(/_/g, " ")
        .replace(/([a-z])([A-Z])/g, "$1 $2")
        .toLowerCase();
      return i === 0 ? words.charAt(0).toUpperCase() + words.slice(1) : words;
    })
    .join(" › ");
}

/** What changed from `older` to `newer`, in the order the fields first appear. */
export function compareData(older: VersionData, newer: VersionData): FieldChange[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  flatten(older, "", a);
  flatten(newer, "", b);
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  return fields.flatMap((field) => {
    const before = a.get(field) ?? "";
    const after = b.get(field) ?? "";
    if (before === after) return [];
    const parts = diffWords(before, after).map((part) => ({
      value: part.value,
      ...(part.added ? { added: true } : {}),
      ...(part.removed ? { removed: true } : {}),
    }));
    return [{ field: fieldLabel(field), parts }];
  });
}
