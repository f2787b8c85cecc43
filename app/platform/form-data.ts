// Nested form fields ("services.0.title") to plain objects and back, the list edits (add,
// remove, move) that staff forms make without JavaScript, and the words of a refused form. No
// zod: the browser uses it (the components reach the words through app/domain/leads/leads.ts).

/** A refused form's summary when its messages are said beside their fields. */
export const CORRECT_FIELDS = "Please correct the highlighted fields.";

type Tree = Record<string, unknown>;

const isIndex = (key: string) => /^\d+$/.test(key);

/** The most items a posted list may have (a larger index is no field of ours). */
const MAX_INDEX = 999;

/**
 * A name part that could reach an object's prototype, or a list index no form of ours posts:
 * such a field is left out (`__proto__.x` must never change Object.prototype).
 */
const refusedPart = (part: string) =>
  part === "__proto__" ||
  part === "constructor" ||
  part === "prototype" ||
  (isIndex(part) && Number(part) > MAX_INDEX);

/**
 * `a.0.b=x` becomes `{ a: [{ b: "x" }] }`. Files, the names in `skip` and names with a refused
 * part are left out.
 */
export function formToObject(form: FormData, skip: readonly string[] = []): Tree {
  const root: Tree = Object.create(null);
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string" || skip.includes(name)) continue;
    const parts = name.split(".");
    if (parts.some(refusedPart)) continue;
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      if (last) {
        node[part] = value;
        return;
      }
      const next = parts[i + 1] as string;
      if (typeof node[part] !== "object" || node[part] === null) {
        node[part] = isIndex(next) ? [] : Object.create(null);
      }
      node = node[part] as Record<string, unknown>;
    });
  }
  return compact(root) as Tree;
}

/**
 * Every posted name with all the values it was sent, in order (a file counts as ""): what a
 * schema reads from a form with repeated fields (rows of inputs of the same name).
 */
export function formLists(form: FormData): Record<string, string[]> {
  const lists: Record<string, string[]> = Object.create(null);
  for (const name of new Set(form.keys())) {
    lists[name] = form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
  }
  return lists;
}

/** Sparse arrays (an item removed by script) become dense. */
function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
  }
  return value;
}

export type ListIntent =
  | { kind: "add"; list: string }
  | { kind: "remove" | "up" | "down"; list: string; index: number };

/** "add:services", "remove:services:2", "up:projects:1", "down:projects:0"; else null. */
export function parseListIntent(intent: unknown): ListIntent | null {
  if (typeof intent !== "string") return null;
  const [kind, list, index] = intent.split(":");
  if (!list || !/^[a-z_]+$/i.test(list)) return null;
  if (kind === "add" && index === undefined) return { kind, list };
  if ((kind === "remove" || kind === "up" || kind === "down") && index && isIndex(index)) {
    return { kind, list, index: Number(index) };
  }
  return null;
}

/** A copy of `items` with the edit applied; `blank` is what "add" appends. */
export function applyListIntent<T>(items: readonly T[], intent: ListIntent, blank: T): T[] {
  const next = [...items];
  if (intent.kind === "add") return [...next, blank];
  const i = intent.index;
  if (i < 0 || i >= next.length) return next;
  if (intent.kind === "remove") next.splice(i, 1);
  const j = intent.kind === "up" ? i - 1 : intent.kind === "down" ? i + 1 : -1;
  if (j >= 0 && j < next.length) [next[i], next[j]] = [next[j] as T, next[i] as T];
  return next;
}

/**
 * `values` with the edit a list button posted (`intent`) applied to its list, or null when
 * `intent` is no edit of one of the lists `blanks` names; `blanks` gives what "add" appends to
 * each (null: nothing to add, the values stay as they are).
 */
export function editList(
  values: Tree,
  intent: unknown,
  blanks: Record<string, Tree | null | undefined>,
): Tree | null {
  const edit = parseListIntent(intent);
  if (!edit || !Object.hasOwn(blanks, edit.list)) return null;
  const items = values[edit.list];
  const blank = blanks[edit.list];
  if (edit.kind === "add" && !blank) return values;
  return {
    ...values,
    [edit.list]: applyListIntent(Array.isArray(items) ? items : [], edit, blank),
  };
}
