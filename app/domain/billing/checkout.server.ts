// Card payments' records (issue 47, decision 0025): the Stripe Checkout Sessions the site opened
// (their amount is the server's, their id the only ones a webhook may pay) and each Stripe event
// received, stored once by its id so that a replay changes nothing. Billing owns both tables;
// training says when a registration may open a session and what a paid one means.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { checkoutSessions, stripeEvents } from "#app/platform/db/schema.ts";
import {
  type CardEvent,
  type CardGateway,
  CardGatewayError,
  type OpenedCheckout,
} from "./card-gateway.ts";

export type CheckoutStatus = "open" | "complete" | "expired";

export interface StoredCheckout {
  id: string;
  registrationId: number;
  amountCents: number;
  url: string;
  status: CheckoutStatus;
  expiresAt: Date;
}

const columns = {
  id: checkoutSessions.id,
  registrationId: checkoutSessions.registrationId,
  amountCents: checkoutSessions.amountCents,
  url: checkoutSessions.url,
  status: checkoutSessions.status,
  expiresAt: checkoutSessions.expiresAt,
};

const typed = (row: Omit<StoredCheckout, "status"> & { status: string }): StoredCheckout => ({
  ...row,
  status: row.status as CheckoutStatus,
});

/** The registration's open session (at most one), else its newest; null when it has none. */
export async function lastCheckout(
  db: Pick<Db, "select">,
  registrationId: number,
): Promise<StoredCheckout | null> {
  const [row] = await db
    .select(columns)
    .from(checkoutSessions)
    .where(eq(checkoutSessions.registrationId, registrationId))
    .orderBy(desc(sql`${checkoutSessions.status} = 'open'`), desc(checkoutSessions.createdAt))
    .limit(1);
  return row ? typed(row) : null;
}

/** The registrations' newest sessions, by registration. */
export async function lastCheckouts(
  db: Pick<Db, "select">,
  registrationIds: number[],
): Promise<Map<number, StoredCheckout>> {
  const found = new Map<number, StoredCheckout>();
  for (const id of registrationIds) {
    const last = await lastCheckout(db, id);
    if (last) found.set(id, last);
  }
  return found;
}

/** A session the site opened, by Stripe's id; null for one it never opened. */
export async function storedCheckout(
  db: Pick<Db, "select">,
  sessionId: string,
): Promise<StoredCheckout | null> {
  const [row] = await db
    .select(columns)
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sessionId));
  return row ? typed(row) : null;
}

/** Whether a session still takes a payment at `now` (open, and not past its expiry). */
export const checkoutLive = (
  session: StoredCheckout | null,
  now: Date,
): session is StoredCheckout =>
  session !== null && session.status === "open" && session.expiresAt.getTime() > now.getTime();

/** Keeps a session the gateway opened. */
export async function storeCheckout(
  tx: DbTransaction,
  registrationId: number,
  amountCents: number,
  opened: OpenedCheckout,
  now: Date,
): Promise<void> {
  await tx.insert(checkoutSessions).values({
    id: opened.id,
    registrationId,
    amountCents,
    url: opened.url,
    status: "open",
    createdAt: now,
    expiresAt: opened.expiresAt,
  });
}

/**
 * A session is closed: paid (complete, whatever it was: money that came counts even on a session
 * renewed meanwhile) or expired (only an open one: a paid session stays complete).
 */
export async function closeCheckout(
  tx: DbTransaction,
  sessionId: string,
  status: Exclude<CheckoutStatus, "open">,
): Promise<void> {
  const which = eq(checkoutSessions.id, sessionId);
  await tx
    .update(checkoutSessions)
    .set({ status })
    .where(status === "complete" ? which : and(which, eq(checkoutSessions.status, "open")));
}

/**
 * Stores the event's id, in the caller's transaction: true the first time, false for a replay
 * (the row exists, or a concurrent delivery holds it and this one waits, then finds it).
 */
export async function firstDelivery(
  tx: DbTransaction,
  event: Pick<CardEvent, "id" | "type">,
  now: Date,
): Promise<boolean> {
  const stored = await tx
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return stored.length === 1;
}

/** What handling the event did, for staff reading the events. */
export async function eventOutcome(tx: DbTransaction, eventId: string, outcome: string) {
  await tx.update(stripeEvents).set({ outcome }).where(eq(stripeEvents.id, eventId));
}

/**
 * Closes the registration's open checkouts, at Stripe and here: a cancelled registration takes no
 * more card payments. Stripe unreachable, they are closed here all the same; a payment that still
 * comes through one is recorded and reported to staff to refund (the webhook's attention e-mail).
 */
export async function closeOpenCheckouts(
  tx: DbTransaction,
  cards: CardGateway | null,
  registrationId: number,
): Promise<void> {
  const open = await tx
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      and(eq(checkoutSessions.registrationId, registrationId), eq(checkoutSessions.status, "open")),
    );
  for (const session of open) {
    let state: "expired" | "complete" = "expired";
    try {
      if (cards) state = await cards.expireCheckout(session.id);
    } catch (error) {
      if (!(error instanceof CardGatewayError)) throw error;
    }
    await closeCheckout(tx, session.id, state);
  }
}
