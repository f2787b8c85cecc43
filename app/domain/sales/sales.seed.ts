// The sales dashboard's demo data, dated from the seed date so that on the demo date
// (docs/decisions/0010-sales-dashboard.md: FROZEN_NOW=2025-10-26) the figures are the spec's:
// current month $12,500 of $15,000, last month $14,200, monthly average $13,800, YTD $145,000
// of $170,000, previous YTD $132,000 (+9.8%), projected year end $175,000 (103%). Every booked
// dollar belongs to a won customer record (docs/decisions/0016-one-pipeline.md).
import { inArray } from "drizzle-orm";
import { generatePassword } from "#app/domain/auth/password.server.ts";
import { createUser, UserExistsError } from "#app/domain/auth/users.server.ts";
import { dayIn } from "#app/domain/settings/clock.ts";
import { addMonthsToMonth } from "#app/domain/training/training.ts";
import type { DbTransaction } from "#app/platform/db/client.server.ts";
import {
  leads,
  salesActivities,
  salesBookings,
  salesTargets,
  trainingModules,
  trainingProgress,
  users,
} from "#app/platform/db/schema.ts";

/**
 * The team's bookings per month, in dollars: index 0 is the seed date's month, 1 the month
 * before, and so on back to 21 (January of last year when the seed month is October).
 */
export const SEED_MONTHLY_DOLLARS = [
  12_500, // the current month
  14_200, // last month
  15_100,
  14_700,
  14_900,
  14_600,
  15_000,
  14_800,
  15_200,
  14_000, // back to January
  11_500,
  10_600,
  11_000, // the end of last year
  13_500,
  13_500,
  13_600,
  12_900,
  13_800,
  13_200,
  14_000,
  13_500,
  13_000, // last year to January
] as const;

/** Team target per month, and the demo reps' own. */
const TEAM_TARGET = 15_000;
const TEAM_TARGET_OTHER = 14_000;
const REP_TARGETS = { "rep@example.com": 9_000, "casey@example.com": 6_000 } as const;

export const SECOND_REP_EMAIL = "casey@example.com";

const DAY_MS = 86_400_000;

/** The clients of the won deals behind the earnings history (fictional, .example addresses). */
const PAST_CLIENTS = [
  "Magnolia Dental Group",
  "Riverbend Logistics",
  "Cahaba Credit Union",
  "Tennessee Valley Clinic",
  "Mobile Bay Marine",
  "Shoals Manufacturing",
  "Black Belt Farms Co-op",
  "Gulf Coast Title",
  "Redstone Engineering",
  "Wiregrass Insurance",
  "Vulcan Print Works",
] as const;

const slug = (name: string) => name.toLowerCase().replace(/[^a-z]+/g, "-");

