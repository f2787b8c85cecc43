// Passkeys (WebAuthn, with @simplewebauthn/server): registered on /account, then a passkey signs
// in alone at any of the three doors, since it is two factors in one (the device, and the
// fingerprint, face or PIN that unlocks it: user verification is required). The relying party
// is SITE_URL: its host name is the RP ID and its origin the only one accepted.
// Over 400 lines because registering and signing in share the relying party's settings and the
// challenge's one-time rules.
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, desc, eq, gt } from "drizzle-orm";
import { type Actor, auditChange, recordAudit } from "#app/domain/audit/audit.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { authChallenges, passkeys } from "#app/platform/db/schema.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import type { AccountMail } from "./account.server.ts";
import { securityNoticeMail } from "./account-mail.server.ts";
import { closeChallenge, findChallenge, openChallenge } from "./challenges.server.ts";
import { displayName, type PublicUser, type Role } from "./roles.ts";
import type { SignInClient } from "./sign-in.server.ts";
import { findUserById, toPublicUser, type UserRow } from "./users.server.ts";

export const PASSKEY_TEXTS = {
  start: "Start again: the request for a passkey has expired.",
  notVerified: "The passkey could not be verified. Try again, or use your password.",
  name: "Name the passkey (1 to 60 characters), e.g. “Work laptop”.",
  notFound: "That passkey is not on your account.",
  signIn: "That passkey does not open an account here. Use your password instead.",
  none: "You have no passkey yet.",
} as const;

/** The account a passkey is made for, as the authenticator keeps it (no e-mail, no name). */
const userHandleOf = (userId: number) => new TextEncoder().encode(`user-${userId}`);

/** The relying party: SITE_URL's host name and origin. */
export function relyingParty(siteUrl: string) {
  const url = new URL(siteUrl);
  return { rpID: url.hostname, origin: url.origin };
}

export interface PasskeyItem {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export async function listPasskeys(db: Db, userId: number): Promise<PasskeyItem[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/** The options the browser creates a passkey with; the challenge is kept for 5 minutes. */
export async function passkeyRegistrationOptions(
  db: Db,
  user: PublicUser,
  site: { url: string; name: string },
) {
  const { rpID } = relyingParty(site.url);
  const existing = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: site.name,
    rpID,
    userName: user.email,
    userID: userHandleOf(user.id),
    userDisplayName: displayName(user),
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({
      id: c.id,
      transports: c.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  // One registration under way per user: the newest.
  await db
    .delete(authChallenges)
    .where(and(eq(authChallenges.userId, user.id), eq(authChallenges.purpose, "passkey_register")));
  await openChallenge(db, {
    purpose: "passkey_register",
    userId: user.id,
    challenge: options.challenge,
  });
  return options;
}

/** The e-mail that tells the owner a passkey was added to or removed from their account. */
function passkeyNotice(
  user: PublicUser,
  mail: AccountMail,
  client: SignInClient,
  change: { added: boolean; name: string },
) {
  return securityNoticeMail(user, mail.brand, {
    template: change.added ? "passkey-added" : "passkey-removed",
    heading: change.added ? "A passkey was added" : "A passkey was removed",
    happened: change.added
      ? `The passkey “${change.name}” was added to your account from the account page. It signs in without your password.`
      : `The passkey “${change.name}” was removed from your account from the account page.`,
    at: new Date(),
    ip: client.ip,
    userAgent: client.userAgent,
  });
}

/**
 * Verifies the browser's new credential against the pending challenge and keeps it; the owner
 * is told by e-mail (the caller has checked that the session confirmed it's them). The value is
 * the passkey as the account page lists it.
 */
export async function registerPasskey(
  db: Db,
  user: PublicUser,
  input: { name: unknown; response: unknown },
  siteUrl: string,
  actor: Actor,
  mail: AccountMail,
  client: SignInClient,
): Promise<Result<PasskeyItem>> {
  const name = typeof input.name === "string" ? input.name.trim() : "";
  if (!name || name.length > 60) return failure("invalid", PASSKEY_TEXTS.name);
  const [pending] = await db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.userId, user.id),
        eq(authChallenges.purpose, "passkey_register"),
        gt(authChallenges.expiresAt, new Date()),
      ),
    );
  if (!pending?.challenge || !(await closeChallenge(db, pending.idHash))) {
    return failure("invalid", PASSKEY_TEXTS.start);
  }
  const { rpID, origin } = relyingParty(siteUrl);
  const verified = await verifyRegistrationResponse({
    response: input.response as RegistrationResponseJSON,
    expectedChallenge: pending.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) return failure("invalid", PASSKEY_TEXTS.notVerified);
  const { credential } = verified.registrationInfo;
  const notice = await passkeyNotice(user, mail, client, { added: true, name });
  const row = await db.transaction(async (tx) => {
    const [added] = await tx
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
      })
      .onConflictDoNothing()
      .returning();
    if (!added) return null;
    await auditChange(tx, actor, "passkey_added", `user:${user.id}`, { name });
    await mail.outbox.enqueue(tx, [notice]);
    return added;
  });
  if (!row) return failure("invalid", PASSKEY_TEXTS.notVerified);
  return success({ id: row.id, name, createdAt: row.createdAt.toISOString(), lastUsedAt: null });
}

