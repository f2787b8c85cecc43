// One line per audit entry, in words an office manager reads ("Assigned lead #3 (Jane Doe) to
// Sam Rep"), written here once for every kind of entry. Client-safe: the Audit Log shows it,
// with the stored details one click away. The names of the records an entry points at
// ("user:3", "lead:5") come with it, looked up when the log is read (audit-log.server.ts). It
// sits above the areas: its words come from many of them.

import type { AuditAction } from "#app/domain/audit/audit.server.ts";
import { auditActionLabel } from "#app/domain/audit/audit-labels.ts";
import { factorWords } from "#app/domain/auth/factors.ts";
import { isRole, roleLabels } from "#app/domain/auth/roles.ts";
import { formatDateTime, formatDay, timeZoneLabel } from "#app/domain/settings/clock.ts";
import { DEFAULT_TIME_ZONE } from "#app/domain/settings/settings.ts";
import { STAFF_SETTING_LABELS } from "#app/domain/settings/staff-settings.ts";
import { STATUS_LABELS } from "#app/domain/training/registration-status.ts";
import { CLASS_SCHEDULES, labelOf } from "#app/domain/training/training.ts";

export interface AuditFacts {
  action: string;
  /** The company's time zone: times in the details are shown in it, as everywhere on staff screens. */
  timeZone?: string;
  /** What the entry is about: "lead:3", "user:2", "registration:7", a media URL, ... */
  target: string;
  details: Record<string, unknown>;
  /** Names of the records the entry points at, by reference ("user:2" -> "Sam Rep"). */
  names?: Record<string, string>;
}

/** The sign-in pages, as people call them. */
export const DOOR_LABELS: Record<string, string> = {
  admin: "the admin sign-in",
  login: "the sales team sign-in",
  portal: "the Training Portal",
  api: "an app (the API)",
};

const REASONS: Record<string, string> = {
  unknown_user: "no account has that name",
  no_password_yet: "the account has no password yet",
  wrong_password: "wrong password",
  disabled: "the account is disabled",
  role_not_allowed: "this account does not sign in here",
  throttled: "too many attempts, asked to wait",
  unknown_address: "no account has that address",
};

const BRAND_LABELS: Record<string, string> = {
  site_name: "site name",
  tagline: "tagline",
  phone: "phone",
  email: "e-mail",
  address: "address",
  social_links: "social links",
  logo_url: "logo",
  time_zone: "time zone",
};

const staffLabels: Record<string, string | undefined> = STAFF_SETTING_LABELS;

const text = (v: unknown) =>
  typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : "";
/** "snake_case" or "kebab-case" as words. */
const words = (v: string) => v.replace(/[_-]+/g, " ").trim();
/** A stored ISO instant in the company's zone ("November 24, 2026, 11:46 PM CST"). */
const instant = (v: unknown, zone = DEFAULT_TIME_ZONE) =>
  Number.isNaN(Date.parse(text(v))) ? text(v) : formatDateTime(text(v), zone);
const day = (v: unknown) => (/^\d{4}-\d{2}-\d{2}$/.test(text(v)) ? formatDay(text(v)) : text(v));
const quoted = (v: unknown) => (text(v) ? `"${text(v)}"` : "");
const join = (...parts: string[]) => parts.filter(Boolean).join(" ");
const regStatus = (v: unknown) =>
  STATUS_LABELS[text(v) as keyof typeof STATUS_LABELS] ?? words(text(v));
const door = (d: Record<string, unknown>) => DOOR_LABELS[text(d.door)] ?? "";
const at = (d: Record<string, unknown>) => (door(d) ? ` at ${door(d)}` : "");
const because = (d: Record<string, unknown>) =>
  d.reason ? `: ${REASONS[text(d.reason)] ?? words(text(d.reason))}` : "";

/** The kind and number of a target ("lead", 3), or null for a free-form target. */
function refOf(target: string): [string, string] | null {
  const m = /^([a-z_]+):(.+)$/.exec(target);
  return m ? [m[1] as string, m[2] as string] : null;
}

