// Verifies a signed JWT the way someone other than the site would: with Debian's Python and its
// PyJWT (python3-jwt, python3-cryptography for ES256), given only the token and the published
// JWK Set, picking the key by the token's kid.
import { spawnSync } from "node:child_process";
import type { JWK } from "jose";

/** Debian's Python with its PyJWT package, not a user's own Python. */
const PYTHON = "/usr/bin/python3";

const PYTHON_VERIFIER = `
import json, sys
import jwt
given = json.load(sys.stdin)
kid = jwt.get_unverified_header(given["token"])["kid"]
key = jwt.PyJWK(next(k for k in given["jwks"]["keys"] if k["kid"] == kid))
# A token issued "later" than this machine's clock (a test server's frozen clock) is read as of
# that time: PyJWT has no clock to set, so the lead of that time over now is its leeway.
claims = jwt.decode(given["token"], key.key, algorithms=["ES256"], options={"verify_aud": False}, leeway=given["leeway"])
print(json.dumps(claims))
`;

/** The token's claims as PyJWT reads them; throws with PyJWT's error when it refuses the token. */
export function verifyWithPyJwt(
  token: string,
  jwks: { keys: JWK[] },
  { asOf = new Date() }: { asOf?: Date } = {},
): Record<string, unknown> {
  const leeway = Math.max(0, Math.ceil((asOf.getTime() - Date.now()) / 1000)) + 60;
  const run = spawnSync(PYTHON, ["-c", PYTHON_VERIFIER], {
    input: JSON.stringify({ token, jwks, leeway }),
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`PyJWT refused the token: ${run.stderr}`);
  return JSON.parse(run.stdout);
}