/** Removes one of the owner's passkeys; the owner is told by e-mail. The value is its name. */
export async function removePasskey(
  db: Db,
  user: UserRow,
  id: number,
  actor: Actor,
  mail: AccountMail,
  client: SignInClient,
): Promise<Result<string>> {
  const [own] = await db
    .select({ name: passkeys.name })
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)));
  if (!own) return failure("not-found", PASSKEY_TEXTS.notFound);
  const notice = await passkeyNotice(toPublicUser(user), mail, client, {
    added: false,
    name: own.name,
  });
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
      .returning({ name: passkeys.name });
    if (!removed) return failure("not-found", PASSKEY_TEXTS.notFound);
    await auditChange(tx, actor, "passkey_removed", `user:${user.id}`, { name: removed.name });
    await mail.outbox.enqueue(tx, [notice]);
    return success(removed.name);
  });
}

/** The options a browser signs in with (any passkey of this site), and the ticket naming them. */
export async function passkeySignInOptions(db: Db, door: string, siteUrl: string) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(siteUrl).rpID,
    userVerification: "required",
  });
  const { ticket } = await openChallenge(db, {
    purpose: "passkey_sign_in",
    userId: null,
    door,
    challenge: options.challenge,
  });
  return { options, ticket };
}

type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * Checks a passkey's answer to `expectedChallenge`: the signature with user verification, and
 * the signature counter, moved forward by a conditional update (a counter that goes backwards
 * means a cloned authenticator; two uses of one answer cannot both pass).
 */
async function checkAssertion(
  db: Db,
  passkey: PasskeyRow,
  response: AuthenticationResponseJSON,
  expectedChallenge: string,
  siteUrl: string,
): Promise<"ok" | "not_verified" | "counter_went_back"> {
  const { rpID, origin } = relyingParty(siteUrl);
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: passkey.credentialId,
      publicKey: Buffer.from(passkey.publicKey, "base64url"),
      counter: passkey.counter,
      transports: passkey.transports as AuthenticatorTransport[],
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) return "not_verified";
  const { newCounter } = verified.authenticationInfo;
  if (passkey.counter > 0 && newCounter <= passkey.counter) return "counter_went_back";
  const moved = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  return moved.length > 0 ? "ok" : "counter_went_back";
}

const credentialIdOf = (response: unknown) => {
  const id = (response as { id?: unknown } | null)?.id;
  return typeof id === "string" && id.length <= 1024 ? id : "";
};

/**
 * Checks a passkey sign-in: the ticket's challenge (once), the passkey's owner (enabled, and
 * admitted by the door), the signature with user verification, and the signature counter. The
 * value is the user and the door the sign-in started at.
 */