/** The record an entry is about, by name where one is known: "lead #3 (Jane Doe)". */
function subject(e: AuditFacts): string {
  const ref = refOf(e.target);
  if (!ref) return e.target;
  const [kind, id] = ref;
  const name = e.names?.[e.target] ?? "";
  const d = e.details;
  switch (kind) {
    case "user":
      return name || text(d.email) || `user #${id}`;
    case "lead":
      return join(`lead #${id}`, name || text(d.name) ? `(${name || text(d.name)})` : "");
    case "registration": {
      const who = name || [text(d.student), text(d.course)].filter(Boolean).join(", ");
      return join(`registration #${id}`, who ? `(${who})` : "");
    }
    case "booking": {
      const about = [text(d.person), text(d.when)].filter(Boolean).join(", ");
      return join(`consultation #${id}`, about ? `(${about})` : "");
    }
    case "course":
      return name || quoted(d.title) || `course #${id}`;
    case "project":
      return join("project", name ? `"${name}"` : quoted(d.title) || `#${id}`);
    case "hero_slide":
      return join("slide", name ? `"${name}"` : quoted(d.title) || `#${id}`);
    case "content_block":
      return join("content block", quoted(d.key) || `#${id}`);
    case "mail":
      return name ? `the e-mail ${name}` : `e-mail #${id}`;
    default:
      return name || `${words(kind)} #${id}`;
  }
}

/** A user named by id in the details (a lead's owner before and after). */
const userNamed = (e: AuditFacts, id: unknown) =>
  id === null || id === undefined || id === ""
    ? ""
    : (e.names?.[`user:${text(id)}`] ?? `user #${text(id)}`);

type Summary = (e: AuditFacts, it: string) => string;

const settingList = (fields: unknown, labels: Record<string, string>) =>
  text(fields)
    .split(",")
    .filter(Boolean)
    .map((k) => labels[k] ?? words(k))
    .join(", ");

