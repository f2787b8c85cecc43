// The tests' own authenticator app: time-based codes (RFC 6238: HMAC-SHA-1 over the 30-second
// step, 6 digits) computed with Node's HMAC, not with the library the site checks them with.
import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const PERIOD_MS = 30_000;

function decodeBase32(text: string): Buffer {
  const bytes: number[] = [];
  let value = 0;
  let bits = 0;
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`"${char}" is not base32`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The 30-second step of `now`. */
export const totpStep = (now = Date.now()) => Math.floor(now / PERIOD_MS);

/** The code an authenticator app shows for the base32 `secret` during `step`. */
export function totpCode(secret: string, step = totpStep()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", decodeBase32(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/**
 * A code for a step after every one in `used` (a site takes each step's code once, and the
 * codes of the step before and after the current one): the current step's, or the next one's,
 * computed rather than waited for. Only a third code within one step waits for the clock.
 */
export async function unusedCode(secret: string, used: number[]): Promise<string> {
  const step = Math.max(totpStep(), ...used.map((u) => u + 1));
  while (totpStep() < step - 1) await new Promise((resolve) => setTimeout(resolve, 250));
  used.push(step);
  return totpCode(secret, step);
}
