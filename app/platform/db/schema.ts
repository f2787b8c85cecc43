// The database's tables, one file (drizzle-kit reads the schema from here, and every migration
// in ./migrations is generated against it). Over 400 lines because it is the whole data model:
// each table sits once, with its checks and indexes; docs/decisions record why each exists.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";

/** A stored part of a mail message: text content, or base64 when `encoding` says so. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding?: "base64";
  /** Set on an inline part the HTML refers to as `cid:<cid>` (the logo). */
  cid?: string;
}

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Brand and site-wide settings; each value is validated by its key's zod schema. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamps.updatedAt,
});

/**
 * Settings only staff read (where notifications go, staff-area policies): never read for a public
 * page. Each value is validated by its key's zod schema (app/domain/settings/staff-settings.ts).
 */
export const staffSettings = pgTable("staff_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamps.updatedAt,
});

/**
 * Days the company is closed (issue 43): no consultation is offered and no cohort starts on
 * them. A yearly one (Christmas Day) closes its month and day every year.
 */
export const closedDays = pgTable("closed_days", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  day: date("day", { mode: "string" }).notNull().unique(),
  name: text("name").notNull(),
  yearly: boolean("yearly").notNull().default(false),
  createdAt: timestamps.createdAt,
});

/** The six homepage sections (hero, services, about, portfolio, testimonials, contact). */
export const homepageSections = pgTable("homepage_sections", {
  id: text("id").primaryKey(),
  data: jsonb("data").notNull(),
  updatedAt: timestamps.updatedAt,
});

export const heroSlides = pgTable(
  "hero_slides",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    description: text("description").notNull().default(""),
    backgroundImage: text("background_image").notNull().default(""),
    buttonText: text("button_text").notNull().default(""),
    buttonLink: text("button_link").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps,
  },
  (t) => [index("hero_slides_order_idx").on(t.isActive, t.sortOrder, t.id)],
);

/** Which seed steps have run, so a step never runs twice (and never refills what staff emptied). */
export const seedRuns = pgTable("seed_runs", {
  name: text("name").primaryKey(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().default(sql`now()`),
});

/** What an inquiry says: a record's first inquiry (on `leads`) and each later one. */
const inquiryColumns = () => ({
  /** training | ai-solutions | ai-training | enterprise-security | support */
  inquiryType: text("inquiry_type").notNull().default(""),
  websiteType: text("website_type").notNull().default(""),
  budget: text("budget").notNull().default(""),
  timeline: text("timeline").notNull().default(""),
  aiFeatures: jsonb("ai_features").$type<string[]>().notNull().default([]),
  message: text("message").notNull().default(""),
  source: text("source").notNull().default("Direct"),
  sourcePage: text("source_page").notNull().default(""),
});

/**
 * The customer record (docs/decisions/0016-one-pipeline.md): one row per inquiry, registration
 * or customer a sales user adds by hand, from first contact to won or lost deal. Nothing a
 * visitor sends is lost. Admin Customer Management and the sales dashboard read the same rows.
 */
export const leads = pgTable(
  "leads",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** inquiry | registration | manual (added on the sales dashboard) */
    kind: text("kind").notNull(),
    /** Which form: ai-design | service | general | consultation | registration | manual */
    form: text("form").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    company: text("company").notNull().default(""),
    ...inquiryColumns(),
    status: text("status").notNull().default("New"),
    notes: text("notes").notNull().default(""),
    /** The sales rep (or manager) who owns the record; null: in the New leads queue. */
    assignedTo: integer("assigned_to").references(() => users.id, { onDelete: "set null" }),
    /** The deal's phase: New (nobody has worked it yet), then the five sales phases. */
    phase: text("phase").notNull().default("New"),
    /** The deal's value in cents: a registration's price, or what the rep sets. */
    dealValueCents: integer("deal_value_cents").notNull().default(0),
    /**
     * A website inquiry joined this record while someone owned it: the managers see it in New
     * leads ("returning contact") until one of them assigns it or keeps it with its owner.
     */
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    /**
     * Hash of what the visitor sent (form, fields, files' hashes): the same post again within
     * 24 hours is a retry and stores nothing more (docs/decisions/0019-trust-at-the-edges.md).
     */
    submissionHash: text("submission_hash"),
    ...timestamps,
  },
  (t) => [
    index("leads_submission_idx").on(t.submissionHash),
    // Every list pages newest first through these, read backwards (decision 0016).
    index("leads_created_idx").on(t.createdAt, t.id),
    index("leads_status_idx").on(t.status),
    index("leads_assigned_idx").on(t.assignedTo, t.createdAt, t.id),
    // The dashboard's counts by phase and owner read this index alone.
    index("leads_phase_owner_idx").on(t.phase, t.assignedTo),
    index("leads_email_idx").on(sql`lower(${t.email})`),
    // The few returning contacts New leads shows beside the unowned records.
    index("leads_returning_idx").on(t.returnedAt).where(sql`${t.returnedAt} is not null`),
    check("leads_deal_value_check", sql`${t.dealValueCents} >= 0`),
  ],
);

/**
 * A later inquiry from someone whose record is still open: it joins that record's history
 * instead of making a second customer (docs/decisions/0016-one-pipeline.md). The record's own
 * columns keep its first inquiry.
 */
export const leadInquiries = pgTable(
  "lead_inquiries",
  {
    /**
     * Drawn from the records' own numbering, so every submission has a number of its own: the
     * reference a visitor is given is never another record's (migration 0021).
     */
    id: integer("id").primaryKey().default(sql`nextval(pg_get_serial_sequence('leads', 'id'))`),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    form: text("form").notNull(),
    ...inquiryColumns(),
    /** The post's submission hash, as on `leads`: a retried post is one history entry. */
    submissionHash: text("submission_hash"),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("lead_inquiries_lead_idx").on(t.leadId, t.createdAt),
    index("lead_inquiries_submission_idx").on(t.submissionHash),
  ],
);

