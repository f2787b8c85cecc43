// Registrations for database tests: a course of its own with dates around a frozen "today",
// a staff mail that keeps what its committed changes would send, and a visitor's registration
// through the website's own path (registerForCourse).
import { eq } from "drizzle-orm";
import type { PublicUser } from "#app/domain/auth/roles.ts";
import type { RegistrationServices } from "#app/domain/training/registration-admin.server.ts";
import { issueRegistrationToken } from "#app/domain/training/registration-links.server.ts";
import { registerForCourse } from "#app/domain/training/registrations.server.ts";
import { confirmEmailHold } from "#app/domain/training/waitlist.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import {
  cohorts,
  courses,
  type RegistrationBilling,
  registrations,
  users,
} from "#app/platform/db/schema.ts";
import type { OutgoingMail } from "#app/platform/mail/outbox.server.ts";
import { query } from "./database.ts";
import { queuedMail } from "./outbox.ts";

/** Today is March 1, 2027 in these tests. */
export const NOW = new Date("2027-03-01T15:00:00Z");
export const TODAY = "2027-03-01";

export interface RegistrationFixture {
  services: RegistrationServices;
  /** The e-mails whose change committed since the last register() or clearQueued(), oldest first. */
  queued(): Promise<OutgoingMail[]>;
  /** Forgets the e-mails queued so far. */
  clearQueued(): void;
  admin: { user: PublicUser; ip: string };
  course: { id: number; title: string; duration: string; priceCents: number };
  /** April 5 (2 seats), April 19 (1 seat), February 1 (past), another course's April 5. */
  april5: number;
  april19: number;
  february: number;
  otherCourseCohort: number;
  /** A visitor registers (or joins the waitlist); returns the registration's id. */
  register(
    email: string,
    options?: {
      cohortId?: number;
      name?: string;
      waitlist?: boolean;
      now?: Date;
      /** The client's address; by default each e-mail registers from a network of its own. */
      clientIp?: string;
      /** The student confirms their address through the e-mail's link right away. */
      confirmed?: boolean;
      /** credit-card (default), bank-transfer or company-invoice. */
      paymentMethod?: "credit-card" | "bank-transfer" | "company-invoice";
      company?: string;
      /** Step 3's company invoice details (kept with a company invoice only). */
      billing?: RegistrationBilling;
      /** Stripe is set up: a card registration's e-mail offers Pay now by card. */
      cardPayments?: boolean;
    },
  ): Promise<number>;
  seats(cohortId: number): Promise<number | undefined>;
  statusOf(id: number): Promise<string | undefined>;
}

/** The fixture on a database without leads (the demo's are not these tests' business). */
export async function registrationFixture(database: Database): Promise<RegistrationFixture> {
  await query(database, "delete from leads");
  const mail = queuedMail(database);
  const services: RegistrationServices = {
    db: database.db,
    mail: mail.mail,
    salesEmail: "sales@example.com",
    cards: null,
  };
  const [adminRow] = await database.db.select().from(users).where(eq(users.role, "admin"));
  if (!adminRow) throw new Error("no admin");
  const [course, other] = await database.db
    .insert(courses)
    .values(
      [
        ["test-course", "Test Networking", 120_000],
        ["other-course", "Other Course", 50_000],
      ].map(([slug, title, priceCents]) => ({
        slug: String(slug),
        kind: "certification",
        title: String(title),
        shortTitle: String(title),
        duration: "40 Hours (1 Week)",
        priceCents: Number(priceCents),
        scheduleOptions: ["morning"],
      })),
    )
    .returning();
  if (!course || !other) throw new Error("no course");
  const made = await database.db
    .insert(cohorts)
    .values([
      { courseId: course.id, startDate: "2027-04-05", classSchedule: "morning", capacity: 2 },
      { courseId: course.id, startDate: "2027-04-19", classSchedule: "morning", capacity: 1 },
      { courseId: course.id, startDate: "2027-02-01", classSchedule: "morning", capacity: 5 },
      { courseId: other.id, startDate: "2027-04-05", classSchedule: "morning", capacity: 5 },
    ])
    .returning({ id: cohorts.id });
  const [april5, april19, february, otherCourseCohort] = made.map((r) => r.id) as [
    number,
    number,
    number,
    number,
  ];
  return {
    services,
    queued: mail.queued,
    clearQueued: mail.clear,
    admin: { user: { ...adminRow, role: "admin" }, ip: "203.0.113.9" },
    course,
    april5,
    april19,
    february,
    otherCourseCohort,
    async register(
      email,
      {
        cohortId = april5,
        name = "Jordan Reyes",
        waitlist,
        now = NOW,
        clientIp = email,
        confirmed = false,
        paymentMethod = "credit-card",
        company = "",
        billing,
        cardPayments = false,
      } = {},
    ) {
      const { leadId } = await registerForCourse(
        {
          db: database.db,
          outbox: services.mail.outbox as never,
          salesEmail: "sales@example.com",
          brand: services.mail.brand,
          cardPayments,
        },
        {
          name,
          email,
          phone: "(205) 555-0188",
          company,
          experience: "1-3",
          startDate: "",
          classSchedule: "morning",
          comments: "",
          paymentMethod,
          billing,
          certificationInterest: course.title,
          course,
          cohortId,
          source: "Direct",
          sourcePage: "/",
          waitlist,
          clientIp,
        },
        now,
      );
      const [row] = await database.db
        .select({ id: registrations.id })
        .from(registrations)
        .where(eq(registrations.leadId, leadId));
      const id = row?.id ?? 0;
      if (confirmed) {
        // The e-mail's link is stored hashed: a new one (the older stops working) stands in.
        const expires = new Date(now.getTime() + 3_600_000);
        const token = await database.db.transaction((tx) =>
          issueRegistrationToken(tx, id, "email", expires),
        );
        const answer = await confirmEmailHold(
          database.db,
          services.mail,
          token,
          now,
          now.toISOString().slice(0, 10),
        );
        if (!answer.ok) throw new Error(answer.error);
      }
      mail.clear();
      return id;
    },
    async seats(cohortId) {
      return (await database.db.select().from(cohorts).where(eq(cohorts.id, cohortId)))[0]
        ?.seatsTaken;
    },
    async statusOf(id) {
      return (await database.db.select().from(registrations).where(eq(registrations.id, id)))[0]
        ?.status;
    },
  };
}
