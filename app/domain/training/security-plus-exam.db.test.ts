// Issue 43: the Security+ course names the current exam, SY0-701. A new database is seeded with
// it; one seeded before gets it from seed step 0013 (once), as a version published by System, and
// text staff rewrote keeps their words with the exam's code corrected.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { seedDatabase } from "#app/seed.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";

const STEP = "0013-security-plus-exam";

let database: Database;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

interface Texts {
  description: string;
  overview: string[];
  topics: string[];
  inclusions: string[];
}

const securityPlus = async () =>
  (
    await query<Texts & { id: number }>(
      database,
      "select id, description, overview, topics, inclusions from courses where slug = 'comptia-security-plus'",
    )
  )[0];

const versions = async (id: number) =>
  query<{ status: string; author_label: string; note: string; data: Texts }>(
    database,
    `select status, author_label, note, data from content_versions
      where content_type = 'course' and content_id = '${id}' order by id`,
  );

/** Every text of the course that could name the exam. */
const allText = (t: Texts) => [t.description, ...t.overview, ...t.topics, ...t.inclusions];

/** The database as the first seed left it, before issue 43, with the step not yet run. */
async function asSeededBefore(changes: Partial<Texts> = {}) {
  const old: Texts = {
    description:
      "The baseline security certification: threats, architecture, operations and governance, preparing you for the Security+ exam.",
    overview: [
      "Security+ is the most widely required baseline certification for security roles, including Department of Defense positions under DoD 8140.",
      "The course prepares you for exam SY0-601 with lectures, performance-based question practice and labs on attacks, hardening and incident response.",
    ],
    topics: [
      "Threats, attacks and vulnerabilities",
      "Security architecture and design",
      "Implementation: secure protocols, identity and PKI",
      "Operations and incident response",
      "Governance, risk and compliance",
      "Performance-based question practice",
    ],
    inclusions: [
      "Security+ exam voucher (prepares for exam SY0-601)",
      "Practice exams",
      "Hands-on lab access",
    ],
    ...changes,
  };
  const json = (value: string[]) => `'${JSON.stringify(value).replaceAll("'", "''")}'::jsonb`;
  await query(
    database,
    `update courses set description = '${old.description.replaceAll("'", "''")}',
       overview = ${json(old.overview)}, topics = ${json(old.topics)}, inclusions = ${json(old.inclusions)}
     where slug = 'comptia-security-plus'`,
  );
  await query(database, `delete from seed_runs where name = '${STEP}'`);
}

describe("the Security+ course's exam", () => {
  it("a new database names SY0-701 wherever the course names its exam, and needs no correction", async () => {
    const course = await securityPlus();
    if (!course) throw new Error("no Security+ course");
    expect(course.description).toContain("Security+ exam (SY0-701)");
    expect(course.overview[1]).toContain("exam SY0-701");
    expect(course.inclusions[0]).toBe("Security+ exam voucher (prepares for exam SY0-701)");
    expect(allText(course).join(" ")).not.toContain("SY0-601");
    // The step ran (it is recorded) and found nothing to change: history has only its baseline.
    expect(await query(database, `select name from seed_runs where name = '${STEP}'`)).toHaveLength(
      1,
    );
    expect((await versions(course.id)).map((v) => v.note)).toEqual([
      "As it was when history began",
    ]);
  });

  it("a database seeded before gets the current exam once, published by System with its reason", async () => {
    await asSeededBefore();
    expect(await seedDatabase(database.db)).toEqual([STEP]);
    const course = await securityPlus();
    if (!course) throw new Error("no Security+ course");
    expect(allText(course).join(" ")).not.toContain("SY0-601");
    expect(course.overview[1]).toContain("exam SY0-701");
    expect(course.topics[0]).toBe(
      "General security concepts: controls, zero trust, cryptography and PKI",
    );
    const history = await versions(course.id);
    expect(history.at(-1)).toMatchObject({
      status: "published",
      author_label: "System",
      note: "Content fix: the current Security+ exam is SY0-701",
      data: { description: course.description, inclusions: course.inclusions },
    });
    const [head] = await query<{ live: number; last: number }>(
      database,
      `select h.live_version_id as live, (select max(id) from content_versions
          where content_type = 'course' and content_id = '${course.id}') as last
         from content_heads h where h.content_type = 'course' and h.content_id = '${course.id}'`,
    );
    expect(head?.live).toBe(head?.last);
    // Never again: the step is recorded.
    expect(await seedDatabase(database.db)).toEqual([]);
    expect(await versions(course.id)).toHaveLength(history.length);
  });

  it("text staff rewrote keeps their words, with the retired exam's code corrected", async () => {
    const description = "Our own Security+ bootcamp: pass exam SY0-601 on the first try.";
    await asSeededBefore({ description });
    await seedDatabase(database.db);
    const course = await securityPlus();
    expect(course?.description).toBe(
      "Our own Security+ bootcamp: pass exam SY0-701 on the first try.",
    );
    expect(course?.inclusions[0]).toBe("Security+ exam voucher (prepares for exam SY0-701)");
  });
});
