// /account's loader and action: the signed-in person's profile, password, two-factor sign-in,
// passkeys and sessions. Every change is theirs only (the session's user) and is audited.

import { data, type RouterContextProvider, redirect } from "react-router";
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import { getStaffSettings } from "#app/domain/settings/staff-settings.server.ts";
import { appContext } from "#app/platform/context.ts";
import {
  CORRECT_FIELDS,
  done,
  fail,
  handleIntents,
  postedId,
} from "#app/platform/form-action.server.ts";
import { accountMailOf, changeOwnPassword } from "./account.server.ts";
import { auditChange } from "./audit.server.ts";
import { readSessionToken } from "./cookie.server.ts";
import { getCurrentUser, requireUser } from "./guard.server.ts";
import { listPasskeys, removePasskey } from "./passkeys.server.ts";
import { displayName, ROLES, roleLabels, signInPathOf } from "./roles.ts";
import { endOtherSessions, endOwnSession, hashToken, listUserSessions } from "./sessions.server.ts";
import {
  cancelTotpEnrolment,
  confirmTotpEnrolment,
  disableTotp,
  pendingEnrolment,
  recoveryCodesLeft,
  startTotpEnrolment,
} from "./two-factor.server.ts";
import { findUserById } from "./users.server.ts";

type Context = Readonly<RouterContextProvider>;

/** Each area's home, to go back to from the account page. */
const homes = {
  "/admin": { to: "/admin/dashboard", label: "Admin dashboard" },
  "/login": { to: "/sales-dashboard", label: "Sales dashboard" },
  "/portal": { to: "/portal", label: "Training Portal" },
} as const;

export async function accountLoader(request: Request, context: Context) {
  const user = await getCurrentUser(request, context);
  // Nobody signed in: a page says where each kind of account signs in.
  if (!user) throw redirect("/account/sign-in");
  const { db, env } = context.get(appContext);
  const row = await findUserById(db, user.id);
  if (!row) throw redirect("/account/sign-in");
  const door = signInPathOf(user.role);
  const passkeys = await listPasskeys(db, user.id);
  const twoFactorOn = Boolean(row.totpSecret);
  const { siteName, timeZone } = await getSiteSettings(db);
  const required =
    user.role === "admin" &&
    !twoFactorOn &&
    passkeys.length === 0 &&
    (await getStaffSettings(db, env)).require_admin_two_factor === "on";
  return {
    me: {
      name: displayName(user),
      email: user.email,
      role: roleLabels[user.role],
      door,
      home: homes[door],
    },
    twoFactor: {
      on: twoFactorOn,
      recoveryLeft: twoFactorOn ? await recoveryCodesLeft(db, user.id) : 0,
      // The key and QR code, once the person asked to set it up (kept until confirmed).
      enrolment: await pendingEnrolment(row, siteName),
      required,
    },
    passkeys,
    sessions: await listUserSessions(db, user.id, readSessionToken(request)?.token),
    // The company's time zone: the page's dates and times are shown in it.
    timeZone,
  };
}

export async function accountAction(request: Request, context: Context) {
  const user = await requireUser(request, context, {
    roles: ROLES,
    signInPath: "/login",
    beforeSecondFactor: true,
  });
  const services = context.get(appContext);
  const { db, clientIp } = services;
  const token = readSessionToken(request)?.token ?? "";
  const actor = { user, ip: clientIp };
  const me = async () => {
    const row = await findUserById(db, user.id);
    if (!row) throw redirect("/account/sign-in");
    return row;
  };
  const refused = (
    intent: string,
    result: { error: string; status: number; fieldErrors?: Record<string, string> },
  ) =>
    fail(intent, result.error || CORRECT_FIELDS, result.status, {
      fieldErrors: result.fieldErrors,
    });

  return handleIntents(request, {
    password: async (form, intent) => {
      const result = await changeOwnPassword(db, await accountMailOf(services), {
        userId: user.id,
        sessionToken: token,
        currentPassword: String(form.get("currentPassword") ?? ""),
        password: String(form.get("password") ?? ""),
        confirmPassword: String(form.get("confirmPassword") ?? ""),
        ip: clientIp,
      });
      if (!result.ok) return refused(intent, result);
      return done(
        intent,
        "Your password is changed. Every other session was signed out, and we e-mailed you a notice.",
      );
    },
    "totp-start": async (_form, intent) => {
      const { siteName } = await getSiteSettings(db);
      const enrolment = await startTotpEnrolment(db, await me(), siteName);
      if (!enrolment) return fail(intent, "Two-factor sign-in is already on.", 409);
      return done(intent, "Scan the QR code with your authenticator app, then enter its code.");
    },
    "totp-cancel": async (_form, intent) => {
      await cancelTotpEnrolment(db, user.id);
      return done(intent, "Two-factor set-up cancelled.");
    },
    "totp-confirm": async (form, intent) => {
      const code = String(form.get("code") ?? "");
      const mail = await accountMailOf(services);
      const result = await confirmTotpEnrolment(db, await me(), code, actor, mail);
      if (!result.ok) return refused(intent, result);
      // Shown once, in this answer only.
      return data({
        ok: true as const,
        intent,
        message: "Two-factor sign-in is on. Save your recovery codes now.",
        recoveryCodes: result.recoveryCodes,
      });
    },
    "totp-disable": async (form, intent) => {
      const input = {
        password: String(form.get("password") ?? ""),
        code: String(form.get("code") ?? ""),
      };
      const mail = await accountMailOf(services);
      const result = await disableTotp(db, await me(), input, actor, mail);
      if (!result.ok) return refused(intent, result);
      return done(intent, "Two-factor sign-in is off. We e-mailed you a notice.");
    },
    "remove-passkey": async (form, intent) => {
      const id = postedId(form);
      const result = id ? await removePasskey(db, user.id, id, actor) : null;
      if (!result?.ok) return fail(intent, "That passkey is not on your account.", 404);
      return done(intent, `The passkey “${result.name}” is removed.`);
    },
    "end-session": async (form, intent) => {
      const id = String(form.get("id") ?? "");
      if (!(await endOwnSession(db, user.id, id))) {
        return fail(intent, "That session has already ended.", 404);
      }
      await auditChange(db, actor, "session_ended", `user:${user.id}`);
      // Ending the session of this page signs this browser out.
      if (id === hashToken(token)) throw redirect(signInPathOf(user.role));
      return done(intent, "The session is signed out.");
    },
    "end-others": async (_form, intent) => {
      const ended = await endOtherSessions(db, user.id, token);
      await auditChange(db, actor, "other_sessions_ended", `user:${user.id}`, { ended });
      const message = ended
        ? `${ended} other session${ended === 1 ? "" : "s"} signed out.`
        : "No other session was signed in.";
      return done(intent, message);
    },
  });
}
