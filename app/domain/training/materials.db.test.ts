// Course materials (issue 46): added by staff to a cohort or one of its classes, downloaded by
// the cohort's students with a seat from their release, never before (the download itself says
// not found), and announced once per release however many runs of the job there are.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { registrations } from "#app/platform/db/schema.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { type RegistrationFixture, registrationFixture } from "#tests/support/registrations.ts";
import { cohortSessions, planCohortSessions } from "./class-sessions.server.ts";
import {
  addMaterial,
  announceReleasedMaterials,
  materialFileFor,
  type NewMaterial,
  removeMaterial,
  studentMaterials,
} from "./materials.server.ts";

let database: Database;
let fx: RegistrationFixture;
let ids: { courseId: number; cohortId: number };
let zoe: number;

const RELEASE = new Date("2027-04-05T13:00:00Z");
const BEFORE = new Date("2027-04-05T12:59:00Z");
const AFTER = new Date("2027-04-05T13:01:00Z");
const file = {
  key: "materials/2027/abc.pdf",
  name: "Week 1 slides.pdf",
  contentType: "application/pdf",
  size: 1234,
};
const student = (email: string) => ({ email, role: "student" as const });

beforeEach(async () => {
  database = await createTestDatabase();
  fx = await registrationFixture(database);
  await planCohortSessions(database.db, [fx.april5]);
  ids = { courseId: fx.course.id, cohortId: fx.april5 };
  zoe = await fx.register("zoe@example.org", { name: "Zoë Nguyễn", confirmed: true });
  await fx.register("other@example.org", { cohortId: fx.april19, confirmed: true });
  fx.clearQueued();
});
afterEach(async () => {
  await database.close();
});

const actor = () => ({ ...fx.admin, user: { ...fx.admin.user } });
const add = (input: Partial<NewMaterial>, at = ids) =>
  addMaterial(database.db, actor(), at, {
    title: "Week 1 slides",
    file,
    url: "",
    sessionId: null,
    releaseAt: RELEASE,
    ...input,
  });
const stored = () => query(database, "select id, title from class_materials order by id");

describe("adding a material", () => {
  it("refuses a missing title, both a file and a link, a bad link, no release, another cohort's class", async () => {
    await planCohortSessions(database.db, [fx.april19]);
    const [april19Class] = await cohortSessions(database.db, fx.april19);
    expect(
      await add({ title: " ", url: "https://example.org", file: null, releaseAt: null }),
    ).toEqual({
      ok: false,
      reason: "invalid",
      error: "Please correct the highlighted fields.",
      fieldErrors: {
        title: "Give the material a title.",
        releaseDay: "Give the day and time the students get it.",
      },
    });
    expect(await add({ url: "https://example.org" })).toMatchObject({
      fieldErrors: { url: "Add a file or a link, not both." },
    });
    expect(await add({ file: null })).toMatchObject({
      fieldErrors: { file: "Choose a file, or give a link instead." },
    });
    expect(await add({ file: null, url: "javascript:alert(1)" })).toMatchObject({
      fieldErrors: { url: "Give a link that starts with https:// (or http://)." },
    });
    expect(await add({ sessionId: april19Class?.id ?? 0 })).toMatchObject({
      fieldErrors: { sessionId: "Choose one of this cohort's classes." },
    });
    expect(await add({}, { ...ids, courseId: ids.courseId + 999 })).toMatchObject({
      reason: "not-found",
    });
    expect(await stored()).toEqual([]);
  });
});

describe("a student's download", () => {
  it("is not found before the release, for another cohort, a link, staff or a waitlist place", async () => {
    const made = await add({});
    const link = await add({
      title: "Lab video",
      file: null,
      url: "https://video.example.org/lab1",
    });
    if (!made.ok || !link.ok) throw new Error("added");
    const notFound = { ok: false, reason: "not-found", error: "That material is not available." };
    expect(
      await materialFileFor(database.db, student("zoe@example.org"), made.value, BEFORE),
    ).toEqual(notFound);
    expect(
      await materialFileFor(database.db, student("ZOE@example.org"), made.value, AFTER),
    ).toEqual({
      ok: true,
      value: {
        storageKey: file.key,
        fileName: file.name,
        contentType: file.contentType,
        size: file.size,
      },
    });
    expect(
      await materialFileFor(database.db, student("other@example.org"), made.value, AFTER),
    ).toEqual(notFound);
    expect(
      await materialFileFor(database.db, student("zoe@example.org"), link.value, AFTER),
    ).toEqual(notFound);
    expect(
      await materialFileFor(
        database.db,
        { email: "zoe@example.org", role: "instructor" },
        made.value,
        AFTER,
      ),
    ).toEqual(notFound);
    // The portal lists nothing before the release, both after it; never to another cohort.
    expect((await studentMaterials(database.db, student("zoe@example.org"), BEFORE)).size).toBe(0);
    expect(
      (await studentMaterials(database.db, student("zoe@example.org"), AFTER))
        .get(zoe)
        ?.map((m) => m.title),
    ).toEqual(["Week 1 slides", "Lab video"]);
    expect((await studentMaterials(database.db, student("other@example.org"), AFTER)).size).toBe(0);
    await database.db
      .update(registrations)
      .set({ status: "waitlisted" })
      .where(eq(registrations.id, zoe));
    expect(
      await materialFileFor(database.db, student("zoe@example.org"), made.value, AFTER),
    ).toEqual(notFound);
  });

  it("removing one answers its stored key; another course cannot remove it", async () => {
    const made = await add({});
    if (!made.ok) throw new Error("added");
    expect(
      await removeMaterial(database.db, actor(), {
        ...ids,
        courseId: ids.courseId + 999,
        materialId: made.value,
      }),
    ).toMatchObject({ ok: false, reason: "not-found" });
    expect(await removeMaterial(database.db, actor(), { ...ids, materialId: made.value })).toEqual({
      ok: true,
      value: file.key,
    });
    expect(await stored()).toEqual([]);
  });
});

describe("the release e-mail", () => {
  it("goes once per student at the release, however many runs at once; a later release waits", async () => {
    await add({});
    await add({ title: "Week 2 slides", releaseAt: new Date("2027-04-12T13:00:00Z") });
    expect(await announceReleasedMaterials(database.db, fx.services.mail, BEFORE)).toBe(0);
    const runs = await Promise.all(
      Array.from({ length: 20 }, () =>
        announceReleasedMaterials(database.db, fx.services.mail, AFTER),
      ),
    );
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const mails = await fx.queued();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [
        "zoe@example.org",
        "New material for Test Networking: Week 1 slides - Sigma Technology Partners",
      ],
    ]);
    expect(await announceReleasedMaterials(database.db, fx.services.mail, AFTER)).toBe(0);
  });
});
