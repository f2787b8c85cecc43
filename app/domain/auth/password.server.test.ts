import { describe, expect, it } from "vitest";
import { dummyHash, generatePassword, hashPassword, verifyPassword } from "./password.server.ts";

describe("passwords", () => {
  it("hashes with argon2id at the OWASP parameters, a fresh salt each time", async () => {
    const a = await hashPassword("correct horse battery staple");
    const b = await hashPassword("correct horse battery staple");
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("correct horse");
  });

  it("verifies the right password and refuses others", async () => {
    const hash = await hashPassword("s3cret-passphrase");
    expect(await verifyPassword(hash, "s3cret-passphrase")).toBe(true);
    expect(await verifyPassword(hash, "s3cret-passphrasE")).toBe(false);
    expect(await verifyPassword(hash, "")).toBe(false);
  });

  it("a malformed stored hash never verifies", async () => {
    expect(await verifyPassword("", "x")).toBe(false);
    expect(await verifyPassword("$argon2i$v=19$m=19456,t=2,p=1$AAAA$BBBB", "x")).toBe(false);
    expect(await verifyPassword("plain-text-password", "plain-text-password")).toBe(false);
  });

  it("the dummy hash is a real hash that nothing matches", async () => {
    const hash = await dummyHash();
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await dummyHash()).toBe(hash);
    expect(await verifyPassword(hash, "")).toBe(false);
  });

  it("generated passwords are long, varied and unambiguous", () => {
    const seen = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(seen.size).toBe(50);
    for (const password of seen) expect(password).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]{20}$/);
  });
});