export const leadFiles = pgTable(
  "lead_files",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    /** Key in the storage driver (never a path, never the visitor's file name). */
    objectKey: text("object_key").notNull().unique(),
    originalName: text("original_name").notNull(),
    size: integer("size").notNull(),
    mimeType: text("mime_type").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("lead_files_lead_idx").on(t.leadId)],
);

/** The record of every e-mail: written with the lead, delivered by a pg-boss job. */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    template: text("template").notNull(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    /** The HTML part, rendered when the message was queued; null on messages older than it (text only). */
    htmlBody: text("html_body"),
    /** Extra parts: an .ics invitation, the logo the HTML shows inline (`cid`, base64 content). */
    attachments: jsonb("attachments").$type<MailAttachment[]>().notNull().default([]),
    /** pending | sent | failed */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /**
     * A message that carries a one-time link: the bodies hold LINK_PLACEHOLDER and this column
     * the token, until the message is delivered or given up on (then null). Such a message is
     * shown redacted and is never resent.
     */
    carriesSecret: boolean("carries_secret").notNull().default(false),
    secret: text("secret"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("mail_messages_status_idx").on(t.status, t.createdAt),
    // A record's e-mails (its detail, the lists' delivery status).
    index("mail_messages_lead_idx").on(t.leadId),
  ],
);

/** Fixed-window counters for rate limits, shared by every app instance. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Portfolio projects; the public id is `project-{id}`. */
export const portfolioProjects = pgTable(
  "portfolio_projects",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    image: text("image").notNull().default(""),
    category: text("category").notNull().default(""),
    client: text("client").notNull().default(""),
    clientIndustry: text("client_industry").notNull().default(""),
    clientSize: text("client_size").notNull().default(""),
    /** YYYY-MM-DD */
    completedDate: text("completed_date").notNull().default(""),
    challenge: text("challenge").notNull().default(""),
    solution: text("solution").notNull().default(""),
    technologies: jsonb("technologies").$type<string[]>().notNull().default([]),
    timeline: text("timeline").notNull().default(""),
    teamSize: text("team_size").notNull().default(""),
    projectUrl: text("project_url").notNull().default(""),
    /** { metrics: [{ label, value }] }; read defensively (older data may hold JSON text). */
    results: jsonb("results").notNull().default({ metrics: [] }),
    /** { content, author, position, company }; read defensively like results. */
    testimonial: jsonb("testimonial").notNull().default({}),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("portfolio_projects_order_idx").on(t.sortOrder, t.id)],
);

// ---------------------------------------------------------------------------------------------
// Staff sign-in and access control (issue 6): users, their sessions, and the audit log.
// ---------------------------------------------------------------------------------------------

/** People who sign in. E-mail and username are stored in lower case. */
export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull().unique(),
    username: text("username").unique(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    /** admin | manager | sales_rep | instructor | student */
    role: text("role").notNull(),
    /**
     * argon2id, PHC string format. Never leaves the server. Null until the person sets one
     * through their invitation link: nothing can sign in with the account before that.
     */
    passwordHash: text("password_hash"),
    disabled: boolean("disabled").notNull().default(false),
    /** The TOTP key (base32) once two-factor sign-in is on; null while it is off. */
    totpSecret: text("totp_secret"),
    /** A key shown for enrolment, not confirmed by a code yet. */
    totpPendingSecret: text("totp_pending_secret"),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    totpLastStep: integer("totp_last_step"),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("users_role_idx").on(t.role)],
);

/** Signed-in sessions. The cookie (or Bearer token) holds a random id; only its hash is kept. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end, whatever the activity. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    /**
     * How the session was completed, "+"-separated: password, totp, recovery_code, passkey
     * (a passkey is two factors). Empty for sessions made before this was recorded.
     */
    factors: text("factors").notNull().default(""),
    /** When a secret was last given on this session (sign-in, or "confirm it's you"). */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * One-time links (an invitation, a password reset): only the SHA-256 of the token is kept. One
 * live link per user: issuing a new one deletes the older; using one deletes them all.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** invitation | password_reset */
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_tokens_user_idx").on(t.userId)],
);

/** Two-factor recovery codes, each usable once; only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/** WebAuthn credentials (passkeys) people register on /account; a passkey signs in alone. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** base64url, as the browser names it. */
    credentialId: text("credential_id").notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/**
 * Steps of a sign-in or enrolment under way, each named by a random ticket of which only the
 * hash is kept: a second factor due after the password (no session exists until it passes), a
 * WebAuthn challenge. Short-lived.
 */
export const authChallenges = pgTable(
  "auth_challenges",
  {
    idHash: text("id_hash").primaryKey(),
    /** null for a passkey sign-in, whose user the passkey names. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** second_factor | passkey_sign_in | passkey_register */
    purpose: text("purpose").notNull(),
    /** The door signed in at (login, admin, portal, api). */
    door: text("door").notNull().default(""),
    /** The WebAuthn challenge (base64url). */
    challenge: text("challenge"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_challenges_expires_idx").on(t.expiresAt)],
);

/**
 * Browsers a person signed in from (a long-lived random cookie, only its hash kept): failed
 * sign-ins from them are throttled apart from everyone else's, so strangers cannot keep the
 * owner out.
 */
export const trustedDevices = pgTable(
  "trusted_devices",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("trusted_devices_user_idx").on(t.userId)],
);

/**
 * Failed sign-ins per account and client kind (`user:<id>:device:<hash>` for a known browser,
 * `user:<id>:other` for everyone else, `login:<hash>` for names no account has): after a few,
 * each failure makes the next attempt wait longer.
 */
export const signInThrottles = pgTable("sign_in_throttles", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Who did what, when, from where: sign-ins, failures, lockouts, sign-outs, staff changes. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The e-mail or username given (kept when the user is unknown or later deleted). */
    actorLabel: text("actor_label").notNull().default(""),
    action: text("action").notNull(),
    target: text("target").notNull().default(""),
    ip: text("ip").notNull().default(""),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("audit_log_at_idx").on(t.at), index("audit_log_actor_idx").on(t.actorId)],
);

