// The customer records as staff list them (docs/decisions/0016-one-pipeline.md): every list and
// count scoped on the server to what the viewer may see (admins and managers every record, a
// sales rep their own). A record's detail is customer-detail.server.ts, the export
// customers-csv.server.ts, its files customer-files.server.ts; the changes are in
// customer-commands.server.ts.
import {
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { displayName } from "#app/domain/audit/actor-name.ts";
import { SALES_ROLES } from "#app/domain/auth/roles.ts";
import { CLOSED_PHASES } from "#app/domain/leads/records.schema.ts";
import { listEnabledStaff, type StaffMember } from "#app/domain/users/users-admin.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { leads, mailMessages, users } from "#app/platform/db/schema.ts";
import {
  isLeadStatus,
  LEAD_STATUSES,
  type LeadStatus,
  type MailSummary,
  OWNER_FILTERS,
  type OwnerFilter,
  PAGE_SIZE,
  sourceOf,
  summarizeMail,
} from "./customers.ts";
import { recordScope, type Viewer } from "./pipeline.server.ts";
import { referenceNumber } from "./reference.ts";

export interface CustomerFilter {
  /** One of the seven statuses; anything else lists every lead. */
  status?: string;
  /**
   * Matches name, e-mail, company or phone (case-insensitive, part of the text), or a reference
   * a visitor was given ("SIG-000049", "sig-49", "000049"): the record that submission made or
   * joined.
   */
  q?: string;
  /**
   * "none": the New leads queue (no owner, or a returning contact; not closed); "assigned":
   * records with an owner.
   */
  owner?: OwnerFilter;
  /** Deals still open before closed ones (the sales dashboard's table); else newest first. */
  openFirst?: boolean;
}

/** A slice of a list: `limit` rows after the first `offset`. */
export interface Slice {
  offset: number;
  limit: number;
}

export interface CustomerListItem {
  id: number;
  kind: string;
  form: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  status: string;
  phase: string;
  dealValueCents: number;
  assignedTo: number | null;
  assignedName: string;
  /** When the person wrote again while someone owned the record (New leads shows it), or null. */
  returnedAt: string | null;
  source: string;
  createdAt: string;
  mail: MailSummary;
}

export type SalesRep = Pick<StaffMember, "id" | "name" | "email">;

/** Everyone a lead can be assigned to: enabled sales reps and managers. */
export const listSalesReps = (db: Db | DbTransaction): Promise<SalesRep[]> =>
  listEnabledStaff(db, SALES_ROLES);

/** When something was made: the instant (pages show it in the company's time zone). */
export const created = (at: Date) => ({ createdAt: at.toISOString() });

/** The status filter as given, if it is one of the seven; otherwise "" (every status). */
export const cleanStatus = (value: unknown): LeadStatus | "" => (isLeadStatus(value) ? value : "");

/** The search text, trimmed and bounded. */
export const cleanQuery = (value: unknown): string =>
  typeof value === "string" ? value.trim().slice(0, 200) : "";

/** The owner filter as given, if it is one of the list's; otherwise "" (every record). */
export const cleanOwner = (value: unknown): OwnerFilter =>
  (OWNER_FILTERS as readonly unknown[]).includes(value) ? (value as OwnerFilter) : "";

/** A page number from the address (1 for anything that is not a positive whole number). */
export const cleanPage = (value: unknown): number => {
  const page = typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return Math.max(1, page);
};

/** The record submission `n` made (its id) or joined (a later inquiry's id). */
const submittedAs = (n: number) =>
  or(
    eq(leads.id, n),
    sql`${leads.id} in (select li.lead_id from lead_inquiries li where li.id = ${n})`,
  );

function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const reference = referenceNumber(q);
  return or(
    ilike(leads.name, pattern),
    ilike(leads.email, pattern),
    ilike(leads.company, pattern),
    ilike(leads.phone, pattern),
    reference === null ? undefined : submittedAs(reference),
  );
}

/**
 * The New leads queue: open records nobody owns, and returning contacts (an owned record the
 * person wrote to again through the website) until a manager assigns them or keeps them.
 */
export const inQueue = and(
  or(isNull(leads.assignedTo), isNotNull(leads.returnedAt)),
  notInArray(leads.phase, CLOSED_PHASES),
);

function ownerCondition(owner: OwnerFilter | undefined): SQL | undefined {
  if (owner === "none") return inQueue;
  if (owner === "assigned") return isNotNull(leads.assignedTo);
  return undefined;
}

/** What `viewer` may see of the records matching `filter` (the status left out when asked). */
export function whereOf(
  viewer: Viewer,
  filter: CustomerFilter,
  withStatus = true,
): SQL | undefined {
  const status = withStatus ? cleanStatus(filter.status) : "";
  return and(
    recordScope(viewer),
    status ? eq(leads.status, status) : undefined,
    searchCondition(cleanQuery(filter.q)),
    ownerCondition(filter.owner),
  );
}

