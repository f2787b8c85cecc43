// argon2id through Node's built-in crypto.argon2 (Node 24.7+), stored as a PHC string.
import { argon2, randomBytes, timingSafeEqual } from "node:crypto";

/** OWASP ASVS 5 minimums: 19 MiB, 2 passes, 1 lane. */
const PARAMS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 };

function derive(
  password: string,
  salt: Buffer,
  p: { memory: number; passes: number; parallelism: number; tagLength: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2(
      "argon2id",
      { message: Buffer.from(password, "utf8"), nonce: salt, ...p },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

const b64 = (buf: Buffer) => buf.toString("base64").replace(/=+$/, "");

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${b64(salt)}$${b64(key)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** True when `password` matches `hash`; false for a wrong password or a malformed hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const m = PHC.exec(hash);
  if (!m) return false;
  const expected = Buffer.from(m[5] as string, "base64");
  const key = await derive(password, Buffer.from(m[4] as string, "base64"), {
    memory: Number(m[1]),
    passes: Number(m[2]),
    parallelism: Number(m[3]),
    tagLength: expected.length,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;
/**
 * A hash of a random password, verified against when the account is unknown, so that an
 * unknown user costs the same time as a wrong password.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString("base64url"));
  return dummy;
}

/** A random password people can type: 20 characters from an unambiguous alphabet. */
export function generatePassword(
  length = 20,
  alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789",
): string {
  // Bytes at or above the last whole multiple of the alphabet's size are skipped: no modulo bias.
  const cut = 256 - (256 % alphabet.length);
  const bytes = randomBytes(length * 2);
  let out = "";
  for (const byte of bytes) {
    if (byte < cut) out += alphabet[byte % alphabet.length];
    if (out.length === length) break;
  }
  return out.length === length ? out : generatePassword(length, alphabet);
}
