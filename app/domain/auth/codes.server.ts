// The codes of two-factor sign-in, checked once each: time-based codes (TOTP, RFC 6238: 6 digits,
// 30 seconds, SHA-1, as every authenticator app reads them; the last accepted 30-second step is
// stored) and ten single-use recovery codes (stored hashed). Sign-in and the account page check
// them through here; two-factor.server.ts turns the codes on and off.
import { createHash } from "node:crypto";
import { verifyTOTP } from "@epic-web/totp";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { recoveryCodes, users } from "#app/platform/db/schema.ts";
import { generatePassword } from "./password.server.ts";
import type { UserRow } from "./users.server.ts";

export const TOTP = { period: 30, digits: 6, algorithm: "SHA-1" } as const;
export const RECOVERY_CODE_COUNT = 10;

/** The 30-second step a valid, unused code belongs to, or null. */
export async function codeStep(secret: string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const valid = await verifyTOTP({ ...TOTP, otp: code, secret, window: 1 });
  if (!valid) return null;
  return Math.floor(Date.now() / 1000 / TOTP.period) + valid.delta;
}

/**
 * Accepts `code` for `user` once: the step is stored only if it is newer than the last one
 * accepted (one conditional update, so two requests with the same code cannot both pass).
 */
async function acceptCode(db: Db | DbTransaction, user: UserRow, secret: string, code: string) {
  const step = await codeStep(secret, code);
  if (step === null) return false;
  const accepted = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return accepted.length > 0;
}

const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");
const hashCode = (code: string) => createHash("sha256").update(normalise(code)).digest("hex");

/** Ten new recovery codes (the old ones stop working); shown once, stored hashed. */
export async function newRecoveryCodes(tx: Pick<Db, "delete" | "insert">, userId: number) {
  // 10 characters of 31: about 50 bits each.
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = generatePassword(10, "abcdefghjkmnpqrstuvwxyz23456789");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashCode(c) })));
  return codes;
}

/** Uses a recovery code of the user once; false when it is not one, or was used. */
async function spendRecoveryCode(db: Db | DbTransaction, userId: number, code: string) {
  if (normalise(code).length !== 10) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

/** The second factor of a sign-in: a current code, or a recovery code. Which one passed, or null. */
export async function checkSecondFactor(
  db: Db,
  user: UserRow,
  code: string,
): Promise<"totp" | "recovery_code" | null> {
  if (!user.totpSecret) return null;
  const entered = code.trim();
  if (await acceptCode(db, user, user.totpSecret, entered.replace(/\s/g, ""))) return "totp";
  if (await spendRecoveryCode(db, user.id, entered)) return "recovery_code";
  return null;
}

/** How many unused recovery codes a user has left. */
export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}
