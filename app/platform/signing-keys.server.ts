// The site's signing keys (issue 46): one ES256 key pair per purpose ("certificates"), made on
// first use and kept in the database, so every server process signs with the same key and a
// credential signed today still verifies after a restart. The public halves are published as a
// JWK Set, so anyone can verify what the site signed without asking it.
import { eq } from "drizzle-orm";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import type { Db } from "./db/client.server.ts";
import { signingKeys } from "./db/schema.ts";

const ALGORITHM = "ES256";

export interface SigningKey {
  /** The RFC 7638 thumbprint of the public key: the same key always has the same kid. */
  kid: string;
  algorithm: typeof ALGORITHM;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/** Keys already read, per database handle and purpose (a key never changes once stored). */
const cache = new WeakMap<Db, Map<string, SigningKey>>();

/** The key of a purpose, made and stored on first use. */
export async function signingKey(db: Db, purpose: string): Promise<SigningKey> {
  const known = cache.get(db)?.get(purpose);
  if (known) return known;
  const row = (await storedKey(db, purpose)) ?? (await createKey(db, purpose));
  const key: SigningKey = {
    kid: row.kid,
    algorithm: ALGORITHM,
    privateKey: (await importJWK(row.privateJwk as JWK, ALGORITHM)) as CryptoKey,
    publicJwk: row.publicJwk as JWK,
  };
  const keys = cache.get(db) ?? new Map<string, SigningKey>();
  keys.set(purpose, key);
  cache.set(db, keys);
  return key;
}

/** Every purpose's public key, as the JWK Set a verifier reads (never a private member). */
export async function publishedKeys(db: Db): Promise<{ keys: JWK[] }> {
  const rows = await db.select().from(signingKeys).orderBy(signingKeys.createdAt);
  return {
    keys: rows.map((row) => ({ ...row.publicJwk, kid: row.kid, alg: row.algorithm, use: "sig" })),
  };
}

async function storedKey(db: Db, purpose: string) {
  const [row] = await db.select().from(signingKeys).where(eq(signingKeys.purpose, purpose));
  return row;
}

/**
 * Makes a key pair and stores it unless another process stored one for the purpose first; the
 * row read back is the one everybody uses, so parallel first calls end with one key.
 */
async function createKey(db: Db, purpose: string) {
  const pair = await generateKeyPair(ALGORITHM, { extractable: true });
  const publicJwk = await exportJWK(pair.publicKey);
  await db
    .insert(signingKeys)
    .values({
      purpose,
      kid: await calculateJwkThumbprint(publicJwk),
      algorithm: ALGORITHM,
      publicJwk: { ...publicJwk },
      privateJwk: { ...(await exportJWK(pair.privateKey)) },
    })
    .onConflictDoNothing();
  const row = await storedKey(db, purpose);
  if (!row) throw new Error(`The signing key for ${purpose} was neither stored nor found.`);
  return row;
}
