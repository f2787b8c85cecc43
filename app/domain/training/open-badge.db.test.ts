// A certificate's Open Badges 3.0 credential, checked by a verifier other than the one that
// signed it: Debian's Python PyJWT, given only the token and the site's published keys.
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { publishedKeys } from "#app/platform/signing-keys.server.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { verifyWithPyJwt } from "#tests/support/jwt.ts";
import { type AchievementClaim, signAchievementCredential } from "./open-badge.server.ts";

let database: Database;

beforeEach(async () => {
  database = await createTestDatabase({ seed: false });
});

afterEach(async () => {
  await database.close();
});

const ISSUED = new Date("2026-06-12T15:30:45.678Z");
const claim: AchievementClaim = {
  verifyUrl: "https://sigma.example/certificates/C7K2M9QX",
  name: "Zoë Nguyễn",
  courseTitle: "CompTIA Security+",
  courseUrl: "https://sigma.example/training/comptia-security-plus",
  description: "Threats, architecture, operations and governance, for the SY0-701 exam.",
  hours: 96,
  startDay: "2026-03-02",
  endDay: "2026-04-09",
  issuedAt: ISSUED,
  issuer: { url: "https://sigma.example", name: "Sigma Technology Partners" },
};

const header = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString("utf8"));

describe("signAchievementCredential", () => {
  it("signs an Open Badges 3.0 credential that PyJWT verifies with the published key", async () => {
    const token = await signAchievementCredential(database.db, claim);
    const jwks = await publishedKeys(database.db);

    const claims = verifyWithPyJwt(token, jwks);

    const nbf = Math.floor(ISSUED.getTime() / 1000);
    expect(header(token)).toEqual({ alg: "ES256", typ: "JWT", kid: jwks.keys[0]?.kid });
    expect(claims).toEqual({
      iss: "https://sigma.example",
      jti: "https://sigma.example/certificates/C7K2M9QX",
      sub: "https://sigma.example/certificates/C7K2M9QX#recipient",
      nbf,
      iat: nbf,
      "@context": [
        "https://www.w3.org/ns/credentials/v2",
        "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json",
      ],
      id: "https://sigma.example/certificates/C7K2M9QX",
      type: ["VerifiableCredential", "OpenBadgeCredential"],
      issuer: {
        id: "https://sigma.example",
        type: ["Profile"],
        name: "Sigma Technology Partners",
        url: "https://sigma.example",
      },
      validFrom: "2026-06-12T15:30:45Z",
      name: "CompTIA Security+ – Certificate of Completion",
      credentialSubject: {
        id: "https://sigma.example/certificates/C7K2M9QX#recipient",
        type: ["AchievementSubject"],
        identifier: [
          {
            type: "IdentityObject",
            identityHash: "Zoë Nguyễn",
            identityType: "name",
            hashed: false,
          },
        ],
        achievement: {
          id: "https://sigma.example/training/comptia-security-plus",
          type: ["Achievement"],
          achievementType: "Certificate",
          name: "CompTIA Security+",
          description: "Threats, architecture, operations and governance, for the SY0-701 exam.",
          criteria: {
            narrative:
              "Attended the required share of the course's 96 hours of classes, 2026-03-02 to 2026-04-09.",
          },
        },
      },
    });
    // The registered claims say what the credential says (§8.2's checks for a verifier).
    expect(new Date((claims.nbf as number) * 1000).toISOString()).toBe("2026-06-12T15:30:45.000Z");
  });

  it("a token whose payload was altered by one character is refused", async () => {
    const token = await signAchievementCredential(database.db, claim);
    const jwks = await publishedKeys(database.db);
    const [head, payload, signature] = token.split(".") as [string, string, string];
    const at = 40;
    const altered = `${payload.slice(0, at)}${payload[at] === "A" ? "B" : "A"}${payload.slice(at + 1)}`;

    expect(() => verifyWithPyJwt(`${head}.${altered}.${signature}`, jwks)).toThrow(
      /InvalidSignatureError/,
    );
    expect(verifyWithPyJwt(token, jwks).jti).toBe(claim.verifyUrl);
  });

  it("a token checked against another key under the same kid is refused", async () => {
    const token = await signAchievementCredential(database.db, claim);
    const [published] = (await publishedKeys(database.db)).keys;
    const other = await exportJWK((await generateKeyPair("ES256")).publicKey);
    expect(await calculateJwkThumbprint(other)).not.toBe(published?.kid);

    const forged = { keys: [{ ...other, kid: published?.kid, alg: "ES256", use: "sig" }] };

    expect(() => verifyWithPyJwt(token, forged)).toThrow(/InvalidSignatureError/);
  });

  it("signs every credential with the one certificates key", async () => {
    const first = await signAchievementCredential(database.db, claim);
    const second = await signAchievementCredential(database.db, {
      ...claim,
      verifyUrl: "https://sigma.example/certificates/D8L3N4RY",
      name: "Kadıköy Öztürk",
    });
    const jwks = await publishedKeys(database.db);

    expect(jwks.keys).toHaveLength(1);
    expect(header(second).kid).toBe(header(first).kid);
    expect(verifyWithPyJwt(second, jwks).credentialSubject).toMatchObject({
      identifier: [{ identityHash: "Kadıköy Öztürk" }],
    });
  });
});
