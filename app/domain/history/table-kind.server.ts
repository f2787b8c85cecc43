// A content kind whose items are the rows of one table (a serial `id`, an `updatedAt`): reading
// a row as a version, listing the items, writing a version back and taking one off the site
// differ between such kinds only in the table and the fields, so they are written once here.
// What differs in rule (the check, a database rule such as a unique key) the kind passes in.
import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbTransaction } from "#app/platform/db/client.server.ts";
import { success } from "#app/platform/result.ts";
import {
  type ContentKind,
  pick,
  type Refusal,
  refuse,
  type VersionData,
} from "./versions.server.ts";

type RowTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

export interface TableKindSpec {
  type: ContentKind["type"];
  /** The fields a version holds (an item's place in a list is ordering, not content). */
  fields: readonly string[];
  check: ContentKind["check"];
  /** A database rule the write must keep, checked before it (e.g. a unique key): its refusal. */
  conflict?(tx: DbTransaction, id: string, value: VersionData): Promise<Refusal | null>;
  /** The refusal's text when the row is gone. */
  notFound: string;
  editPath: ContentKind["editPath"];
  previewPath: ContentKind["previewPath"];
  /** The boolean column that takes an item off the site without deleting it, if the kind has one. */
  activeField?: string;
}

export function tableKind(table: RowTable, spec: TableKindSpec): ContentKind {
  const { activeField } = spec;
  // The column set as the table's own type: drizzle's generic `set` cannot see a RowTable's columns.
  const write = (tx: DbTransaction, id: string, values: VersionData) =>
    tx
      .update(table)
      .set({ ...values, updatedAt: new Date() } as never)
      .where(eq(table.id, Number(id)))
      .returning({ id: table.id });
  return {
    type: spec.type,
    schemaVersion: 1,
    ids: async (tx) => (await tx.select({ id: table.id }).from(table)).map((r) => String(r.id)),
    async read(tx, id) {
      const [row] = await tx
        .select()
        .from(table as PgTable)
        .where(eq(table.id, Number(id)));
      return row ? pick(row as VersionData, spec.fields) : null;
    },
    check: spec.check,
    async apply(tx, id, value) {
      const conflict = await spec.conflict?.(tx, id, value);
      if (conflict) return conflict;
      const updated = await write(tx, id, value);
      return updated.length ? success() : refuse("not-found", spec.notFound);
    },
    title: (data) => String(data.title ?? ""),
    editPath: spec.editPath,
    previewPath: spec.previewPath,
    ...(activeField && {
      async unpublish(tx: DbTransaction, id: string) {
        return (await write(tx, id, { [activeField]: false })).length > 0;
      },
    }),
  };
}
