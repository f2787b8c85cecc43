// What each audit action is called on the Audit Log screen. Client-safe.
import type { AuditAction } from "./audit.server.ts";

const labels: Record<AuditAction, string> = {
  sign_in: "Signed in",
  sign_in_failed: "Sign-in failed",
  sign_in_rate_limited: "Sign-in rate-limited",
  sign_out: "Signed out",
  user_created: "User created",
  password_reset: "Password reset",
  user_disabled: "User disabled",
  user_enabled: "User enabled",
  invitation_sent: "Invitation sent",
  invitation_accepted: "Invitation accepted",
  password_reset_sent: "Password reset sent",
  password_reset_requested: "Password reset asked for",
  password_reset_limited: "Password reset rate-limited",
  password_reset_completed: "Password reset completed",
  password_changed: "Password changed",
  password_change_failed: "Password change refused",
  session_ended: "Session signed out",
  other_sessions_ended: "Other sessions signed out",
  sign_in_throttled: "Sign-ins slowed down",
  sign_in_second_factor_due: "Password accepted, code due",
  second_factor_failed: "Two-factor code refused",
  recovery_code_used: "Recovery code used",
  two_factor_enabled: "Two-factor turned on",
  two_factor_disabled: "Two-factor turned off",
  two_factor_reset: "Two-factor reset by an admin",
  passkey_added: "Passkey added",
  passkey_removed: "Passkey removed",
  passkey_sign_in_failed: "Passkey sign-in refused",
  recovery_codes_renewed: "New recovery codes made",
  identity_confirmed: "Confirmed it was them",
  homepage_section_updated: "Homepage section updated",
  settings_updated: "Settings updated",
  staff_settings_updated: "Staff settings updated",
  image_uploaded: "Image uploaded",
  image_updated: "Image updated",
  image_deleted: "Image deleted",
  slide_created: "Slide created",
  slide_updated: "Slide updated",
  slide_deleted: "Slide deleted",
  slides_reordered: "Slides reordered",
  project_created: "Project created",
  project_updated: "Project updated",
  project_deleted: "Project deleted",
  project_moved: "Project moved",
  lead_status_changed: "Lead status changed",
  lead_note_added: "Lead note added",
  lead_assigned: "Lead assigned",
  lead_deleted: "Lead deleted",
  lead_deal_changed: "Deal changed",
  lead_kept_with_owner: "Returning contact kept with its owner",
  leads_requeued: "Leads returned to the queue",
  course_created: "Course created",
  course_updated: "Course updated",
  course_deleted: "Course deleted",
  cohort_created: "Cohort added",
  cohort_updated: "Cohort updated",
  cohort_deleted: "Cohort deleted",
  booking_created: "Consultation booked",
  booking_rescheduled: "Consultation moved",
  booking_cancelled: "Consultation cancelled",
  booking_outcome_set: "Consultation marked held or no-show",
  availability_changed: "Consultation hours changed",
  meeting_type_saved: "Meeting type saved",
  calendar_feed_renewed: "Calendar feed address renewed",
  registration_confirmed: "Registration confirmed",
  registration_paid: "Registration marked paid",
  registration_cancelled: "Registration cancelled",
  registration_cancelled_by_student: "Registration cancelled by the student",
  registration_moved: "Registration moved to another date",
  registration_completed: "Registration completed",
  registration_offered: "Waitlist seat offered",
  registration_offer_accepted: "Waitlist offer accepted",
  registration_offer_declined: "Waitlist offer declined",
  registration_expired: "Registration ended unanswered",
  registration_email_confirmed: "Student confirmed their e-mail address",
  user_role_changed: "User role changed",
  user_deleted: "User deleted",
  content_block_created: "Content block created",
  content_block_updated: "Content block updated",
  content_block_deleted: "Content block deleted",
  mail_resent: "E-mail resent",
  sales_customer_created: "Customer added on the sales dashboard",
  sales_customer_updated: "Customer updated on the sales dashboard",
  sales_customer_deleted: "Customer deleted on the sales dashboard",
  sales_target_set: "Sales target set",
};

/** The label of a stored action (an action no longer known shows as stored). */
export const auditActionLabel = (action: string): string => labels[action as AuditAction] ?? action;

/** The kinds the Audit Log filters by, each the actions whose names start so. */
export const AUDIT_KINDS = [
  { value: "accounts", label: "Sign-ins and accounts" },
  { value: "content", label: "Site content and settings" },
  { value: "customers", label: "Customers and sales" },
  { value: "courses", label: "Courses and dates" },
  { value: "registrations", label: "Registrations" },
  { value: "consultations", label: "Consultations" },
  { value: "mail", label: "E-mail" },
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number]["value"];

const KIND_PREFIXES: [string, AuditKind][] = [
  ["registration_", "registrations"],
  ["booking_", "consultations"],
  ["availability_", "consultations"],
  ["meeting_type_", "consultations"],
  ["calendar_feed_", "consultations"],
  ["course_", "courses"],
  ["cohort_", "courses"],
  ["lead", "customers"],
  ["sales_", "customers"],
  ["mail_", "mail"],
  ["homepage_", "content"],
  ["settings_", "content"],
  ["staff_settings_", "content"],
  ["image_", "content"],
  ["slide", "content"],
  ["project_", "content"],
  ["content_block_", "content"],
];

/** The kind of an action: by its name's start, else a sign-in or account entry. */
export const auditKindOf = (action: string): AuditKind =>
  KIND_PREFIXES.find(([prefix]) => action.startsWith(prefix))?.[1] ?? "accounts";

/** Every known action of a kind. */
export const auditActionsOf = (kind: AuditKind): AuditAction[] =>
  (Object.keys(labels) as AuditAction[]).filter((action) => auditKindOf(action) === kind);

export const isAuditKind = (value: unknown): value is AuditKind =>
  AUDIT_KINDS.some((k) => k.value === value);