const summaries: Record<AuditAction, Summary> = {
  sign_in: (e) =>
    `Signed in${at(e.details)}${factorWords(e.details.factors) ? ` with ${factorWords(e.details.factors)}` : ""}`,
  sign_in_failed: (e) => `Sign-in failed${at(e.details)}${because(e.details)}`,
  sign_in_rate_limited: (e) => `Too many sign-ins from one address${at(e.details)}; refused`,
  sign_out: () => "Signed out",
  sign_in_throttled: (e) =>
    `${text(e.details.failures) || "Several"} failed sign-ins in a row${at(e.details)}: further tries wait`,
  sign_in_second_factor_due: (e) => `Password accepted${at(e.details)}; two-factor code asked for`,
  second_factor_failed: (e) =>
    `${e.details.with === "passkey" ? "Passkey refused as the second step" : "Wrong two-factor code"}${at(e.details)}`,
  recovery_code_used: (e) => `Signed in with a recovery code${at(e.details)}`,
  passkey_sign_in_failed: (e) => `Passkey sign-in refused${at(e.details)}${because(e.details)}`,
  user_created: (e, it) =>
    join(
      `Created the account of ${it}`,
      isRole(e.details.role) ? `(${roleLabels[e.details.role]})` : "",
    ),
  password_reset: (_, it) => `Reset the password of ${it}`,
  user_disabled: (_, it) => `Disabled the account of ${it}`,
  user_enabled: (_, it) => `Enabled the account of ${it}`,
  user_role_changed: (e, it) =>
    `Changed the role of ${it} from ${roleName(e.details.from)} to ${roleName(e.details.to)}`,
  user_deleted: (_, it) => `Deleted the account of ${it}`,
  invitation_sent: (_, it) => `Sent an invitation to ${it}`,
  invitation_accepted: (_, it) => `${it} accepted their invitation and chose a password`,
  password_reset_sent: (_, it) => `Sent a password reset link to ${it}`,
  password_reset_requested: (e) =>
    e.details.sent === false
      ? `Password reset asked for; no link sent${because(e.details)}`
      : "Password reset asked for; link sent",
  password_reset_limited: () => "Too many password reset requests; refused",
  password_reset_completed: (_, it) => `${it} chose a new password with a reset link`,
  password_changed: () => "Changed their password",
  password_change_failed: () => "Password change refused: wrong current password",
  session_ended: () => "Signed out one of their sessions",
  other_sessions_ended: (e) => `Signed out ${text(e.details.ended) || "their"} other sessions`,
  two_factor_enabled: () => "Turned on two-factor sign-in",
  two_factor_disabled: (_, it) => `Turned off two-factor sign-in for ${it}`,
  two_factor_reset: (e, it) =>
    `Reset two-factor sign-in for ${it}${Number(e.details.passkeysRemoved) > 0 ? " and removed their passkeys" : ""}`,
  passkey_added: (e) => join("Added a passkey", quoted(e.details.name)),
  passkey_removed: (e) => join("Removed the passkey", quoted(e.details.name)),
  recovery_codes_renewed: () => "Made new recovery codes (the old ones stopped working)",
  identity_confirmed: (e) => `Confirmed it was them with ${factorWords(e.details.with)}`,
  homepage_section_updated: (e) => `Updated the home page's ${words(e.target)} section`,
  settings_updated: (e) =>
    e.target === "logo"
      ? "Changed the logo"
      : e.target === "time_zone"
        ? `Set the company time zone to ${timeZoneLabel(text(e.details.timeZone))}`
        : `Updated the site details: ${settingList(e.details.fields, BRAND_LABELS)}`,
  staff_settings_updated: (e) =>
    `Updated the staff settings: ${Object.entries(e.details)
      .map(([k, v]) => `${staffLabels[k] ?? words(k)} set to ${settingValue(v)}`)
      .join("; ")}`,
  image_uploaded: (e) => join("Uploaded the image", quoted(e.details.originalName)),
  image_updated: (e) =>
    e.details.altText
      ? `Changed an image's alt text to "${text(e.details.altText)}"`
      : "Removed an image's alt text",
  image_deleted: (e) => join("Deleted the image", quoted(e.details.originalName)),
  slide_created: (_, it) => `Created the ${it}`,
  slide_updated: (e, it) =>
    typeof e.details.isActive === "boolean"
      ? `${e.details.isActive ? "Switched on" : "Switched off"} the ${it}`
      : `Updated the ${it}`,
  slide_deleted: (_, it) => `Deleted the ${it}`,
  slides_reordered: () => "Changed the order of the hero slides",
  project_created: (_, it) => `Created the ${it}`,
  project_updated: (_, it) => `Updated the ${it}`,
  project_deleted: (_, it) => `Deleted the ${it}`,
  project_moved: (e, it) => join(`Moved the ${it}`, text(e.details.direction)),
  lead_status_changed: (e, it) =>
    `Changed the status of ${it} from ${text(e.details.from)} to ${text(e.details.to)}`,
  lead_note_added: (_, it) => `Added a note to ${it}`,
  lead_assigned: (e, it) =>
    e.details.to === null || e.details.to === undefined
      ? `Returned ${it} to New leads`
      : `Assigned ${it} to ${userNamed(e, e.details.to)}`,
  lead_deleted: (_, it) => `Deleted ${it}`,
  lead_deal_changed: (e, it) =>
    `Changed the deal of ${it}: ${deal(e.details.from)} → ${deal(e.details.to)}`,
  lead_kept_with_owner: (e, it) =>
    `Kept ${it} with ${userNamed(e, e.details.owner)} after they wrote again`,
  leads_requeued: (e, it) =>
    `Returned ${text(e.details.count) || "the"} open leads of ${it} to New leads`,
  course_created: (_, it) => `Created the course ${it}`,
  course_updated: (_, it) => `Updated the course ${it}`,
  course_deleted: (_, it) => `Deleted the course ${it}`,
  cohort_created: (e, it) => `Added a start date to ${it}: ${cohort(e.details)}`,
  cohort_updated: (e, it) => `Changed a start date of ${it}: ${cohort(e.details)}`,
  cohort_deleted: (e, it) => `Removed a start date of ${it}: ${cohort(e.details)}`,
  class_session_moved: (e, it) =>
    `Moved a class of ${it} from ${text(e.details.from)} to ${text(e.details.to)}`,
  class_session_cancelled: (e, it) => `Cancelled the class of ${it} on ${text(e.details.class)}`,
  class_session_added: (e, it) => `Added a class to ${it} on ${text(e.details.class)}`,
  class_material_added: (e, it) => `Added the material "${text(e.details.title)}" to ${it}`,
  class_material_removed: (e, it) => `Removed the material "${text(e.details.title)}" from ${it}`,
  certificate_issued: (e, it) =>
    `Issued certificate ${text(e.details.certificate)} to ${text(e.details.name)} for ${it}`,
  certificate_revoked: (e, it) =>
    `Revoked certificate ${text(e.details.certificate)} of ${it}: ${text(e.details.reason)}`,
  invoice_issued: (e, it) =>
    `Issued invoice ${text(e.details.number)} for ${it}: ${text(e.details.amount)}, due ${day(e.details.due)}`,
  receipt_issued: (e, it) =>
    `Received ${text(e.details.amount)} for ${it} by ${text(e.details.method)}, receipt ${text(e.details.number)}`,
  credit_note_issued: (e, it) =>
    `Issued credit note ${text(e.details.number)} for ${it}: ${text(e.details.amount)} against invoice ${text(e.details.invoice)}`,
  payment_refunded: (e, it) =>
    `Refunded ${text(e.details.amount)} of ${it} by ${text(e.details.method)}`,
  attendance_marked: (e, it) => {
    const n = Array.isArray(e.details.students) ? e.details.students.length : 0;
    return `Marked ${n} student${n === 1 ? "" : "s"} ${text(e.details.mark)} in ${it} on ${day(e.details.day)}`;
  },
  registration_confirmed: (e, it) => `Confirmed ${it}${statusChange(e)}`,
  registration_paid: (e, it) =>
    join(`Marked ${it} paid`, e.details.amount ? `(${text(e.details.amount)})` : ""),
  booking_created: (_, it) => `Booked ${it}`,
  booking_rescheduled: (e, it) =>
    `Moved ${it}${text(e.details.to) ? ` to ${text(e.details.to)}` : ""}`,
  booking_cancelled: (e, it) => `Cancelled ${it}${because(e.details)}`,
  booking_outcome_set: (e, it) =>
    `Marked ${it} ${e.details.outcome === "no_show" ? "a no-show" : "held"}`,
  availability_changed: (e) =>
    `Changed consultation hours${text(e.details.change) ? `: ${text(e.details.change)}` : ""}`,
  meeting_type_saved: (e) => `Saved the meeting type ${quoted(e.details.name)}`,
  calendar_feed_renewed: () => "Made a new calendar feed address",
  booking_reassigned: (e, it) =>
    `Gave ${it} to ${text(e.details.to) || "another consultant"}${text(e.details.from) ? ` (was ${text(e.details.from)})` : ""}`,
  closed_day_added: (e) =>
    join(
      `Closed ${day(e.details.day)}`,
      quoted(e.details.name),
      e.details.yearly ? "every year" : "",
    ),
  closed_day_removed: (e) => `Opened ${day(e.target.replace(/^closed-day:/, ""))} again`,
  content_published: (e) => `Published version ${text(e.details.version)} of ${item(e.target)}`,
  content_draft_saved: (e) =>
    join(
      `Saved a draft (version ${text(e.details.version)}) of ${item(e.target)}`,
      e.details.conflict ? "on top of an older version than the live one" : "",
    ),
  content_restored: (e) => `Made a draft of ${item(e.target)} from version ${text(e.details.from)}`,
  content_draft_discarded: (e) => `Discarded the draft of ${item(e.target)}`,
  content_scheduled: (e) =>
    `Scheduled the release "${text(e.details.name)}" for ${instant(e.details.publishAt, e.timeZone)}`,
  content_schedule_cancelled: (e) => `Cancelled the release "${text(e.details.name)}"`,
  content_release_published: (e) => `Published the release "${text(e.details.name)}"`,
  content_release_failed: (e) =>
    `The release "${text(e.details.name)}" was not published: ${text(e.details.error)}`,
  content_unpublished: (e) => `Took ${item(e.target)} off the site`,
  content_preview_shared: (e) =>
    `Shared a preview link of version ${text(e.details.version)} of ${item(e.target)}`,
  content_preview_revoked: (e) => `Revoked a preview link of ${item(e.target)}`,
  registration_cancelled: (e, it) => `Cancelled ${it}${because(e.details)}`,
  registration_cancelled_by_student: (_, it) => `The student cancelled ${it}`,
  registration_moved: (_, it) => `Moved ${it} to another start date`,
  registration_completed: (_, it) => `Marked ${it} completed`,
  registration_offered: (_, it) => `Offered a freed seat to ${it} from the waitlist`,
  registration_offer_accepted: (_, it) => `The student accepted the seat offered for ${it}`,
  registration_offer_declined: (_, it) => `The student declined the seat offered for ${it}`,
  registration_expired: (_, it) => `Ended ${it}: the student did not answer in time`,
  registration_email_confirmed: (_, it) => `The student confirmed their e-mail address for ${it}`,
  content_block_created: (_, it) => `Created the ${it}`,
  content_block_updated: (_, it) => `Updated the ${it}`,
  content_block_deleted: (_, it) => `Deleted the ${it}`,
  mail_resent: (_, it) => `Queued ${it} again`,
  sales_customer_created: (e, it) =>
    join(`Added ${it} on the sales dashboard`, e.details.phase ? `(${text(e.details.phase)})` : ""),
  sales_customer_updated: (_, it) => `Updated ${it} on the sales dashboard`,
  sales_customer_deleted: (_, it) => `Deleted ${it} on the sales dashboard`,
  sales_target_set: (e) =>
    `Set the sales target ${e.target === "sales_target:team" ? "of the team" : `of ${e.names?.[e.target.replace("sales_target:", "")] ?? "a rep"}`} for ${text(e.details.month)} to ${text(e.details.amount)}`,
};

