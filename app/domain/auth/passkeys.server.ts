// Passkeys (WebAuthn, with @simplewebauthn/server): registered on /account, then a passkey signs
// in alone at any of the three doors, since it is two factors in one (the device, and the
// fingerprint, face or PIN that unlocks it: user verification is required). The relying party
// is SITE_URL: its host name is the RP ID and its origin the only one accepted.
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
import type { Db } from "#app/platform/db/client.server.ts";
import { authChallenges, passkeys } from "#app/platform/db/schema.ts";
import { type Actor, auditChange, recordAudit } from "./audit.server.ts";
import { closeChallenge, findChallenge, openChallenge } from "./challenges.server.ts";
import { displayName, type PublicUser, type Role } from "./roles.ts";
import { findUserById, type UserRow } from "./users.server.ts";

export const PASSKEY_TEXTS = {
  start: "Start again: the request for a passkey has expired.",
  notVerified: "The passkey could not be verified. Try again, or use your password.",
  name: "Name the passkey (1 to 60 characters), e.g. “Work laptop”.",
  notFound: "That passkey is not on your account.",
  signIn: "That passkey does not open an account here. Use your password instead.",
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

export type PasskeyResult<T = object> =
  | ({ ok: true } & T)
  | { ok: false; status: 400 | 404; error: string };

/** Verifies the browser's new credential against the pending challenge and keeps it. */
export async function registerPasskey(
  db: Db,
  user: PublicUser,
  input: { name: unknown; response: unknown },
  siteUrl: string,
  actor: Actor,
): Promise<PasskeyResult<{ passkey: PasskeyItem }>> {
  const name = typeof input.name === "string" ? input.name.trim() : "";
  if (!name || name.length > 60) return { ok: false, status: 400, error: PASSKEY_TEXTS.name };
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
    return { ok: false, status: 400, error: PASSKEY_TEXTS.start };
  }
  const { rpID, origin } = relyingParty(siteUrl);
  const verified = await verifyRegistrationResponse({
    response: input.response as RegistrationResponseJSON,
    expectedChallenge: pending.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) return { ok: false, status: 400, error: PASSKEY_TEXTS.notVerified };
  const { credential } = verified.registrationInfo;
  const [row] = await db
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
  if (!row) return { ok: false, status: 400, error: PASSKEY_TEXTS.notVerified };
  await auditChange(db, actor, "passkey_added", `user:${user.id}`, { name });
  return {
    ok: true,
    passkey: { id: row.id, name, createdAt: row.createdAt.toISOString(), lastUsedAt: null },
  };
}

export async function removePasskey(
  db: Db,
  userId: number,
  id: number,
  actor: Actor,
): Promise<PasskeyResult<{ name: string }>> {
  const [removed] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ name: passkeys.name });
  if (!removed) return { ok: false, status: 404, error: PASSKEY_TEXTS.notFound };
  await auditChange(db, actor, "passkey_removed", `user:${userId}`, { name: removed.name });
  return { ok: true, name: removed.name };
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

/**
 * Checks a passkey sign-in: the ticket's challenge (once), the passkey's owner (enabled, and
 * admitted by the door), the signature with user verification, and the signature counter
 * (a counter that goes backwards means a cloned authenticator).
 */
export async function verifyPasskeySignIn(
  db: Db,
  input: { ticket: unknown; response: unknown; roles: (door: string) => readonly Role[] },
  client: { ip: string },
  siteUrl: string,
): Promise<
  { ok: true; user: UserRow; door: string } | { ok: false; status: 400 | 401; error: string }
> {
  const challenge = await findChallenge(db, input.ticket, "passkey_sign_in");
  if (!challenge?.challenge || !(await closeChallenge(db, challenge.idHash))) {
    return { ok: false, status: 400, error: PASSKEY_TEXTS.start };
  }
  const response = input.response as AuthenticationResponseJSON;
  const credentialId = typeof response?.id === "string" ? response.id : "";
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
    return { ok: false as const, status: 401 as const, error: PASSKEY_TEXTS.signIn };
  };
  if (!passkey || !user) return refuse("unknown_passkey");
  // The authenticator names the account the passkey was made for: it must be its owner's.
  const handle = response.response?.userHandle;
  if (handle && handle !== Buffer.from(userHandleOf(user.id)).toString("base64url")) {
    return refuse("another_user");
  }
  const { rpID, origin } = relyingParty(siteUrl);
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge.challenge,
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
  if (!verified?.verified) return refuse("not_verified");
  const { newCounter } = verified.authenticationInfo;
  if (passkey.counter > 0 && newCounter <= passkey.counter) return refuse("counter_went_back");
  if (user.disabled) return refuse("disabled");
  if (!input.roles(challenge.door).includes(user.role as Role)) return refuse("role_not_allowed");
  await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, passkey.id));
  return { ok: true, user, door: challenge.door };
}