// --- Training (issue 5): courses, their cohorts (start dates) and registrations. ---

/** Average salary of a role, an open position and the growth statement of a course's career outlook. */
export interface CareerOutlook {
  salaries: { role: string; salary: string }[];
  jobs: {
    role: string;
    employer: string;
    city: string;
    description: string;
    salaryRange: string;
  }[];
  growth: string;
}

/** One record per course, read by the listing, the detail page and the registration form alike. */
export const courses = pgTable(
  "courses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The address and the registration's courseId: `ccna`, `ai-fundamentals`. */
    slug: text("slug").notNull().unique(),
    /** certification | ai */
    kind: text("kind").notNull(),
    /**
     * active | coming-soon (no detail page, no registrations) | archived (hidden everywhere
     * public; kept for the registrations it has)
     */
    status: text("status").notNull().default("active"),
    vendorGroup: text("vendor_group").notNull().default(""),
    title: text("title").notNull(),
    shortTitle: text("short_title").notNull(),
    description: text("description").notNull().default(""),
    /** The detail page's Course Overview paragraphs. */
    overview: jsonb("overview").$type<string[]>().notNull().default([]),
    topics: jsonb("topics").$type<string[]>().notNull().default([]),
    prerequisites: jsonb("prerequisites").$type<string[]>().notNull().default([]),
    /** Display text, e.g. "96 Hours (6 Weeks)". */
    duration: text("duration").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** Class schedule keys offered (morning, evening, friday, saturday, weeknight-lab). */
    scheduleOptions: jsonb("schedule_options").$type<string[]>().notNull().default([]),
    inclusions: jsonb("inclusions").$type<string[]>().notNull().default([]),
    careerOutlook: jsonb("career_outlook").$type<CareerOutlook | null>(),
    /** Public path of the course image (shipped with the app or uploaded). */
    image: text("image").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    // Course management (issue 8): the instructor who teaches every cohort of the course.
    /** A user with role instructor; null for courses not yet assigned. */
    instructorId: integer("instructor_id").references(() => users.id, { onDelete: "set null" }),
    /** Completion rule (issue 46): the share of the held classes a student attends, in percent. */
    completionPercent: integer("completion_percent").notNull().default(80),
    ...timestamps,
  },
  (t) => [
    index("courses_kind_order_idx").on(t.kind, t.sortOrder, t.id),
    index("courses_instructor_idx").on(t.instructorId),
    check("courses_completion_percent_check", sql`${t.completionPercent} between 1 and 100`),
  ],
);

/** A start date with its class schedule; seats are reserved by a conditional update. */
export const cohorts = pgTable(
  "cohorts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    startDate: date("start_date", { mode: "string" }).notNull(),
    classSchedule: text("class_schedule").notNull(),
    capacity: integer("capacity").notNull().default(16),
    seatsTaken: integer("seats_taken").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique("cohorts_course_date_schedule_key").on(t.courseId, t.startDate, t.classSchedule),
    index("cohorts_course_date_idx").on(t.courseId, t.startDate),
    check("cohorts_seats_check", sql`${t.seatsTaken} >= 0 and ${t.seatsTaken} <= ${t.capacity}`),
  ],
);

/**
 * A cohort's class meeting (issue 46, decision 0024): a calendar day and wall-clock hours in the
 * company's zone, so a session keeps its hour across a daylight-saving change. Made from the
 * cohort's schedule when the cohort is created; staff move, cancel or add one. Its calendar
 * event (UID `class-session-{id}@host`) rises in SEQUENCE at each change.
 */