export async function seedSales(
  tx: DbTransaction,
  options: { now: Date; demoPassword?: string },
): Promise<void> {
  const { now } = options;
  try {
    await createUser(tx, {
      email: SECOND_REP_EMAIL,
      firstName: "Casey",
      lastName: "Lin",
      role: "sales_rep",
      password: options.demoPassword ?? generatePassword(),
    });
  } catch (error) {
    if (!(error instanceof UserExistsError)) throw error;
  }
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ["rep@example.com", "manager@example.com", SECOND_REP_EMAIL]));
  const idOf = (email: string) => people.find((p) => p.email === email)?.id ?? null;
  const jordan = idOf("rep@example.com");
  const casey = idOf(SECOND_REP_EMAIL);
  const manager = idOf("manager@example.com");

  const month = dayIn(now).slice(0, 7);
  // Each month's money is closed on its first day, so every figure holds on any day of the month.
  const deals = SEED_MONTHLY_DOLLARS.flatMap((dollars, back) => {
    const closedOn = `${addMonthsToMonth(month, -back)}-01`;
    const first = Math.round((dollars * 0.6) / 100) * 100;
    return [
      { repId: jordan, amountCents: first * 100, closedOn },
      { repId: casey, amountCents: (dollars - first) * 100, closedOn },
    ];
  });
  const won = await tx
    .insert(leads)
    .values(
      deals.map((deal, i) => {
        const company = PAST_CLIENTS[i % PAST_CLIENTS.length] as string;
        const at = new Date(`${deal.closedOn}T15:00:00Z`);
        return {
          kind: "manual",
          form: "manual",
          name: `${company} (${deal.closedOn.slice(0, 7)})`,
          // Each record its own address: the same client won in another month is another record.
          email: `billing-${deal.closedOn.slice(0, 7)}@${slug(company)}.example.com`,
          company,
          status: "Completed",
          source: "Sales dashboard",
          assignedTo: deal.repId,
          phase: "Closed Won",
          dealValueCents: deal.amountCents,
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .returning({ id: leads.id });
  await tx
    .insert(salesBookings)
    .values(deals.map((deal, i) => ({ ...deal, customerId: (won[i] as { id: number }).id })));

  const year = month.slice(0, 4);
  // The team's year adds up to $170,000: $15,000 this month and one other, $14,000 the rest.
  const otherHigh = month.endsWith("-12") ? `${year}-11` : `${year}-12`;
  const targets = Array.from(
    { length: 12 },
    (_, i) => `${year}-${String(i + 1).padStart(2, "0")}`,
  ).flatMap((m) => [
    {
      repId: null,
      month: `${m}-01`,
      amountCents: (m === month || m === otherHigh ? TEAM_TARGET : TEAM_TARGET_OTHER) * 100,
    },
    ...Object.entries(REP_TARGETS).flatMap(([email, dollars]) => {
      const repId = idOf(email);
      return repId ? [{ repId, month: `${m}-01`, amountCents: dollars * 100 }] : [];
    }),
  ]);
  await tx.insert(salesTargets).values(targets);

  const ago = (days: number, hours = 0) =>
    new Date(now.getTime() - days * DAY_MS - hours * 3_600_000);
  const customers = await tx
    .insert(leads)
    .values([
      {
        kind: "manual",
        form: "manual",
        source: "Sales dashboard",
        status: "Contacted",
        assignedTo: jordan,
        name: "Sarah Johnson",
        email: "sarah.johnson@techflow.example.com",
        company: "TechFlow Solutions",
        phone: "(205) 555-0142",
        phase: "Free MVP",
        dealValueCents: 8_500_00,
        createdAt: ago(2, 3),
        updatedAt: ago(2, 3),
      },
      {
        kind: "manual",
        form: "manual",
        source: "Sales dashboard",
        status: "Contacted",
        assignedTo: jordan,
        name: "Michael Chen",
        email: "m.chen@datawise.example.com",
        company: "DataWise Analytics",
        phone: "(256) 555-0178",
        phase: "Demo Scheduled",
        dealValueCents: 12_000_00,
        createdAt: ago(6),
        updatedAt: ago(0, 5),
      },
      {
        kind: "manual",
        form: "manual",
        source: "Sales dashboard",
        status: "Contacted",
        assignedTo: casey,
        name: "Emily Rodriguez",
        email: "emily@greenleaf.example.com",
        company: "GreenLeaf Marketing",
        phone: "(334) 555-0193",
        phase: "Negotiation",
        dealValueCents: 15_000_00,
        createdAt: ago(12),
        updatedAt: ago(1),
      },
    ])
    .returning({ id: leads.id, name: leads.name, repId: leads.assignedTo });
  const [sarah, michael, emily] = customers as [
    (typeof customers)[number],
    (typeof customers)[number],
    (typeof customers)[number],
  ];
  await tx.insert(salesActivities).values([
    {
      repId: emily.repId,
      actorId: casey,
      customerId: emily.id,
      kind: "customer_added",
      message: "New customer added: Emily Rodriguez",
      at: ago(12),
    },
    {
      repId: michael.repId,
      actorId: jordan,
      customerId: michael.id,
      kind: "customer_added",
      message: "New customer added: Michael Chen",
      at: ago(6),
    },
    {
      repId: sarah.repId,
      actorId: jordan,
      customerId: sarah.id,
      kind: "customer_added",
      message: "New customer added: Sarah Johnson",
      at: ago(2, 3),
    },
    {
      repId: emily.repId,
      actorId: manager,
      customerId: emily.id,
      kind: "phase_changed",
      message: "Emily Rodriguez: phase changed from Demo Scheduled to Negotiation",
      at: ago(1),
    },
    {
      repId: michael.repId,
      actorId: jordan,
      customerId: michael.id,
      kind: "phase_changed",
      message: "Michael Chen: phase changed from Free MVP to Demo Scheduled",
      at: ago(0, 5),
    },
  ]);

  const modules = await tx
    .insert(trainingModules)
    .values([
      {
        title: "Selling AI Solutions",
        duration: "45 minutes",
        description:
          "How to explain AI-powered web design and AI management tools to business owners, and which questions qualify a lead.",
        videoUrl: "/videos/training/selling-ai-solutions.webm",
        posterUrl: "/images/training/selling-ai-solutions.svg",
        sortOrder: 1,
      },
      {
        title: "Cybersecurity Services Overview",
        duration: "30 minutes",
        description:
          "Managed security, audits and certification training: what each includes and which clients need them.",
        videoUrl: "/videos/training/cybersecurity-overview.webm",
        posterUrl: "/images/training/cybersecurity-overview.svg",
        sortOrder: 2,
      },
      {
        title: "From Free MVP to Closed Deal",
        duration: "35 minutes",
        description:
          "Running the pipeline: turning a free MVP into a scheduled demo, negotiating scope and closing.",
        videoUrl: "/videos/training/mvp-to-closed-deal.webm",
        posterUrl: "/images/training/mvp-to-closed-deal.svg",
        sortOrder: 3,
      },
    ])
    .returning({ id: trainingModules.id });
  const progress = [100, 60, 0];
  const learners = [jordan, manager, casey].filter((id): id is number => id !== null);
  await tx
    .insert(trainingProgress)
    .values(
      learners.flatMap((userId) =>
        modules.map((m, i) => ({ userId, moduleId: m.id, percent: progress[i] ?? 0 })),
      ),
    );
}
