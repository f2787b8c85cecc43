import { describe, expect, it } from "vitest";
import {
  clearSessionCookie,
  readSessionToken,
  sessionCookie,
  sessionCookieName,
} from "./cookie.server.ts";

const http = (headers: Record<string, string> = {}) =>
  new Request("http://localhost:3000/admin", { headers });
const https = (headers: Record<string, string> = {}) =>
  new Request("https://www.example.com/admin", { headers });

describe("the session cookie", () => {
  it("is __Host- and Secure over HTTPS, plain over HTTP: it follows the protocol", () => {
    const expires = new Date(Date.now() + 3_600_000);
    expect(sessionCookieName(https())).toBe("__Host-sid");
    expect(sessionCookie(https(), "abc", expires)).toMatch(
      /^__Host-sid=abc; Path=\/; HttpOnly; SameSite=Lax; Max-Age=(3599|3600); Secure$/,
    );
    expect(sessionCookieName(http())).toBe("sid");
    expect(sessionCookie(http(), "abc", expires)).not.toContain("Secure");
    expect(clearSessionCookie(https())).toBe(
      "__Host-sid=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure",
    );
  });

  it("reads the token from a Bearer header first, else from the cookie of this protocol", () => {
    expect(readSessionToken(http({ cookie: "theme=dark; sid=tok_1" }))).toEqual({
      token: "tok_1",
      via: "cookie",
    });
    expect(readSessionToken(http({ authorization: "Bearer tok-2", cookie: "sid=x" }))).toEqual({
      token: "tok-2",
      via: "bearer",
    });
    // A plain-HTTP cookie is not the HTTPS session, and a malformed header is nothing.
    expect(readSessionToken(https({ cookie: "sid=tok_1" }))).toBeNull();
    expect(readSessionToken(http({ authorization: "Bearer a b" }))).toBeNull();
    expect(readSessionToken(http({ authorization: "Basic YWRtaW4=" }))).toBeNull();
    expect(readSessionToken(http())).toBeNull();
  });
});
