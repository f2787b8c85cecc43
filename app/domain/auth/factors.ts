// What a session was completed with, and how people call it. Client-safe.

/** A secret given at sign-in (or to confirm it's you). */
export type Factor = "password" | "totp" | "recovery_code" | "passkey";

/** A passkey is two factors (the device, and the fingerprint, face or PIN that unlocks it). */
const SECOND_FACTORS: readonly Factor[] = ["totp", "recovery_code", "passkey"];

const WORDS: Record<Factor, string> = {
  password: "password",
  totp: "authenticator code",
  recovery_code: "recovery code",
  passkey: "passkey",
};

/** The factors of a "+"-separated list as stored (unknown names are left out). */
export const factorsOf = (stored: unknown): Factor[] =>
  typeof stored === "string"
    ? stored.split("+").filter((f): f is Factor => Object.hasOwn(WORDS, f))
    : [];

export const hasSecondFactor = (factors: readonly Factor[]) =>
  factors.some((f) => SECOND_FACTORS.includes(f));

/** "password and authenticator code", "passkey"; "" when none is known. */
export const factorWords = (factors: unknown): string => {
  const list = Array.isArray(factors) ? (factors as Factor[]) : factorsOf(factors);
  return list
    .filter((f) => Object.hasOwn(WORDS, f))
    .map((f) => WORDS[f])
    .join(" and ");
};
