// Sales customers, scoped on the server: a manager sees and changes every customer, a sales rep
// only their own (in lists, counts, figures and writes). Every write records an activity.
import { and, desc, eq, ilike, or } from "drizzle-orm";
import { type Actor, auditChange } from "#app/domain/auth/audit.server.ts";
import { repScope, seesAllSales } from "#app/domain/auth/guard.server.ts";
import { displayName, type PublicUser, SALES_ROLES } from "#app/domain/auth/roles.ts";
import { listEnabledStaff, type StaffMember } from "#app/domain/auth/users-admin.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { salesActivities, salesBookings, salesCustomers, users } from "#app/platform/db/schema.ts";
import { formatMoney } from "./figures.ts";
import type { CustomerValues, FieldErrors } from "./sales.schema.ts";

/** A sales user making a change: their role decides the scope. */
export type SalesActor = Actor & { user: Pick<PublicUser, "role"> };

export interface SalesCustomer {
  id: number;
  repId: number | null;
  repName: string;
  name: string;
  email: string;
  company: string;
  phone: string;
  phase: string;
  dealValueCents: number;
  createdAt: Date;
}

const columns = {
  id: salesCustomers.id,
  repId: salesCustomers.repId,
  name: salesCustomers.name,
  email: salesCustomers.email,
  company: salesCustomers.company,
  phone: salesCustomers.phone,
  phase: salesCustomers.phase,
  dealValueCents: salesCustomers.dealValueCents,
  createdAt: salesCustomers.createdAt,
  repFirst: users.firstName,
  repLast: users.lastName,
  repEmail: users.email,
  repUsername: users.username,
};

type Row = Omit<SalesCustomer, "repName"> & {
  repFirst: string | null;
  repLast: string | null;
  repEmail: string | null;
  repUsername: string | null;
};

