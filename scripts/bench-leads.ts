// `node scripts/bench-leads.ts <dataDir> <count>`: a fresh embedded database in <dataDir> (or
// the empty PostgreSQL database of DATABASE_URL when set), migrated and seeded, with <count> website leads added (messages of about 300 characters; a
// third each waiting in New leads, with the demo rep and with the second rep), and seven more
// consultants (ten in all) with weekly hours for the booking page. The staff-list
// part of `npm run bench` starts the server on it (docs/performance.md).
import { join } from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { migrateDatabase, openDatabase } from "#app/platform/db/client.server.ts";
import { consultantHours, leads, users } from "#app/platform/db/schema.ts";
import { seedDatabase } from "#app/seed.server.ts";

const [dataDir, countText = "10000"] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: node scripts/bench-leads.ts <dataDir> [count]");
const count = Number(countText);

// Where the server keeps its embedded database (app/platform/db/connect.server.ts).
const url = process.env.DATABASE_URL;
const database = await openDatabase(url ? { url } : { dataDir: join(dataDir, "db") });
try {
  await migrateDatabase(database);
  await seedDatabase(database.db, {
    adminPassword: process.env.ADMIN_PASSWORD,
    demoPassword: process.env.DEMO_PASSWORD,
  });
  const reps = await database.db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, ["rep@example.com", "casey@example.com"]));
  const owners = [null, ...reps.map((r) => r.id)];
  const message =
    `We would like a quote. ${"Our team of twelve needs help with the network, backups and a new website. ".repeat(4)}`.slice(
      0,
      300,
    );
  const forms = ["ai-design", "general", "service"] as const;
  const start = Date.now() - count * 60_000;
  for (let offset = 0; offset < count; offset += 1000) {
    await database.db.insert(leads).values(
      Array.from({ length: Math.min(1000, count - offset) }, (_, j) => {
        const i = offset + j;
        return {
          kind: "inquiry",
          form: forms[i % forms.length] as string,
          name: `Bench Lead ${i}`,
          email: `bench-${i}@example.com`,
          phone: "205-555-0100",
          company: `Company ${i % 500}`,
          message,
          assignedTo: owners[i % owners.length] ?? null,
          createdAt: new Date(start + i * 60_000),
        };
      }),
    );
  }
  // Ten consultants in all for the booking page (the seed has three), each with the demo
  // reps' hours: Monday to Friday, 9:00 to 12:00 and 13:00 to 17:00.
  const added = await database.db
    .insert(users)
    .values(
      Array.from({ length: 7 }, (_, i) => ({
        email: `bench-rep-${i}@example.com`,
        firstName: "Bench",
        lastName: `Rep ${i}`,
        role: "sales_rep",
      })),
    )
    .returning({ id: users.id });
  await database.db.insert(consultantHours).values(
    added.flatMap(({ id }) =>
      [1, 2, 3, 4, 5].flatMap((weekday) => [
        { userId: id, weekday, startMinute: 540, endMinute: 720 },
        { userId: id, weekday, startMinute: 780, endMinute: 1020 },
      ]),
    ),
  );
  // What PostgreSQL's autovacuum would have done by now: fresh statistics and visibility map.
  await database.db.execute(sql`vacuum analyze`);
  const [row] = await database.db
    .select({ id: leads.id })
    .from(leads)
    .where(eq(leads.name, "Bench Lead 0"));
  console.log(`${count} leads added (first id ${row?.id}).`);
} finally {
  await database.close();
}