/** "course:3" as "course 3", "homepage_section:hero" as "homepage section hero". */
function item(target: string) {
  return words(target.replace(":", " "));
}

function roleName(v: unknown) {
  return isRole(v) ? roleLabels[v] : text(v) || "none";
}

function settingValue(v: unknown) {
  if (v === "(default)" || v === "") return "the default";
  if (v === "on") return "on";
  return `"${text(v)}"`;
}

function deal(v: unknown) {
  const d = (v && typeof v === "object" ? v : {}) as Record<string, unknown>;
  return [text(d.phase), text(d.value)].filter(Boolean).join(", ") || "none";
}

function cohort(d: Record<string, unknown>) {
  const schedule = text(d.classSchedule);
  return [day(d.startDate), schedule ? labelOf(CLASS_SCHEDULES, schedule).split(" (")[0] : ""]
    .filter(Boolean)
    .join(", ");
}

/** " (Pending → Confirmed)" when the entry says what the status was and became. */
function statusChange(e: AuditFacts) {
  const d = e.details;
  return d.from && d.to && d.from !== d.to ? ` (${regStatus(d.from)} → ${regStatus(d.to)})` : "";
}

/** The entry in one line; an action this version does not know shows its stored name. */
export function auditSummary(e: AuditFacts): string {
  const summary = summaries[e.action as AuditAction];
  if (!summary) return join(auditActionLabel(e.action), e.target ? `(${e.target})` : "");
  return summary(e, subject(e));
}
