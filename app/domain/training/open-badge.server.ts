// A certificate as an Open Badges 3.0 achievement credential (issue 46): the credential that
// employers' and badge wallets' software reads, signed as a VC-JWT with the site's
// "certificates" key, whose public half the site publishes, so anyone can check it offline.
// The shape follows the JSON Web Token Proof Format of Open Badges 3.0 (§8.2) for a credential
// in the Verifiable Credentials 2.0 data model: the JWT payload is the credential itself with
// the registered claims beside it (iss, jti, nbf, sub); the `vc` claim wrapper belongs to the
// VC 1.1 model, which the spec only reads for older credentials.
import { SignJWT } from "jose";
import type { Db } from "#app/platform/db/client.server.ts";
import { signingKey } from "#app/platform/signing-keys.server.ts";

export interface AchievementClaim {
  /** https://site/certificates/ID: the credential's id, the page that shows it. */
  verifyUrl: string;
  /** The student's name as printed on the certificate. */
  name: string;
  courseTitle: string;
  /** https://site/training/...: the achievement's id. */
  courseUrl: string;
  /** The course's short description ("" when it has none). */
  description: string;
  hours: number;
  /** YYYY-MM-DD */
  startDay: string;
  /** YYYY-MM-DD */
  endDay: string;
  issuedAt: Date;
  /** The site's origin and the company's name. */
  issuer: { url: string; name: string };
}

/** The credential as a compact JWS (header.payload.signature). */
export async function signAchievementCredential(db: Db, claim: AchievementClaim): Promise<string> {
  const key = await signingKey(db, "certificates");
  // Whole seconds: the spec has verifiers compare nbf (seconds) with validFrom.
  const issuedAt = Math.floor(claim.issuedAt.getTime() / 1000);
  // The student has no DID or other identifier of their own, yet §8.2 requires `sub` and that
  // it equal credentialSubject.id: a fragment of the verification page names the person this
  // certificate was awarded to, a URI that stays the same and leads to their details.
  const subject = `${claim.verifyUrl}#recipient`;
  const credential = {
    "@context": [
      "https://www.w3.org/ns/credentials/v2",
      "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json",
    ],
    id: claim.verifyUrl,
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    issuer: {
      id: claim.issuer.url,
      type: ["Profile"],
      name: claim.issuer.name,
      url: claim.issuer.url,
    },
    validFrom: new Date(issuedAt * 1000).toISOString().replace(".000Z", "Z"),
    name: `${claim.courseTitle} – Certificate of Completion`,
    credentialSubject: {
      id: subject,
      type: ["AchievementSubject"],
      identifier: [
        { type: "IdentityObject", identityHash: claim.name, identityType: "name", hashed: false },
      ],
      achievement: {
        id: claim.courseUrl,
        type: ["Achievement"],
        achievementType: "Certificate",
        name: claim.courseTitle,
        description: claim.description,
        criteria: {
          narrative: `Attended the required share of the course's ${claim.hours} hours of classes, ${claim.startDay} to ${claim.endDay}.`,
        },
      },
    },
  };
  return new SignJWT(credential)
    .setProtectedHeader({ alg: key.algorithm, typ: "JWT", kid: key.kid })
    .setIssuer(claim.issuer.url)
    .setJti(claim.verifyUrl)
    .setSubject(subject)
    .setNotBefore(issuedAt)
    .setIssuedAt(issuedAt)
    .sign(key.privateKey);
}