export async function verifyPasskeySignIn(
  db: Db,
  input: { ticket: unknown; response: unknown; roles: (door: string) => readonly Role[] },
  client: { ip: string },
  siteUrl: string,
): Promise<Result<{ user: UserRow; door: string }>> {
  const challenge = await findChallenge(db, input.ticket, "passkey_sign_in");
  if (!challenge?.challenge || !(await closeChallenge(db, challenge.idHash))) {
    return failure("invalid", PASSKEY_TEXTS.start);
  }
  const response = input.response as AuthenticationResponseJSON;
  const credentialId = credentialIdOf(response);
  const [passkey] = credentialId
    ? await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId))
    : [];
  const user = passkey ? await findUserById(db, passkey.userId) : undefined;
  const refuse = async (reason: string) => {
    await recordAudit(db, {
      action: "passkey_sign_in_failed",
      actorId: user?.id ?? null,
      actorLabel: user?.email ?? "",
      ip: client.ip,
      details: { door: challenge.door, reason },
    });
    return failure("unauthorized", PASSKEY_TEXTS.signIn);
  };
  if (!passkey || !user) return refuse("unknown_passkey");
  // The authenticator names the account the passkey was made for: it must be its owner's.
  const handle = response.response?.userHandle;
  if (handle && handle !== Buffer.from(userHandleOf(user.id)).toString("base64url")) {
    return refuse("another_user");
  }
  const checked = await checkAssertion(db, passkey, response, challenge.challenge, siteUrl);
  if (checked !== "ok") return refuse(checked);
  if (user.disabled) return refuse("disabled");
  if (!input.roles(challenge.door).includes(user.role as Role)) return refuse("role_not_allowed");
  return success({ user, door: challenge.door });
}

/** Whether the user has a passkey (a second step after the password, or a way to confirm). */
export async function hasPasskey(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** The options for one user's own passkeys (the second step of a sign-in, "confirm it's you"). */
export async function userPasskeyOptions(db: Db, userId: number, siteUrl: string) {
  const own = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  if (own.length === 0) return null;
  return generateAuthenticationOptions({
    rpID: relyingParty(siteUrl).rpID,
    userVerification: "required",
    allowCredentials: own.map((c) => ({
      id: c.id,
      transports: c.transports as AuthenticatorTransport[],
    })),
  });
}

/** "Confirm it's you" with a passkey: the options for the user's own passkeys, kept 5 minutes. */
export async function passkeyConfirmOptions(db: Db, userId: number, siteUrl: string) {
  const options = await userPasskeyOptions(db, userId, siteUrl);
  if (!options) return null;
  // One confirmation under way per user: the newest.
  await db
    .delete(authChallenges)
    .where(and(eq(authChallenges.userId, userId), eq(authChallenges.purpose, "passkey_confirm")));
  await openChallenge(db, { purpose: "passkey_confirm", userId, challenge: options.challenge });
  return options;
}

/** Checks a passkey's answer to the user's pending confirmation (used once). */
export async function verifyPasskeyConfirmation(
  db: Db,
  userId: number,
  response: unknown,
  siteUrl: string,
): Promise<boolean> {
  const [pending] = await db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.userId, userId),
        eq(authChallenges.purpose, "passkey_confirm"),
        gt(authChallenges.expiresAt, new Date()),
      ),
    );
  if (!pending?.challenge || !(await closeChallenge(db, pending.idHash))) return false;
  return verifyUserPasskey(db, userId, response, pending.challenge, siteUrl);
}

/** Checks that `response` is one of the user's own passkeys answering `expectedChallenge`. */
export async function verifyUserPasskey(
  db: Db,
  userId: number,
  response: unknown,
  expectedChallenge: string,
  siteUrl: string,
): Promise<boolean> {
  const credentialId = credentialIdOf(response);
  if (!credentialId) return false;
  const [passkey] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, credentialId), eq(passkeys.userId, userId)));
  if (!passkey) return false;
  const answer = response as AuthenticationResponseJSON;
  return (await checkAssertion(db, passkey, answer, expectedChallenge, siteUrl)) === "ok";
}

/** Removes every passkey of a user (a password reset by link, an admin's two-factor reset). */
export async function removeAllPasskeys(tx: Pick<Db, "delete">, userId: number): Promise<number> {
  const removed = await tx
    .delete(passkeys)
    .where(eq(passkeys.userId, userId))
    .returning({ id: passkeys.id });
  return removed.length;
}
