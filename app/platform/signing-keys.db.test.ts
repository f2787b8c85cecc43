// The site's signing keys: one per purpose however many first calls race to make it, the same
// key on every later call, and only public halves published.
import { importJWK, jwtVerify, SignJWT } from "jose";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { publishedKeys, signingKey } from "./signing-keys.server.ts";

let database: Database;

beforeEach(async () => {
  database = await createTestDatabase({ seed: false });
});

afterEach(async () => {
  await database.close();
});

const storedKeys = () =>
  query<{ purpose: string; kid: string; algorithm: string }>(
    database,
    "select purpose, kid, algorithm from signing_keys order by purpose",
  );

describe("signingKey", () => {
  it("twenty parallel first calls end with one stored key, which all of them use", async () => {
    const keys = await Promise.all(
      Array.from({ length: 20 }, () => signingKey(database.db, "certificates")),
    );

    const stored = await storedKeys();
    expect(stored).toEqual([{ purpose: "certificates", kid: keys[0]?.kid, algorithm: "ES256" }]);
    expect(new Set(keys.map((key) => key.kid)).size).toBe(1);
    expect(keys.every((key) => key.algorithm === "ES256")).toBe(true);
  });

  it("keeps the stored key on later calls and after a restart, one key for each purpose", async () => {
    const first = await signingKey(database.db, "certificates");
    const later = await signingKey(database.db, "certificates");
    // A fresh copy of the module is a process that starts with nothing in memory.
    vi.resetModules();
    const restarted = await import("./signing-keys.server.ts");
    const afterRestart = await restarted.signingKey(database.db, "certificates");
    const other = await signingKey(database.db, "other");

    expect(later.kid).toBe(first.kid);
    expect(afterRestart.kid).toBe(first.kid);
    expect(afterRestart.publicJwk).toEqual(first.publicJwk);
    // The private key read back is the stored pair's: what it signs, the first public key verifies.
    const token = await new SignJWT({ n: 1 })
      .setProtectedHeader({ alg: "ES256" })
      .sign(afterRestart.privateKey);
    const verified = await jwtVerify(token, await importJWK(first.publicJwk, "ES256"));
    expect(verified.payload).toEqual({ n: 1 });
    expect(other.kid).not.toBe(first.kid);
    expect(await storedKeys()).toEqual([
      { purpose: "certificates", kid: first.kid, algorithm: "ES256" },
      { purpose: "other", kid: other.kid, algorithm: "ES256" },
    ]);
  });
});

describe("publishedKeys", () => {
  it("publishes every purpose's public key with its kid, algorithm and use, never a private member", async () => {
    expect(await publishedKeys(database.db)).toEqual({ keys: [] });
    const certificates = await signingKey(database.db, "certificates");
    const other = await signingKey(database.db, "other");

    const { keys } = await publishedKeys(database.db);

    expect(keys.map((key) => key.kid).sort()).toEqual([certificates.kid, other.kid].sort());
    for (const key of keys) {
      expect(key).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
      expect(Object.keys(key).sort()).toEqual(["alg", "crv", "kid", "kty", "use", "x", "y"]);
      expect(key).not.toHaveProperty("d");
    }
    expect(JSON.stringify(keys)).not.toMatch(/"d"/);
    expect(keys.find((key) => key.kid === certificates.kid)).toMatchObject(certificates.publicJwk);
  });
});