export const classSessions = pgTable(
  "class_sessions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    cohortId: integer("cohort_id")
      .notNull()
      .references(() => cohorts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    /** "HH:MM", wall clock in `time_zone`. */
    startTime: text("start_time").notNull(),
    endTime: text("end_time").notNull(),
    /** IANA name: the company's zone when the session was planned or last moved. */
    timeZone: text("time_zone").notNull(),
    /** A room, or an online meeting's link; "" until staff set one. */
    location: text("location").notNull().default(""),
    /** scheduled | cancelled (kept: the students' calendars need its cancellation). */
    status: text("status").notNull().default("scheduled"),
    /** The event's SEQUENCE in the students' calendars: one more at each move or cancellation. */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("class_sessions_cohort_day_idx").on(t.cohortId, t.day, t.startTime),
    check("class_sessions_status_check", sql`${t.status} in ('scheduled', 'cancelled')`),
    check(
      "class_sessions_times_check",
      sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.endTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.startTime} < ${t.endTime}`,
    ),
  ],
);

/**
 * A student's attendance at one class (issue 46): present | late | excused | absent, marked by
 * the cohort's instructor or an admin from the class's start until 7 days after it.
 */
export const classAttendance = pgTable(
  "class_attendance",
  {
    sessionId: integer("session_id")
      .notNull()
      .references(() => classSessions.id, { onDelete: "cascade" }),
    registrationId: integer("registration_id")
      .notNull()
      .references(() => registrations.id, { onDelete: "cascade" }),
    mark: text("mark").notNull(),
    markedBy: integer("marked_by").references(() => users.id, { onDelete: "set null" }),
    markedAt: timestamp("marked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.registrationId] }),
    index("class_attendance_registration_idx").on(t.registrationId),
    check(
      "class_attendance_mark_check",
      sql`${t.mark} in ('present', 'late', 'excused', 'absent')`,
    ),
  ],
);

/**
 * A cohort's material (issue 46): a stored file or a link, for the cohort or one of its classes,
 * released at a set time (before it, a student sees nothing and its download is not found). The
 * students are e-mailed once when it is released (`announcedAt`).
 */
export const classMaterials = pgTable(
  "class_materials",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    cohortId: integer("cohort_id")
      .notNull()
      .references(() => cohorts.id, { onDelete: "cascade" }),
    sessionId: integer("session_id").references(() => classSessions.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    /** A stored file's key ("" for a link), its name, type and size. */
    storageKey: text("storage_key").notNull().default(""),
    fileName: text("file_name").notNull().default(""),
    contentType: text("content_type").notNull().default(""),
    size: integer("size").notNull().default(0),
    /** A link's address ("" for a file). */
    url: text("url").notNull().default(""),
    releaseAt: timestamp("release_at", { withTimezone: true }).notNull(),
    /** When the students were told it is released; null until then. */
    announcedAt: timestamp("announced_at", { withTimezone: true }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("class_materials_cohort_idx").on(t.cohortId, t.releaseAt),
    index("class_materials_due_idx").on(t.releaseAt).where(sql`${t.announcedAt} is null`),
    check("class_materials_kind_check", sql`(${t.storageKey} <> '') <> (${t.url} <> '')`),
  ],
);

/**
 * A student's private class-calendar feed (issue 46): only the SHA-256 of the address's secret is
 * kept; renewing replaces it (the old address answers 404).
 */
export const classCalendarFeeds = pgTable("class_calendar_feeds", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  ...timestamps,
});

/**
 * A certificate of completion (issue 46, decision 0024): what it says is kept as issued (the PDF
 * in storage, its text here, the signed credential), never made again. One per registration.
 * The id is the public credential ID: random, so one cannot be guessed from another.
 */
export const certificates = pgTable("certificates", {
  id: text("id").primaryKey(),
  registrationId: integer("registration_id")
    .notNull()
    .unique()
    // A customer erased (their lead and registrations) takes their certificates with them.
    .references(() => registrations.id, { onDelete: "cascade" }),
  /** The name as printed (staff may correct it before issue). */
  name: text("name").notNull(),
  courseTitle: text("course_title").notNull(),
  hours: integer("hours").notNull(),
  /** The first and the last class held. */
  startDay: date("start_day", { mode: "string" }).notNull(),
  endDay: date("end_day", { mode: "string" }).notNull(),
  /** Classes attended of the classes held, when issued. */
  attended: integer("attended").notNull(),
  held: integer("held").notNull(),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
  issuedBy: integer("issued_by").references(() => users.id, { onDelete: "set null" }),
  /** The PDF as issued. */
  storageKey: text("storage_key").notNull(),
  /** The Open Badges 3.0 credential, a VC-JWT signed with the site's key. */
  credential: text("credential").notNull(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  revokedReason: text("revoked_reason").notNull().default(""),
  revokedBy: integer("revoked_by").references(() => users.id, { onDelete: "set null" }),
});

/**
 * The site's signing keys (issue 46): one per purpose, made on first use; the public half is
 * published (/.well-known/jwks.json) so anyone can verify what the site signed, offline.
 */
export const signingKeys = pgTable("signing_keys", {
  purpose: text("purpose").primaryKey(),
  kid: text("kid").notNull().unique(),
  algorithm: text("algorithm").notNull(),
  publicJwk: jsonb("public_jwk").$type<Record<string, unknown>>().notNull(),
  privateJwk: jsonb("private_jwk").$type<Record<string, unknown>>().notNull(),
  createdAt: timestamps.createdAt,
});

/** Binary content kept in a row (PGlite hands back a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/** Who a billing document is made out to (issue 47): the student, or their company. */
export interface BillingParty {
  name: string;
  company: string;
  /** Lines, "\n"-separated. */
  address: string;
  email: string;
  poNumber: string;
}

/** Step 3's company invoice details, kept with the registration. */
export interface RegistrationBilling {
  company: string;
  /** Lines, "\n"-separated. */
  address: string;
  email: string;
  poNumber: string;
}

/** One line of a billing document: a course and cohort, at the server's price. */
export interface BillingLine {
  description: string;
  detail: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

/**
 * The last number of each series of billing documents per year (issue 47, decision 0025): raised
 * in the transaction that issues a document, so concurrent issues queue on the row and a
 * rolled-back one gives its number back (a sequence would skip it). Numbers never skip or repeat.
 */
export const documentCounters = pgTable(
  "document_counters",
  {
    /** invoice | credit_note | receipt */
    series: text("series").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * An invoice, credit note or receipt as issued (issue 47): never edited or deleted; a credit note
 * (its own series, referring to its invoice) corrects or voids an invoice. Its PDF is stored as
 * issued, here. Kept with the accounts: a registration that has one cannot be deleted.
 */
export const billingDocuments = pgTable(
  "billing_documents",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** invoice | credit_note | receipt */
    kind: text("kind").notNull(),
    /** "2027-0001", "CN-2027-0001", "R-2027-0001" */
    number: text("number").notNull().unique(),
    registrationId: integer("registration_id")
      .notNull()
      .references(() => registrations.id, { onDelete: "restrict" }),
    /** A credit note's invoice (always), a receipt's (when it paid one). */
    refersTo: integer("refers_to").references((): AnyPgColumn => billingDocuments.id, {
      onDelete: "restrict",
    }),
    billedTo: jsonb("billed_to").$type<BillingParty>().notNull(),
    lines: jsonb("lines").$type<BillingLine[]>().notNull(),
    /** In cents; a credit note's is what it credits (positive). */
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull().default("USD"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    /** The company's day of issue. */
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    /** An invoice's due day; null for the others. */
    dueOn: date("due_on", { mode: "string" }),
    /** credit-card | bank-transfer | company-invoice (an invoice); how a receipt's money came. */
    paymentMethod: text("payment_method").notNull().default(""),
    /**
     * The PDF as issued, in the row: it commits with its number (never a number without its
     * document, nor a stored file without its row).
     */
    pdf: bytea("pdf").notNull(),
    /** When the overdue reminder went (once). */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    issuedBy: integer("issued_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("billing_documents_registration_idx").on(t.registrationId),
    index("billing_documents_refers_idx").on(t.refersTo),
    check("billing_documents_kind_check", sql`${t.kind} in ('invoice', 'credit_note', 'receipt')`),
    check("billing_documents_total_check", sql`${t.totalCents} >= 0`),
    check("billing_documents_due_check", sql`(${t.kind} = 'invoice') = (${t.dueOn} is not null)`),
    check(
      "billing_documents_refers_check",
      // A credit note corrects an invoice; an invoice refers to none; a receipt may (a card
      // payment has no invoice).
      sql`(${t.kind} <> 'credit_note' or ${t.refersTo} is not null) and (${t.kind} <> 'invoice' or ${t.refersTo} is null)`,
    ),
  ],
);

/**
 * Money received for a registration, and money paid back (issue 47, decision 0025): a staff-
 * recorded bank transfer or cheque, a card paid through Stripe Checkout, a refund. Each payment
 * issues a receipt; each refund follows a credit note. Billing owns it; never edited or deleted.
 */
export const payments = pgTable(
  "payments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    registrationId: integer("registration_id")
      .notNull()
      .references(() => registrations.id, { onDelete: "restrict" }),
    /** payment | refund */
    kind: text("kind").notNull(),
    /** card | bank-transfer | cheque */
    method: text("method").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** The company's day the money came (or went). */
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    /** The bank's or cheque's reference as staff typed it; Stripe's for a card. */
    reference: text("reference").notNull().default(""),
    /** Stripe's payment intent (a payment) or refund (a refund): each is recorded once. */
    stripeId: text("stripe_id").unique(),
    /** The receipt a payment issued; the credit note a refund follows. */
    documentId: integer("document_id").references(() => billingDocuments.id, {
      onDelete: "restrict",
    }),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("payments_registration_idx").on(t.registrationId),
    check("payments_kind_check", sql`${t.kind} in ('payment', 'refund')`),
    check("payments_method_check", sql`${t.method} in ('card', 'bank-transfer', 'cheque')`),
    check("payments_amount_check", sql`${t.amountCents} > 0`),
  ],
);

/**
 * Stripe Checkout Sessions opened for a registration's card payment (issue 47): the amount is the
 * server's; the session expires per the setting and can be renewed from the portal.
 */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    /** Stripe's id, cs_... */
    id: text("id").primaryKey(),
    registrationId: integer("registration_id")
      .notNull()
      .references(() => registrations.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    url: text("url").notNull(),
    /** open | complete | expired */
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("checkout_sessions_registration_idx").on(t.registrationId),
    check("checkout_sessions_status_check", sql`${t.status} in ('open', 'complete', 'expired')`),
  ],
);

/** Each Stripe webhook event, stored once by its id: a replay finds it and changes nothing. */
export const stripeEvents = pgTable("stripe_events", {
  /** Stripe's id, evt_... */
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  /** What handling it did, for staff reading the log ("paid registration 12", "ignored"). */
  outcome: text("outcome").notNull().default(""),
});

/** The training side of a registration lead: what was chosen, at the price of the day. */
export const registrations = pgTable(
  "registrations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer("lead_id")
      .notNull()
      .unique()
      .references(() => leads.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "restrict" }),
    cohortId: integer("cohort_id")
      .notNull()
      .references(() => cohorts.id, { onDelete: "restrict" }),
    /** The course title at the time (the spec's certificationInterest). */
    certificationInterest: text("certification_interest").notNull(),
    classSchedule: text("class_schedule").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    /** 0-1 | 1-3 | 3-5 | 5+ */
    experience: text("experience").notNull(),
    /** credit-card | bank-transfer | company-invoice */
    paymentMethod: text("payment_method").notNull(),
    comments: text("comments").notNull().default(""),
    /** The course price when the registration was made, read from the course record. */
    priceCents: integer("price_cents").notNull(),
    createdAt: timestamps.createdAt,
    // Registrations staff run (issue 22, decision 0017): the status owns the seat.
    /** pending | confirmed | paid | cancelled | completed | waitlisted | offered | unconfirmed */
    status: text("status").notNull().default("pending"),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** What was paid, how and on which day (Mark paid). */
    paidCents: integer("paid_cents"),
    paidMethod: text("paid_method"),
    paidOn: date("paid_on", { mode: "string" }),
    /** Why it was cancelled (staff's reason, or the student's own cancellation). */
    cancelReason: text("cancel_reason").notNull().default(""),
    /**
     * A new registration's seat is held until then unless the student confirms their e-mail
     * address (or staff confirm the registration); null once confirmed, or never held.
     */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    /** An Offered registration's seat is held for the student until then. */
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
    /** When the student confirmed their address (the e-mail's link, or an accepted offer). */
    addressConfirmedAt: timestamp("address_confirmed_at", { withTimezone: true }),
    /**
     * The SHA-256 of the client address that registered: a client holds at most a few unconfirmed
     * seats per cohort (decision 0019). Only the hash is kept.
     */
    clientKey: text("client_key").notNull().default(""),
    /** The first class's SEQUENCE in the student's calendar: one more at each move. */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    /**
     * Who a company invoice is made out to (step 3, issue 47): company, billing address, billing
     * e-mail and PO number; null for the other payment methods.
     */
    billing: jsonb("billing").$type<RegistrationBilling>(),
  },
  (t) => [
    index("registrations_cohort_idx").on(t.cohortId, t.status),
    index("registrations_course_idx").on(t.courseId),
    // A client's unconfirmed holds on a cohort, counted at each new registration.
    index("registrations_client_idx").on(t.cohortId, t.clientKey),
    check(
      "registrations_status_check",
      sql`${t.status} in ('pending', 'confirmed', 'paid', 'cancelled', 'completed', 'waitlisted', 'offered', 'unconfirmed')`,
    ),
    check("registrations_paid_check", sql`${t.paidCents} is null or ${t.paidCents} >= 0`),
  ],
);

/**
 * One-time links of a registration, sent by e-mail: confirming the address (`email`) or answering
 * a waitlist offer (`offer`). Only the SHA-256 of the token is stored; using it deletes it.
 */
export const registrationTokens = pgTable(
  "registration_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    registrationId: integer("registration_id")
      .notNull()
      .references(() => registrations.id, { onDelete: "cascade" }),
    /** email | offer | receipt (the visitor's confirmation page) */
    purpose: text("purpose").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("registration_tokens_registration_idx").on(t.registrationId)],
);

/** The start reminders sent (7 and 1 days before): the key makes each go out once. */
export const registrationReminders = pgTable(
  "registration_reminders",
  {
    registrationId: integer("registration_id")
      .notNull()
      .references(() => registrations.id, { onDelete: "cascade" }),
    /** 7d | 1d */
    kind: text("kind").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.registrationId, t.kind] })],
);

/** Every status change of a registration, with who made it and when (its history). */
export const registrationEvents = pgTable(
  "registration_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    registrationId: integer("registration_id")
      .notNull()
      .references(() => registrations.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff member or student who made the change; null for the visitor and the system. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Who, as shown: an e-mail address, "Visitor" or "System" (kept when the user goes). */
    actorLabel: text("actor_label").notNull(),
    /** Null when the registration was made. */
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    /** What else happened: the amount paid, the reason, the cohort moved from and to. */
    note: text("note").notNull().default(""),
  },
  (t) => [index("registration_events_registration_idx").on(t.registrationId, t.at)],
);

// ---- Media library (issue 7): uploaded images and their resized variants.

/** One resized WebP copy of an image, for srcset. */
export interface ImageVariant {
  width: number;
  height: number;
  key: string;
  size: number;
}

/** Uploaded images; the public URL is `/${objectKey}` (keys start with `media/`). */
export const images = pgTable(
  "images",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    objectKey: text("object_key").notNull().unique(),
    originalName: text("original_name").notNull(),
    altText: text("alt_text").notNull().default(""),
    /** Bytes of the stored (rotated, metadata-free) image. */
    size: integer("size").notNull(),
    mimeType: text("mime_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    variants: jsonb("variants").$type<ImageVariant[]>().notNull().default([]),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("images_created_idx").on(t.createdAt)],
);

// --- Content blocks (issue 8): short titled texts that a page shows where it asks for them. ---

/** A block is found by its page and section; its key names it for staff and code alike. */
export const contentBlocks = pgTable(
  "content_blocks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull().unique(),
    title: text("title").notNull(),
    /** Plain text; pages render it escaped. */
    content: text("content").notNull(),
    imageUrl: text("image_url").notNull().default(""),
    page: text("page").notNull(),
    section: text("section").notNull(),
    /** False once unpublished (a promotion that ended): pages leave it out, staff still see it. */
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [index("content_blocks_page_idx").on(t.page, t.section, t.createdAt)],
);

// ---- Customer Management (issue 8): staff notes on leads.

/** A note on a lead, timestamped and signed; the author's label stays if the user goes. */
export const leadNotes = pgTable(
  "lead_notes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    authorLabel: text("author_label").notNull().default(""),
    body: text("body").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("lead_notes_lead_idx").on(t.leadId, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// The pipeline and the sales dashboard (issues 9 and 21): bookings (won deals that count as
// earnings), the activity of each customer record (`leads`), monthly targets, training modules
// and each user's progress.
// ---------------------------------------------------------------------------------------------

/**
 * Earnings: a won deal booked on the day it closed. Closing a record as Closed Won books its
 * deal value (one booking per record); every booking belongs to a record.
 */
export const salesBookings = pgTable(
  "sales_bookings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    repId: integer("rep_id").references(() => users.id, { onDelete: "set null" }),
    /** The won record; its deletion takes the booking with it. */
    customerId: integer("customer_id")
      .notNull()
      .unique()
      .references(() => leads.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    closedOn: date("closed_on", { mode: "string" }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("sales_bookings_closed_idx").on(t.closedOn),
    index("sales_bookings_rep_idx").on(t.repId, t.closedOn),
    check("sales_bookings_amount_check", sql`${t.amountCents} >= 0`),
  ],
);

/** What happened: customer added, phase changed, deal value changed, note, customer deleted. */
export const salesActivities = pgTable(
  "sales_activities",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The rep whose customer it concerns (the scope a rep sees). */
    repId: integer("rep_id").references(() => users.id, { onDelete: "set null" }),
    /** Who did it. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The record it concerns; null once the record is deleted (the line stays). */
    customerId: integer("customer_id").references(() => leads.id, { onDelete: "set null" }),
    /** lead_received | customer_added | assigned | status_changed | phase_changed |
     *  deal_value_changed | customer_updated | note | customer_deleted */
    kind: text("kind").notNull(),
    /** The sentence shown, written when it happened (names as they were then). */
    message: text("message").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sales_activities_at_idx").on(t.at),
    index("sales_activities_customer_idx").on(t.customerId, t.at),
    index("sales_activities_rep_idx").on(t.repId, t.at),
  ],
);

/** A monthly earnings target for one rep, or for the team (rep_id null); set by a manager. */
export const salesTargets = pgTable(
  "sales_targets",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    repId: integer("rep_id").references(() => users.id, { onDelete: "cascade" }),
    /** The first day of the month. */
    month: date("month", { mode: "string" }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [
    unique("sales_targets_rep_month_key").on(t.repId, t.month).nullsNotDistinct(),
    check("sales_targets_amount_check", sql`${t.amountCents} >= 0`),
  ],
);

/** Training and Development modules of the sales dashboard. */
export const trainingModules = pgTable("training_modules", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  title: text("title").notNull(),
  /** Display text, e.g. "45 minutes". */
  duration: text("duration").notNull(),
  description: text("description").notNull().default(""),
  /** A site path of a shipped video, or an external URL (loaded only after a click). */
  videoUrl: text("video_url").notNull().default(""),
  /** A site path of the poster image shown until the video is asked for. */
  posterUrl: text("poster_url").notNull().default(""),
  sortOrder: integer("sort_order").notNull().default(0),
  ...timestamps,
});

/** How far a user is through a module, in percent. */
export const trainingProgress = pgTable(
  "training_progress",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    moduleId: integer("module_id")
      .notNull()
      .references(() => trainingModules.id, { onDelete: "cascade" }),
    percent: integer("percent").notNull().default(0),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.moduleId] }),
    check("training_progress_percent_check", sql`${t.percent} between 0 and 100`),
  ],
);

// Consultations booked into real slots (issue 32, decision 0020). Bookings own consultants'
// availability, holds and slots; the pipeline owns the customer record a booking joins.

/**
 * A user who takes consultations beyond their role (sales reps and managers take them anyway),
 * their time zone, and the hash of their private calendar feed's token.
 */
export const consultantProfiles = pgTable("consultant_profiles", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Set by an admin for a user whose role does not take consultations by itself. */
  takesConsultations: boolean("takes_consultations").notNull().default(false),
  /** IANA name; null: the company's time zone. */
  timeZone: text("time_zone"),
  /** SHA-256 of the feed URL's secret; null: no feed yet. */
  feedTokenHash: text("feed_token_hash").unique(),
  ...timestamps,
});

/** Weekly hours, in minutes after midnight of the consultant's own clock; several a day. */
export const consultantHours = pgTable(
  "consultant_hours",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 1 = Monday ... 7 = Sunday (ISO). */
    weekday: integer("weekday").notNull(),
    startMinute: integer("start_minute").notNull(),
    endMinute: integer("end_minute").notNull(),
  },
  (t) => [
    index("consultant_hours_user_idx").on(t.userId, t.weekday),
    check("consultant_hours_weekday_check", sql`${t.weekday} between 1 and 7`),
    check(
      "consultant_hours_range_check",
      sql`${t.startMinute} >= 0 and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`,
    ),
  ],
);

/** One date's other hours; a row without times is a day off. */
export const consultantOverrides = pgTable(
  "consultant_overrides",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    startMinute: integer("start_minute"),
    endMinute: integer("end_minute"),
  },
  (t) => [
    index("consultant_overrides_user_idx").on(t.userId, t.day),
    check(
      "consultant_overrides_range_check",
      sql`(${t.startMinute} is null and ${t.endMinute} is null) or (${t.startMinute} >= 0 and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440)`,
    ),
  ],
);

/** What a visitor can book: "Free consultation" (every service) and one per service family. */
export const meetingTypes = pgTable(
  "meeting_types",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** An inquiry type (training, ai-solutions, ...); "" for every service. */
    serviceType: text("service_type").notNull().default(""),
    lengthMinutes: integer("length_minutes").notNull().default(30),
    bufferBeforeMinutes: integer("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(0),
    minNoticeMinutes: integer("min_notice_minutes").notNull().default(240),
    windowDays: integer("window_days").notNull().default(30),
    slotIntervalMinutes: integer("slot_interval_minutes").notNull().default(30),
    /** At most this many of these meetings per consultant and day; null: no limit. */
    dailyLimit: integer("daily_limit"),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check(
      "meeting_types_rules_check",
      sql`${t.lengthMinutes} between 5 and 480 and ${t.bufferBeforeMinutes} between 0 and 240 and ${t.bufferAfterMinutes} between 0 and 240 and ${t.minNoticeMinutes} between 0 and 20160 and ${t.windowDays} between 1 and 365 and ${t.slotIntervalMinutes} between 5 and 480 and (${t.dailyLimit} is null or ${t.dailyLimit} >= 1)`,
    ),
  ],
);

/**
 * A held or booked consultation. `blocked_from`/`blocked_until` are the meeting with its
 * buffers: an exclusion constraint (migration 0023, btree_gist) makes two live rows of one
 * consultant overlap impossible, whatever the app instance. A hold is a row too (status held,
 * `hold_expires_at`); an expired hold is deleted before a new row takes its time.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    meetingTypeId: integer("meeting_type_id")
      .notNull()
      .references(() => meetingTypes.id, { onDelete: "restrict" }),
    consultantId: integer("consultant_id").references(() => users.id, { onDelete: "set null" }),
    /** The customer record the booking made or joined (null while held). */
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    /** held | booked | cancelled */
    status: text("status").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    blockedFrom: timestamp("blocked_from", { withTimezone: true }).notNull(),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }).notNull(),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    /** SHA-256 of the visitor's booking cookie: whose hold it is. */
    holderKey: text("holder_key").notNull().default(""),
    /** SHA-256 of the client address: holds are limited per client. */
    clientKey: text("client_key").notNull().default(""),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    company: text("company").notNull().default(""),
    topic: text("topic").notNull().default(""),
    message: text("message").notNull().default(""),
    /** The visitor's time zone, for their e-mails. */
    timeZone: text("time_zone").notNull().default(""),
    /** The event's SEQUENCE in both calendars: one more at each move and at the cancellation. */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    bookedAt: timestamp("booked_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason").notNull().default(""),
    /** held | no_show, marked by the consultant after the meeting. */
    outcome: text("outcome"),
    outcomeAt: timestamp("outcome_at", { withTimezone: true }),
    /** What the consultant noted when marking it held, and the follow-up day they set. */
    outcomeNotes: text("outcome_notes").notNull().default(""),
    followUpOn: date("follow_up_on", { mode: "string" }),
    /** When its time was last changed by a move (null: still the booked time). */
    rescheduledAt: timestamp("rescheduled_at", { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("bookings_consultant_idx").on(t.consultantId, t.startsAt),
    index("bookings_starts_idx").on(t.startsAt),
    index("bookings_lead_idx").on(t.leadId),
    index("bookings_holder_idx").on(t.holderKey).where(sql`${t.status} = 'held'`),
    check("bookings_status_check", sql`${t.status} in ('held', 'booked', 'cancelled')`),
    check(
      "bookings_times_check",
      sql`${t.startsAt} < ${t.endsAt} and ${t.blockedFrom} <= ${t.startsAt} and ${t.blockedUntil} >= ${t.endsAt}`,
    ),
    check(
      "bookings_outcome_check",
      sql`${t.outcome} is null or ${t.outcome} in ('held', 'no_show')`,
    ),
  ],
);

/** The booker's link to reschedule or cancel: only the SHA-256 kept, one per booking. */
export const bookingTokens = pgTable("booking_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  bookingId: integer("booking_id")
    .notNull()
    .unique()
    .references(() => bookings.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** A reminder sent (24 hours or 1 hour before): its row is what makes it go once. */
export const bookingReminders = pgTable(
  "booking_reminders",
  {
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** 24h | 1h */
    kind: text("kind").notNull(),
    /** The meeting time it reminded of: a moved meeting gets its reminders again. */
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.kind, t.startsAt] })],
);

// ---- Content history (issue 33): versions, drafts, preview links, scheduled releases.

/**
 * One saved state of one item a visitor sees (a homepage section, slide, block, project, course,
 * the brand settings): the whole record as saved, never changed afterwards. `status` says what
 * became of it; `schema_version` lets old versions be read after the record's shape changed.
 */
export const contentVersions = pgTable(
  "content_versions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    contentType: text("content_type").notNull(),
    contentId: text("content_id").notNull(),
    schemaVersion: integer("schema_version").notNull(),
    data: jsonb("data").notNull(),
    note: text("note").notNull().default(""),
    /** draft | published | discarded | deleted (the record as it was when it was deleted). */
    status: text("status").notNull(),
    /** The live version this draft was written on top of (null: none was recorded yet). */
    baseVersionId: integer("base_version_id"),
    restoredFromId: integer("restored_from_id"),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    authorLabel: text("author_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    publishedByLabel: text("published_by_label"),
  },
  (t) => [
    index("content_versions_item_idx").on(t.contentType, t.contentId, t.id),
    check(
      "content_versions_status",
      sql`${t.status} in ('draft', 'published', 'discarded', 'deleted')`,
    ),
  ],
);

/** Which version of an item is live: the row two publishers race for. */
export const contentHeads = pgTable(
  "content_heads",
  {
    contentType: text("content_type").notNull(),
    contentId: text("content_id").notNull(),
    liveVersionId: integer("live_version_id")
      .notNull()
      .references(() => contentVersions.id),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contentType, t.contentId] })],
);

/** A signed preview link of one version; revoking it sets `revoked_at`. */
export const contentPreviewLinks = pgTable("content_preview_links", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  versionId: integer("version_id")
    .notNull()
    .references(() => contentVersions.id, { onDelete: "cascade" }),
  /** Shared links are listed, audited and revocable; an editor's own preview lasts an hour. */
  shared: boolean("shared").notNull(),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdByLabel: text("created_by_label").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
});

/** Secrets the app makes itself at first start so that every instance shares them. */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Drafts published together at one time, in one transaction, or not at all. */
export const contentReleases = pgTable(
  "content_releases",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    publishAt: timestamp("publish_at", { withTimezone: true }).notNull(),
    /** scheduled | published | failed | cancelled */
    status: text("status").notNull().default("scheduled"),
    error: text("error"),
    /** How many steps it was scheduled with: publishing checks every one is still there. */
    itemCount: integer("item_count").notNull().default(0),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByLabel: text("created_by_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    index("content_releases_due_idx").on(t.status, t.publishAt),
    check(
      "content_releases_status",
      sql`${t.status} in ('scheduled', 'published', 'failed', 'cancelled')`,
    ),
  ],
);

/** One step of a release: publish a version, or take an item off the site (slides, blocks). */
export const contentReleaseItems = pgTable(
  "content_release_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    releaseId: integer("release_id")
      .notNull()
      .references(() => contentReleases.id, { onDelete: "cascade" }),
    /** publish | unpublish */
    action: text("action").notNull(),
    contentType: text("content_type").notNull(),
    contentId: text("content_id").notNull(),
    /** The pinned draft (publish); null for unpublish. */
    versionId: integer("version_id").references(() => contentVersions.id, {
      onDelete: "cascade",
    }),
  },
  (t) => [
    unique("content_release_items_one_step").on(t.releaseId, t.contentType, t.contentId),
    check("content_release_items_action", sql`${t.action} in ('publish', 'unpublish')`),
  ],
);
