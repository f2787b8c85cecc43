import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PublicUser } from "#app/domain/auth/roles.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { users } from "#app/platform/db/schema.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import {
  availabilityOf,
  findConsultant,
  listConsultants,
  markConsultant,
  removeDateOverride,
  saveWeeklyHours,
  setDateOverride,
} from "./consultants.server.ts";
import { listMeetingTypes, saveMeetingType } from "./meeting-types.server.ts";

const ZONE = "America/Chicago";
let database: Database;
let admin: PublicUser;

const userOf = async (email: string) => {
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  return row as unknown as PublicUser;
};

beforeEach(async () => {
  database = await createTestDatabase();
  admin = await userOf("admin@example.com");
});
afterEach(async () => {
  await database.close();
});

const actor = () => ({ user: admin, ip: "203.0.113.1" });

describe("who takes consultations", () => {
  it("sales reps and managers do; anyone else once an admin marks them; a disabled user never", async () => {
    const before = (await listConsultants(database.db, ZONE)).map((c) => c.email);
    expect(before).toEqual(expect.arrayContaining(["rep@example.com", "manager@example.com"]));
    expect(before).not.toContain("instructor@example.com");
    const instructor = await userOf("instructor@example.com");
    expect(await markConsultant(database.db, actor(), instructor.id, true)).toBe(true);
    expect((await listConsultants(database.db, ZONE)).map((c) => c.email)).toContain(
      "instructor@example.com",
    );
    await markConsultant(database.db, actor(), instructor.id, false);
    expect(await findConsultant(database.db, ZONE, instructor.id)).toBeUndefined();
    expect(await markConsultant(database.db, actor(), 999_999, true)).toBe(false);
    const rep = await userOf("rep@example.com");
    await query(database, `update users set disabled = true where id = ${rep.id}`);
    expect(await findConsultant(database.db, ZONE, rep.id)).toBeUndefined();
  });

  it("a consultant's hours, zone and date overrides are read back as they were saved", async () => {
    const rep = await userOf("rep@example.com");
    await saveWeeklyHours(database.db, { user: rep, ip: "" }, rep.id, {
      timeZone: "America/Denver",
      days: { 1: [{ startMinute: 480, endMinute: 720 }], 3: [] },
    });
    await setDateOverride(database.db, { user: rep, ip: "" }, rep.id, "2027-03-05", []);
    await setDateOverride(database.db, { user: rep, ip: "" }, rep.id, "2027-03-08", [
      { startMinute: 600, endMinute: 660 },
    ]);
    const consultant = await findConsultant(database.db, ZONE, rep.id);
    expect(consultant?.timeZone).toBe("America/Denver");
    const seen = await availabilityOf(database.db, consultant as never, "2027-03-01");
    expect(seen.weekly[1]).toBe("08:00-12:00");
    expect(seen.weekly[3]).toBe("");
    expect(seen.overrides.map((o) => [o.day, o.hours])).toEqual([
      ["2027-03-05", "Day off"],
      ["2027-03-08", "10:00-11:00"],
    ]);
    expect(await removeDateOverride(database.db, { user: rep, ip: "" }, rep.id, "2027-03-05")).toBe(
      true,
    );
    expect(await removeDateOverride(database.db, { user: rep, ip: "" }, rep.id, "2027-03-05")).toBe(
      false,
    );
    expect(
      await query(database, "select id from audit_log where action = 'availability_changed'"),
    ).toHaveLength(4);
  });
});

describe("meeting types", () => {
  const values = {
    name: "AI design review",
    slug: "ai-design",
    description: "",
    serviceType: "ai-solutions",
    lengthMinutes: "60",
    bufferBeforeMinutes: "0",
    bufferAfterMinutes: "15",
    minNoticeHours: "24",
    windowDays: "14",
    slotIntervalMinutes: "60",
    dailyLimit: "",
    active: "on",
  };

  it("adds one; refuses bad numbers, a bad address and a taken one, changing nothing", async () => {
    expect(await saveMeetingType(database.db, actor(), null, values)).toEqual({
      ok: true,
      value: "AI design review",
    });
    const added = (await listMeetingTypes(database.db)).find((t) => t.slug === "ai-design");
    expect(added).toMatchObject({
      lengthMinutes: 60,
      bufferAfterMinutes: 15,
      minNoticeMinutes: 1440,
      dailyLimit: null,
    });
    const bad = await saveMeetingType(database.db, actor(), null, {
      ...values,
      slug: "AI!",
      lengthMinutes: "1",
      windowDays: "x",
      dailyLimit: "0",
    });
    expect(bad).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: {
        slug: "Lower-case letters, digits and dashes, e.g. ai-design.",
        lengthMinutes: "Length: from 5 to 480.",
        windowDays: "Booking window: a whole number, please.",
      },
    });
    expect(await saveMeetingType(database.db, actor(), null, values)).toMatchObject({
      ok: false,
      reason: "conflict",
      fieldErrors: { slug: "Another meeting type has this address." },
    });
    expect(await listMeetingTypes(database.db)).toHaveLength(2);
  });

  it("the free consultation keeps its address and stays bookable", async () => {
    const [free] = await listMeetingTypes(database.db);
    await saveMeetingType(database.db, actor(), free?.id as number, {
      ...values,
      name: "Free call",
      slug: "other",
      active: "",
    });
    const [after] = await listMeetingTypes(database.db);
    expect(after).toMatchObject({
      slug: "free",
      name: "Free call",
      active: true,
      lengthMinutes: 60,
    });
  });
});