export const listColumns = {
  id: leads.id,
  kind: leads.kind,
  form: leads.form,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  company: leads.company,
  status: leads.status,
  phase: leads.phase,
  dealValueCents: leads.dealValueCents,
  assignedTo: leads.assignedTo,
  returnedAt: leads.returnedAt,
  source: leads.source,
  createdAt: leads.createdAt,
  repEmail: users.email,
  repUsername: users.username,
  repFirst: users.firstName,
  repLast: users.lastName,
};

export type ListRow = Omit<
  CustomerListItem,
  "createdAt" | "mail" | "assignedName" | "returnedAt"
> & {
  createdAt: Date;
  returnedAt: Date | null;
  mail: string[];
  repEmail: string | null;
  repUsername: string | null;
  repFirst: string | null;
  repLast: string | null;
};

const newestFirst = [desc(leads.createdAt), desc(leads.id)];

/** The ids of one slice of the records matching `where`, newest first (an index-only walk). */
async function sliceIds(db: Db, where: SQL | undefined, slice: Slice): Promise<number[]> {
  if (slice.limit <= 0) return [];
  const rows = await db
    .select({ id: leads.id })
    .from(leads)
    .where(where)
    .orderBy(...newestFirst)
    .offset(slice.offset)
    .limit(slice.limit);
  return rows.map((r) => r.id);
}

/**
 * The ids of one slice: newest first, or (openFirst) the open deals newest first and then the
 * closed ones, read as two slices so that each walks the index instead of sorting every row.
 */
export async function listIds(
  db: Db,
  where: SQL | undefined,
  filter: CustomerFilter,
  slice: Slice,
) {
  if (!filter.openFirst) return sliceIds(db, where, slice);
  const open = and(where, notInArray(leads.phase, CLOSED_PHASES));
  const openIds = await sliceIds(db, open, slice);
  if (openIds.length === slice.limit) return openIds;
  const [counted] = await db.select({ n: count() }).from(leads).where(open);
  const closedOffset = Math.max(0, slice.offset - (counted?.n ?? 0));
  const closed = and(where, inArray(leads.phase, CLOSED_PHASES));
  const rest = { offset: closedOffset, limit: slice.limit - openIds.length };
  return [...openIds, ...(await sliceIds(db, closed, rest))];
}

/** The records `viewer` may see that match the filter, newest first, one slice of them. */
export async function listCustomers(
  db: Db,
  viewer: Viewer,
  filter: CustomerFilter = {},
  slice: Slice = { offset: 0, limit: PAGE_SIZE },
  /** false: a list that shows no e-mail status (it reads as "none"). */
  { withMail = true } = {},
): Promise<CustomerListItem[]> {
  // The slice's ids first (cheap at any depth), then only those rows with their details.
  const ids = await listIds(db, whereOf(viewer, filter), filter, slice);
  if (ids.length === 0) return [];
  const [rows, mail] = await Promise.all([
    db
      .select(listColumns)
      .from(leads)
      .leftJoin(users, eq(users.id, leads.assignedTo))
      .where(inArray(leads.id, ids)),
    withMail
      ? db
          .select({ leadId: mailMessages.leadId, status: mailMessages.status })
          .from(mailMessages)
          .where(inArray(mailMessages.leadId, ids))
      : [],
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const statuses = mail.filter((m) => m.leadId === id).map((m) => m.status);
    return [listItem({ ...row, mail: statuses })];
  });
}

function repOf(r: Pick<ListRow, "repEmail" | "repUsername" | "repFirst" | "repLast">) {
  return r.repEmail
    ? displayName({
        email: r.repEmail,
        username: r.repUsername,
        firstName: r.repFirst ?? "",
        lastName: r.repLast ?? "",
      })
    : null;
}

export function listItem(r: ListRow): CustomerListItem {
  return {
    id: r.id,
    kind: r.kind,
    form: r.form,
    name: r.name,
    email: r.email,
    phone: r.phone,
    company: r.company,
    status: r.status,
    phase: r.phase,
    dealValueCents: r.dealValueCents,
    assignedTo: r.assignedTo,
    assignedName: repOf(r) ?? "Unassigned",
    returnedAt: r.returnedAt?.toISOString() ?? null,
    source: sourceOf(r.source),
    ...created(r.createdAt),
    mail: summarizeMail(r.mail ?? []),
  };
}

/**
 * How many records `viewer` may see match the filter: per status (the status filter's counts)
 * and in all (`total`, every status; `matching`, with the status filter too).
 */
export async function countCustomers(
  db: Db,
  viewer: Viewer,
  filter: CustomerFilter = {},
): Promise<{ total: number; matching: number; byStatus: Record<string, number> }> {
  const rows = await db
    .select({ status: leads.status, n: count() })
    .from(leads)
    .where(whereOf(viewer, filter, false))
    .groupBy(leads.status);
  const byStatus: Record<string, number> = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0]));
  let total = 0;
  for (const row of rows) {
    byStatus[row.status] = (byStatus[row.status] ?? 0) + row.n;
    total += row.n;
  }
  const status = cleanStatus(filter.status);
  return { total, matching: status ? (byStatus[status] ?? 0) : total, byStatus };
}
