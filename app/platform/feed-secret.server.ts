// The secret of a private calendar feed's address (a consultant's, a student's): 32 random bytes
// in base64url, of which only the SHA-256 is stored; an address of another shape is refused
// before any lookup.
import { createHash, randomBytes } from "node:crypto";

const SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new secret and the hash to store in its place. */
export function newFeedSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString("base64url");
  return { secret, hash: feedSecretHash(secret) };
}

/** The stored form of a secret (the same SHA-256 as every token the app keeps). */
export function feedSecretHash(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export const isFeedSecret = (text: string) => SHAPE.test(text);