function toCustomer(row: Row): SalesCustomer {
  const { repFirst, repLast, repEmail, repUsername, ...rest } = row;
  return {
    ...rest,
    repName: repEmail
      ? displayName({
          firstName: repFirst ?? "",
          lastName: repLast ?? "",
          username: repUsername,
          email: repEmail,
        })
      : "Unassigned",
  };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The customers `user` may see, newest first; `search` matches name, e-mail, company or phone. */
export async function listCustomers(
  db: Db,
  user: Pick<PublicUser, "id" | "role">,
  search = "",
): Promise<SalesCustomer[]> {
  const term = search.trim().slice(0, 200);
  const pattern = `%${escapeLike(term)}%`;
  const rows = await db
    .select(columns)
    .from(salesCustomers)
    .leftJoin(users, eq(users.id, salesCustomers.repId))
    .where(
      and(
        repScope(user, salesCustomers.repId),
        term
          ? or(
              ilike(salesCustomers.name, pattern),
              ilike(salesCustomers.email, pattern),
              ilike(salesCustomers.company, pattern),
              ilike(salesCustomers.phone, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(desc(salesCustomers.createdAt), desc(salesCustomers.id));
  return rows.map(toCustomer);
}

/** One customer, if `user` may see it (otherwise null, as if it did not exist). */
export async function getCustomer(
  db: Db | DbTransaction,
  user: Pick<PublicUser, "id" | "role">,
  id: number,
): Promise<SalesCustomer | null> {
  const [row] = await db
    .select(columns)
    .from(salesCustomers)
    .leftJoin(users, eq(users.id, salesCustomers.repId))
    .where(and(eq(salesCustomers.id, id), repScope(user, salesCustomers.repId)));
  return row ? toCustomer(row) : null;
}

export type SalesPerson = Pick<StaffMember, "id" | "name" | "role">;

/** Everyone a customer may belong to: enabled sales reps and managers. */
export const listSalesStaff = (db: Db | DbTransaction): Promise<SalesPerson[]> =>
  listEnabledStaff(db, SALES_ROLES);

export type WriteResult =
  | { ok: true; customer: SalesCustomer }
  | { ok: false; status: 400; error: string; errors: FieldErrors }
  | { ok: false; status: 404; error: string };

export const CUSTOMER_NOT_FOUND = "Customer not found.";
const notFound = { ok: false, status: 404, error: CUSTOMER_NOT_FOUND } as const;
const badRep = {
  ok: false,
  status: 400,
  error: "Choose a sales rep from the list.",
  errors: { repId: "Choose a sales rep from the list." },
} as const;

/** The owner of a new or changed customer: a manager may choose any sales staff; a rep is the owner. */
async function ownerFor(
  tx: DbTransaction,
  actor: SalesActor,
  posted: number | null,
  current: number | null,
): Promise<number | null | "invalid"> {
  if (!seesAllSales(actor.user)) return actor.user.id;
  if (posted === null) return current ?? actor.user.id;
  const staff = await listSalesStaff(tx);
  return staff.some((s) => s.id === posted) ? posted : "invalid";
}

function activity(
  tx: DbTransaction,
  actor: SalesActor,
  customer: { id: number | null; repId: number | null },
  kind: string,
  message: string,
) {
  return tx.insert(salesActivities).values({
    repId: customer.repId,
    actorId: actor.user.id,
    customerId: customer.id,
    kind,
    message,
  });
}

/** Books a Closed Won customer's deal value as earnings on `today` (one booking per customer). */
async function syncBooking(
  tx: DbTransaction,
  customer: { id: number; repId: number | null; phase: string; dealValueCents: number },
  today: string,
) {
  if (customer.phase !== "Closed Won") {
    await tx.delete(salesBookings).where(eq(salesBookings.customerId, customer.id));
    return;
  }
  await tx
    .insert(salesBookings)
    .values({
      customerId: customer.id,
      repId: customer.repId,
      amountCents: customer.dealValueCents,
      closedOn: today,
    })
    .onConflictDoUpdate({
      target: salesBookings.customerId,
      // Still won: the booking keeps its day; value and owner follow the customer.
      set: { amountCents: customer.dealValueCents, repId: customer.repId },
    });
}

export async function createCustomer(
  db: Db,
  actor: SalesActor,
  values: CustomerValues,
  today: string,
): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const repId = await ownerFor(tx, actor, values.repId, null);
    if (repId === "invalid") return badRep;
    const [row] = await tx
      .insert(salesCustomers)
      .values({
        repId,
        name: values.name,
        email: values.email,
        company: values.company,
        phone: values.phone,
        phase: values.phase,
        dealValueCents: values.dealValueCents,
      })
      .returning({ id: salesCustomers.id });
    const id = (row as { id: number }).id;
    const ref = { id, repId };
    await activity(tx, actor, ref, "customer_added", `New customer added: ${values.name}`);
    if (values.note) {
      await activity(tx, actor, ref, "note", `Note on ${values.name}: ${values.note}`);
    }
    await syncBooking(
      tx,
      { ...ref, phase: values.phase, dealValueCents: values.dealValueCents },
      today,
    );
    await auditChange(tx, actor, "sales_customer_created", `sales_customer:${id}`, {
      name: values.name,
      phase: values.phase,
    });
    return { ok: true, customer: (await getCustomer(tx, actor.user, id)) as SalesCustomer };
  });
}

export async function updateCustomer(
  db: Db,
  actor: SalesActor,
  id: number,
  values: CustomerValues,
  today: string,
): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const before = await getCustomer(tx, actor.user, id);
    if (!before) return notFound;
    const repId = await ownerFor(tx, actor, values.repId, before.repId);
    if (repId === "invalid") return badRep;
    await tx
      .update(salesCustomers)
      .set({
        repId,
        name: values.name,
        email: values.email,
        company: values.company,
        phone: values.phone,
        phase: values.phase,
        dealValueCents: values.dealValueCents,
        updatedAt: new Date(),
      })
      .where(eq(salesCustomers.id, id));
    // Only a manager can change the owner, and a manager sees every customer.
    const after = (await getCustomer(tx, actor.user, id)) as SalesCustomer;
    const ref = { id, repId };
    const name = values.name;
    const changes: string[] = [];
    if (before.phase !== values.phase) {
      changes.push("phase");
      await activity(
        tx,
        actor,
        ref,
        "phase_changed",
        `${name}: phase changed from ${before.phase} to ${values.phase}`,
      );
    }
    if (before.dealValueCents !== values.dealValueCents) {
      changes.push("dealValue");
      await activity(
        tx,
        actor,
        ref,
        "deal_value_changed",
        `${name}: deal value changed from ${formatMoney(before.dealValueCents)} to ${formatMoney(values.dealValueCents)}`,
      );
    }
    if (before.repId !== repId) {
      changes.push("rep");
      await activity(tx, actor, ref, "customer_updated", `${name}: assigned to ${after.repName}`);
    }
    const details = (["name", "email", "company", "phone"] as const).filter(
      (field) => before[field] !== values[field],
    );
    if (details.length > 0) {
      changes.push(...details);
      await activity(tx, actor, ref, "customer_updated", `${name}: ${details.join(", ")} updated`);
    }
    if (values.note) {
      changes.push("note");
      await activity(tx, actor, ref, "note", `Note on ${name}: ${values.note}`);
    }
    await syncBooking(
      tx,
      { ...ref, phase: values.phase, dealValueCents: values.dealValueCents },
      today,
    );
    await auditChange(tx, actor, "sales_customer_updated", `sales_customer:${id}`, {
      name,
      changes,
    });
    return { ok: true, customer: after };
  });
}

export async function deleteCustomer(
  db: Db,
  actor: SalesActor,
  id: number,
): Promise<{ ok: true; name: string } | typeof notFound> {
  return db.transaction(async (tx) => {
    const before = await getCustomer(tx, actor.user, id);
    if (!before) return notFound;
    // Its booking goes with it (cascade): a deleted customer's deal no longer counts.
    await tx.delete(salesCustomers).where(eq(salesCustomers.id, id));
    await activity(
      tx,
      actor,
      { id: null, repId: before.repId },
      "customer_deleted",
      `Customer deleted: ${before.name}`,
    );
    await auditChange(tx, actor, "sales_customer_deleted", `sales_customer:${id}`, {
      name: before.name,
    });
    return { ok: true, name: before.name };
  });
}
