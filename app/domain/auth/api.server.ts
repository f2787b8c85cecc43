// The JSON doors: POST /api/auth/login (a Bearer token for API clients), logout, me, and the
// admin-only POST /api/auth/register. Same rules as the pages: lockout, rate limit, audit.
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { appContext } from "#app/platform/context.ts";
import { clearSessionCookie, readCookie, readSessionToken } from "#app/web/cookie.server.ts";
import { authSettings, requireAdmin, requireUser } from "#app/web/guard.server.ts";
import {
  BadInputError,
  BodyTooLargeError,
  json,
  jsonError,
  readForm,
  readJsonObject,
  refusedTextAnswer,
  TOO_LARGE,
} from "#app/web/http.server.ts";
import { accountMailOf } from "./account.server.ts";
import {
  apiLoginSchema,
  CODE_EXPIRED,
  INVALID_EMAIL_OR_PASSWORD,
  tooManyAttempts,
  tooManyFailures,
  WRONG_CODE,
} from "./auth.schema.ts";
import { PASSKEY_TEXTS } from "./passkeys.server.ts";
import { apiPassword } from "./password-policy.server.ts";
import { ROLES } from "./roles.ts";
import { secondStepPasskeyOptions, signIn, signOut, verifySecondFactor } from "./sign-in.server.ts";
import { ticketCookieName } from "./sign-in-action.server.ts";
import { addUser } from "./users-admin.server.ts";

type Context = Readonly<RouterContextProvider>;

const MAX_BODY_BYTES = 16 * 1024;

/** A JSON or form body as a plain object, or null when it cannot be read. */
async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  if ((request.headers.get("content-type") ?? "").includes("application/json")) {
    return readJsonObject(request, MAX_BODY_BYTES);
  }
  try {
    const form = await readForm(request, MAX_BODY_BYTES);
    return form && Object.fromEntries(form);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw jsonError(TOO_LARGE, 413);
    if (error instanceof BadInputError) throw refusedTextAnswer(error.field);
    throw error;
  }
}

export async function apiLogin(request: Request, context: Context) {
  const body = await readBody(request);
  const parsed = apiLoginSchema.safeParse(body ?? {});
  if (!parsed.success) return json({ error: "Email and password are required." }, 400);
  const { db, env, clientIp } = context.get(appContext);
  const result = await signIn(db, authSettings(env), {
    login: parsed.data.email,
    password: parsed.data.password,
    roles: ROLES,
    ip: clientIp,
    userAgent: request.headers.get("user-agent") ?? "",
    door: "api",
  });
  if (result.ok) {
    return json({ token: result.token, user: result.user, expiresAt: result.expiresAt });
  }
  switch (result.reason) {
    case "second_factor":
      // Within 5 minutes the client sends this ticket to /api/auth/login/verify with a code
      // ("totp" in methods), or with a passkey's response to the options that
      // /api/auth/login/passkey gives for it ("passkey").
      return json({
        twoFactorRequired: true,
        ticket: result.ticket,
        expiresAt: result.expiresAt,
        methods: result.methods,
      });
    case "rate_limited":
    case "throttled":
      return tooMany(result.reason, result.retryAfter);
    default:
      return json({ error: INVALID_EMAIL_OR_PASSWORD }, 401);
  }
}

function tooMany(reason: "rate_limited" | "throttled", retryAfter: number) {
  const error = reason === "throttled" ? tooManyFailures(retryAfter) : tooManyAttempts(retryAfter);
  return json({ error }, 429, { "Retry-After": String(retryAfter) });
}

/**
 * POST /api/auth/login/verify { ticket, code } or { ticket, passkey }: the second step; answers
 * what login does.
 */
export async function apiLoginVerify(request: Request, context: Context) {
  const body = await readBody(request);
  const ticket = body?.ticket;
  const code = body?.code;
  const passkey = body?.passkey;
  const withCode = typeof code === "string" && code.trim() !== "";
  const withPasskey = typeof passkey === "object" && passkey !== null;
  if (typeof ticket !== "string" || withCode === withPasskey) {
    return json(
      { error: "Send the ticket from /api/auth/login and a code, or a passkey's response." },
      400,
    );
  }
  const { db, env, clientIp } = context.get(appContext);
  const result = await verifySecondFactor(db, authSettings(env), {
    ticket,
    ...(withCode ? { code: code as string } : { passkey, siteUrl: env.SITE_URL }),
    ip: clientIp,
    userAgent: request.headers.get("user-agent") ?? "",
  });
  if (result.ok) {
    return json({ token: result.token, user: result.user, expiresAt: result.expiresAt });
  }
  if (result.reason === "expired") return json({ error: CODE_EXPIRED }, 401);
  if (result.reason === "wrong_code") {
    return json({ error: withCode ? WRONG_CODE : PASSKEY_TEXTS.notVerified }, 401);
  }
  return tooMany(result.reason, result.retryAfter);
}

/**
 * POST /api/auth/login/passkey { ticket }: the options for answering a pending second step with
 * one of the user's passkeys. The sign-in pages send no ticket: theirs is in the step's cookie.
 */
export async function apiLoginPasskey(request: Request, context: Context) {
  const body = await readJsonObject(request, MAX_BODY_BYTES);
  const ticket = body?.ticket ?? readCookie(request, ticketCookieName(request));
  const { db, env, clientIp } = context.get(appContext);
  const result = await secondStepPasskeyOptions(db, authSettings(env), {
    ticket,
    ip: clientIp,
    siteUrl: env.SITE_URL,
  });
  if (!result) return json({ error: CODE_EXPIRED }, 401);
  if (!result.ok) return tooMany("rate_limited", result.retryAfter);
  return json(result.options);
}

export async function apiLogout(request: Request, context: Context) {
  const presented = readSessionToken(request);
  const { db, env, clientIp } = context.get(appContext);
  await signOut(db, authSettings(env), presented?.token, clientIp);
  return json(
    { ok: true },
    200,
    presented?.via === "cookie" ? { "Set-Cookie": clearSessionCookie(request) } : {},
  );
}

export async function apiMe(request: Request, context: Context) {
  const user = await requireUser(request, context, { roles: ROLES, signInPath: "/login" });
  return json({ user });
}

const registerSchema = z.object({
  email: z.email({ error: "Enter a valid email address." }).max(254),
  role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(", ")}.` }).default("sales_rep"),
  username: z
    .string()
    .trim()
    .regex(/^[a-zA-Z0-9._-]{2,64}$/, { error: "Username: 2 to 64 letters, digits, . _ or -." })
    .optional(),
  firstName: z.string().trim().max(100).default(""),
  lastName: z.string().trim().max(100).default(""),
});

/**
 * Admins create users; there is no open sign-up. The new user is e-mailed an invitation, or
 * takes the `password` given (checked by the password policy); no password is ever answered.
 */
export async function apiRegister(request: Request, context: Context) {
  const { actor, services } = await requireAdmin(request, context);
  const body = await readBody(request);
  const parsed = registerSchema.safeParse(body ?? {});
  if (!parsed.success) {
    return json({ error: parsed.error.issues[0]?.message ?? "Invalid request." }, 400);
  }
  const password = await apiPassword(body?.password, parsed.data);
  if (!password.ok) return password.answer;
  const mail = await accountMailOf(services);
  const result = await addUser(services.db, parsed.data, actor, mail, password.value);
  if (!result.ok) return json({ error: result.error }, result.status);
  return json({ user: result.user, invitation: result.user.invitation }, 201);
}
