import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { addClosedDay, closedDayName } from "./closed-days.server.ts";

let database: Database;
afterEach(async () => {
  await database?.close().catch(() => {});
});

const actor = { user: { id: 1, email: "admin@example.com" }, ip: "192.0.2.1" };
const days = () => query(database, "select day, name from closed_days order by day, name");
const audits = () =>
  query(database, "select target from audit_log where action = 'closed_day_added' order by id");

describe("closed days", () => {
  it("closes a day once; a second name for it is refused on the day field, and nothing changes", async () => {
    database = await createTestDatabase();
    const day = { day: "2031-03-02", name: "Founders' Day", yearly: false };
    expect(await addClosedDay(database.db, actor, day)).toEqual({ ok: true, value: undefined });
    expect(await closedDayName(database.db, "2031-03-02")).toBe("Founders' Day");
    const before = await days();

    const again = await addClosedDay(database.db, actor, { ...day, name: "Another Day" });
    const error = "That day is closed already: Founders' Day.";
    expect(again).toEqual({ ok: false, reason: "conflict", error, fieldErrors: { day: error } });
    expect(await days()).toEqual(before);
    expect(await audits()).toEqual([{ target: "closed-day:2031-03-02" }]);
  });
});
