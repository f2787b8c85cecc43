// The Audit Log's entries in words, for its screen and its API: the audit area's entries with
// the names behind their references ("user:3" -> "Sam Rep", "lead:5" -> "Jane Doe"), read in one
// query per kind of record, and one line each (audit-summary.ts) in the company's time zone.
// Composed here, above the areas, because the words come from many of them (training's
// statuses, settings' zone and labels, the records of leads, courses, projects and mail).
// A record deleted since keeps the name its entry stored (audit-summary.ts falls back to it).
import { eq, inArray } from "drizzle-orm";
import { type AuditFilter, type AuditRecord, readAudit } from "#app/domain/audit/audit.server.ts";
import { namedPeople } from "#app/domain/audit/people.server.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import {
  courses,
  heroSlides,
  leads,
  mailMessages,
  portfolioProjects,
  registrations,
  users,
} from "#app/platform/db/schema.ts";
import { auditSummary } from "./audit-summary.ts";

/** An audit entry as the Audit Log shows it. */
export interface AuditLogEntry extends AuditRecord {
  /** The entry in one line, with names (audit-summary.ts). */
  summary: string;
}

/** The newest entries first, `limit` of them from `filter.offset`, each with its line. */
export async function listAudit(
  db: Db,
  limit = 200,
  filter: AuditFilter = {},
): Promise<AuditLogEntry[]> {
  const entries = await readAudit(db, limit, filter);
  const [names, timeZone] = await Promise.all([auditNames(db, entries), getTimeZone(db)]);
  return entries.map((e) => ({ ...e, summary: auditSummary({ ...e, names, timeZone }) }));
}

interface Referring {
  actorId: number | null;
  target: string;
  details: Record<string, unknown>;
}

const idOf = (v: unknown) => {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The ids of each kind of record the entries point at. */
function referencesOf(entries: Referring[]) {
  const ids = new Map<string, Set<number>>();
  const add = (kind: string, raw: unknown) => {
    const id = idOf(raw);
    if (id === null) return;
    if (!ids.has(kind)) ids.set(kind, new Set());
    ids.get(kind)?.add(id);
  };
  for (const e of entries) {
    add("user", e.actorId);
    const [kind = "", id, more] = e.target.split(":");
    if (kind === "sales_target" && id === "user") add("user", more);
    else add(kind, id);
    // A lead's owner before and after (or kept).
    if (kind === "lead") {
      add("user", e.details.from);
      add("user", e.details.to);
      add("user", e.details.owner);
    }
  }
  return (kind: string) => [...(ids.get(kind) ?? [])];
}

/** "kind:id" -> name, for every record of `entries` that still exists. */
async function auditNames(db: Db, entries: Referring[]): Promise<Record<string, string>> {
  const ids = referencesOf(entries);
  const names: Record<string, string> = {};
  const put = (kind: string, rows: { id: number; name: string }[]) => {
    for (const r of rows) if (r.name) names[`${kind}:${r.id}`] = r.name;
  };
  const lookups: Promise<void>[] = [];
  const some = (kind: string) => ids(kind).length > 0;
  if (some("user")) {
    lookups.push(namedPeople(db, inArray(users.id, ids("user"))).then((rows) => put("user", rows)));
  }
  if (some("lead")) {
    lookups.push(
      db
        .select({ id: leads.id, name: leads.name })
        .from(leads)
        .where(inArray(leads.id, ids("lead")))
        .then((rows) => put("lead", rows)),
    );
  }
  if (some("registration")) {
    lookups.push(
      db
        .select({
          id: registrations.id,
          student: leads.name,
          course: registrations.certificationInterest,
        })
        .from(registrations)
        .innerJoin(leads, eq(leads.id, registrations.leadId))
        .where(inArray(registrations.id, ids("registration")))
        .then((rows) =>
          put(
            "registration",
            rows.map((r) => ({ id: r.id, name: `${r.student}, ${r.course}` })),
          ),
        ),
    );
  }
  const titled = [
    ["course", courses],
    ["project", portfolioProjects],
    ["hero_slide", heroSlides],
  ] as const;
  for (const [kind, table] of titled) {
    if (!some(kind)) continue;
    lookups.push(
      db
        .select({ id: table.id, name: table.title })
        .from(table)
        .where(inArray(table.id, ids(kind)))
        .then((rows) => put(kind, rows)),
    );
  }
  if (some("mail")) {
    lookups.push(
      db
        .select({ id: mailMessages.id, subject: mailMessages.subject, to: mailMessages.toAddress })
        .from(mailMessages)
        .where(inArray(mailMessages.id, ids("mail")))
        .then((rows) =>
          put(
            "mail",
            rows.map((m) => ({ id: m.id, name: `"${m.subject}" to ${m.to}` })),
          ),
        ),
    );
  }
  await Promise.all(lookups);
  return names;
}
