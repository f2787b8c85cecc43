// The account e-mails: the invitation and the password reset (each a one-time link: the outbox
// keeps the token out of the mail log and forgets it once the message is delivered), and the
// notice that a password was changed. Each has a text part and an HTML part
// (account-emails.tsx), rendered here, when the message is queued.
import type { MailBrand } from "#app/domain/mail/brand.server.ts";
import { htmlParts } from "#app/domain/mail/render.server.ts";
import { formatDateTime } from "#app/domain/settings/clock.ts";
import type { OutgoingMail } from "#app/platform/mail/outbox.server.ts";
import { displayName, type PublicUser, roleLabels } from "./roles.ts";
import { describeUserAgent } from "./user-agent.ts";

/** The e-mail components, loaded on the first message (see render.server.ts). */
export const accountEmails = () => import("./account-emails.tsx");

export const INVITATION_HOURS = 72;
export const RESET_HOURS = 1;

/** Where a one-time link leads: the page that sets the password. */
export const setPasswordLink = (brand: MailBrand, token: string) =>
  `${brand.siteUrl}/account/set-password?token=${token}`;

type Recipient = Pick<PublicUser, "email" | "firstName" | "lastName" | "username" | "role">;

function textOf(
  heading: string,
  lines: string[],
  facts: [string, string][],
  link?: string,
  footnote?: string,
) {
  return [
    heading,
    "",
    ...lines.flatMap((line) => [line, ""]),
    ...(link ? [link, ""] : []),
    ...facts.map(([label, value]) => `${label}: ${value}`),
    ...(footnote ? ["", footnote] : []),
  ].join("\n");
}

async function linkMail(
  template: "account-invitation" | "password-reset",
  user: Recipient,
  token: string,
  brand: MailBrand,
  content: { subject: string; heading: string; lines: string[]; button: string; footnote: string },
): Promise<OutgoingMail> {
  const { AccountEmail } = await accountEmails();
  const link = setPasswordLink(brand, token);
  const facts: [string, string][] = [
    ["Account", user.email],
    ["Role", roleLabels[user.role]],
  ];
  return {
    template,
    to: user.email,
    subject: `${content.subject} - ${brand.siteName}`,
    text: textOf(content.heading, content.lines, facts, link, content.footnote),
    ...(await htmlParts(AccountEmail, {
      brand,
      heading: content.heading,
      lines: content.lines,
      button: { label: content.button, link },
      facts,
      footnote: content.footnote,
    })),
    secret: token,
  };
}

/** The invitation: a link to choose a password, valid INVITATION_HOURS, usable once. */
export function invitationMail(user: Recipient, token: string, brand: MailBrand) {
  const name = displayName(user);
  return linkMail("account-invitation", user, token, brand, {
    subject: "Your account is ready",
    heading: `Welcome, ${name}`,
    lines: [
      `An account was created for you at ${brand.siteName}. Choose your password to start.`,
      `The link works once, for ${INVITATION_HOURS} hours. If it has expired, ask an administrator to send a new invitation.`,
    ],
    button: "Choose your password",
    footnote:
      "You receive this e-mail because an administrator created an account with your address. If you did not expect it, ignore it: nothing happens until a password is chosen.",
  });
}

/** A password reset: valid RESET_HOURS, usable once; only the newest link works. */
export function passwordResetMail(user: Recipient, token: string, brand: MailBrand) {
  return linkMail("password-reset", user, token, brand, {
    subject: "Choose a new password",
    heading: "Choose a new password",
    lines: [
      "Someone asked to reset the password of your account. Use the link below to choose a new one: it also unlocks the account and signs out every session.",
      `The link works once, for ${RESET_HOURS} hour, and only the newest link you received works.`,
    ],
    button: "Choose a new password",
    footnote:
      "If you did not ask for this, ignore this e-mail: your password stays as it is. Nobody from our company will ever ask you for it.",
  });
}

/** Where a change came from: the client's address and its browser. */
export interface ChangeOrigin {
  at: Date;
  ip: string;
  userAgent?: string;
}

/**
 * A notice about the security of an account (its password changed, two-factor turned on or off,
 * a passkey added or removed, new recovery codes): what happened, when, from which address and
 * browser, and what to do if it was not the owner.
 */
export async function securityNoticeMail(
  user: Recipient,
  brand: MailBrand,
  notice: ChangeOrigin & { template: string; heading: string; happened: string },
): Promise<OutgoingMail> {
  const { AccountEmail } = await accountEmails();
  const lines = [
    notice.happened,
    `If this was not you, reset your password at ${brand.siteUrl}/account/forgot-password right away and call us at ${brand.phone}.`,
  ];
  const facts: [string, string][] = [
    ["Account", user.email],
    ["When", formatDateTime(notice.at, brand.timeZone)],
    ["From address", notice.ip || "unknown"],
    ...(notice.userAgent === undefined
      ? []
      : [["Browser", describeUserAgent(notice.userAgent)] as [string, string]]),
  ];
  const footnote = "You receive this e-mail because it concerns the security of your account.";
  const { heading } = notice;
  return {
    template: notice.template,
    to: user.email,
    subject: `${heading} - ${brand.siteName}`,
    text: textOf(heading, lines, facts, undefined, footnote),
    ...(await htmlParts(AccountEmail, { brand, heading, lines, facts, footnote })),
  };
}

/** Tells the owner their password changed, and what to do if it was not them. */
export function passwordChangedMail(
  user: Recipient,
  brand: MailBrand,
  change: ChangeOrigin & { how: "changed" | "reset"; passkeysRemoved?: number },
): Promise<OutgoingMail> {
  const removed = change.passkeysRemoved ?? 0;
  return securityNoticeMail(user, brand, {
    template: "password-changed",
    heading: "Your password was changed",
    happened:
      change.how === "changed"
        ? "The password of your account was changed from the account page. Every other session was signed out."
        : `A new password was chosen for your account through an e-mailed link. Every session was signed out${removed ? ` and your ${removed === 1 ? "passkey was" : `${removed} passkeys were`} removed: add a passkey again from the account page` : ""}.`,
    at: change.at,
    ip: change.ip,
    userAgent: change.userAgent,
  });
}
