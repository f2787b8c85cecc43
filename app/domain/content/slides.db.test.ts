import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { listActiveSlides } from "./content.server.ts";
import {
  createSlide,
  deleteSlide,
  listAllSlides,
  moveSlide,
  parseSlide,
  reorderSlides,
  setSlideActive,
  updateSlide,
} from "./slides.server.ts";

let database: Database;
const actor = { user: { id: 1, email: "admin@example.com" }, ip: "203.0.113.9" };

beforeEach(async () => {
  // Seeded (the admin is user 1, the audit log refers to it), without the seeded slides.
  database = await createTestDatabase();
  await query(database, "delete from hero_slides");
});
afterEach(async () => {
  await database.close();
});

function valid(raw: Record<string, unknown>) {
  const parsed = parseSlide(raw);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.value;
}

describe("parseSlide", () => {
  it("requires a title and checks links and images", () => {
    expect(parseSlide({ title: "  " })).toEqual({
      ok: false,
      reason: "invalid",
      error: "Title is required (at most 200 characters).",
      fieldErrors: { title: "Title is required (at most 200 characters)." },
    });
    expect(parseSlide({})).toMatchObject({ ok: false, fieldErrors: { title: expect.any(String) } });
    expect(
      parseSlide({
        title: "A",
        buttonLink: "javascript:alert(1)",
        backgroundImage: "//evil/x.png",
      }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { buttonLink: expect.any(String), backgroundImage: expect.any(String) },
    });
    expect(parseSlide(null)).toMatchObject({ ok: false });
    expect(parseSlide({ title: "A", isActive: "yes" })).toMatchObject({ ok: false });
    expect(valid({ title: " Spring ", buttonLink: "/contact" })).toEqual({
      title: "Spring",
      subtitle: "",
      description: "",
      backgroundImage: "",
      buttonText: "",
      buttonLink: "/contact",
      isActive: true,
    });
  });
});

describe("slides", () => {
  it("create appends, update, toggle, reorder, move and delete", async () => {
    const db = database.db;
    const a = await createSlide(db, valid({ title: "A" }), actor);
    const b = await createSlide(db, valid({ title: "B" }), actor);
    const c = await createSlide(db, valid({ title: "C", isActive: false }), actor);
    expect([a.sortOrder, b.sortOrder, c.sortOrder]).toEqual([0, 1, 2]);
    expect((await listActiveSlides(db)).map((s) => s.title)).toEqual(["A", "B"]);

    expect(
      await updateSlide(db, a.id, valid({ title: "A2", subtitle: "sub" }), actor),
    ).toMatchObject({ title: "A2", subtitle: "sub", sortOrder: 0 });
    expect(await updateSlide(db, 9999, valid({ title: "X" }), actor)).toBeNull();
    await setSlideActive(db, c.id, true, actor);
    expect(await reorderSlides(db, [c.id, a.id, b.id], actor)).toBe(true);
    expect((await listActiveSlides(db)).map((s) => s.title)).toEqual(["C", "A2", "B"]);
    // Incomplete or repeated orders change nothing.
    expect(await reorderSlides(db, [a.id, b.id], actor)).toBe(false);
    expect(await reorderSlides(db, [a.id, a.id, b.id], actor)).toBe(false);
    expect(await moveSlide(db, b.id, "up", actor)).toBe(true);
    expect(await moveSlide(db, c.id, "up", actor)).toBe(false);
    expect((await listAllSlides(db)).map((s) => s.title)).toEqual(["C", "B", "A2"]);
    expect(await deleteSlide(db, b.id, actor)).toBe(true);
    expect(await deleteSlide(db, b.id, actor)).toBe(false);
    expect((await listAllSlides(db)).map((s) => s.title)).toEqual(["C", "A2"]);
  });
});
