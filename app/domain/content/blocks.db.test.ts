import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { auditLog, contentBlocks } from "#app/platform/db/schema.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { BLOCK_TEXTS, parseBlock } from "./blocks.schema.ts";
import {
  createBlock,
  deleteBlock,
  getBlock,
  listAllBlocks,
  listBlocksFor,
  updateBlock,
} from "./blocks.server.ts";

let database: Database;
afterEach(async () => {
  await database?.close().catch(() => {});
});

describe("content blocks", () => {
  it("the seed gives the sales dashboard three Latest News in AI cards", async () => {
    database = await createTestDatabase();
    const news = await listBlocksFor(database.db, {
      page: "sales-dashboard",
      section: "latest-news",
    });
    expect(news).toHaveLength(3);
    expect(news.every((block) => block.title && block.content)).toBe(true);
  });

  it("a page gets only its own section's blocks, in the order they were added", async () => {
    database = await createTestDatabase();
    await database.db.insert(contentBlocks).values([
      {
        key: "a",
        title: "A",
        content: "a",
        page: "home",
        section: "notice",
        createdAt: new Date(2026, 0, 2),
      },
      {
        key: "b",
        title: "B",
        content: "b",
        page: "home",
        section: "notice",
        createdAt: new Date(2026, 0, 1),
      },
      { key: "c", title: "C", content: "c", page: "home", section: "other" },
    ]);
    const blocks = await listBlocksFor(database.db, { page: "home", section: "notice" });
    expect(blocks.map((block) => block.key)).toEqual(["b", "a"]);
  });
});

describe("content block commands", () => {
  const actor = { user: { id: 1, email: "admin@example.com" }, ip: "192.0.2.1" };
  const input = {
    key: "home-notice",
    title: "Closed on Monday",
    content: "We are closed on Memorial Day.",
    imageUrl: "",
    page: "home",
    section: "notice",
  };

  it("lists newest first, creates, updates and deletes, each audited", async () => {
    database = await createTestDatabase();
    const created = await createBlock(database.db, input, actor);
    if (!created.ok) throw new Error(created.error);
    expect((await listAllBlocks(database.db))[0]?.key).toBe("home-notice");
    const updated = await updateBlock(
      database.db,
      created.value.id,
      { ...input, title: "Open on Monday", imageUrl: "https://cdn.example.com/a.png" },
      actor,
    );
    expect(updated).toMatchObject({ ok: true, value: { title: "Open on Monday" } });
    expect(await getBlock(database.db, created.value.id)).toMatchObject({
      imageUrl: "https://cdn.example.com/a.png",
    });
    expect(await deleteBlock(database.db, created.value.id, actor)).toMatchObject({ ok: true });
    expect(await getBlock(database.db, created.value.id)).toBeNull();
    const actions = (await database.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual([
      "content_block_created",
      "content_block_updated",
      "content_block_deleted",
    ]);
  });

  it("refuses a key in use (create and update) and changes nothing", async () => {
    database = await createTestDatabase();
    const taken = { ...input, key: "sales-news-ai-assistants" };
    const before = await listAllBlocks(database.db);
    expect(await createBlock(database.db, taken, actor)).toMatchObject({
      ok: false,
      reason: "conflict",
      fieldErrors: { key: BLOCK_TEXTS.duplicateKey },
    });
    const other = await createBlock(database.db, input, actor);
    if (!other.ok) throw new Error(other.error);
    expect(await updateBlock(database.db, other.value.id, taken, actor)).toMatchObject({
      reason: "conflict",
    });
    expect(await getBlock(database.db, other.value.id)).toMatchObject({ key: "home-notice" });
    expect(await listAllBlocks(database.db)).toHaveLength(before.length + 1);
    expect(await updateBlock(database.db, 999_999, input, actor)).toMatchObject({
      reason: "not-found",
    });
    expect(await deleteBlock(database.db, 999_999, actor)).toMatchObject({ reason: "not-found" });
  });

  it("validates: key, title, content, page and section required; image URL must be a URL", () => {
    expect(parseBlock({})).toEqual({
      ok: false,
      reason: "invalid",
      error: "Key is required.",
      fieldErrors: {
        key: "Key is required.",
        title: "Title is required.",
        content: "Content is required.",
        page: "Page is required.",
        section: "Section is required.",
      },
    });
    for (const imageUrl of ["not a url", "javascript:alert(1)", "//evil.example/x.png"]) {
      expect(parseBlock({ ...input, imageUrl })).toEqual({
        ok: false,
        reason: "invalid",
        error: "Image URL must be a URL (https://...) or a site path starting with /.",
        fieldErrors: {
          imageUrl: "Image URL must be a URL (https://...) or a site path starting with /.",
        },
      });
    }
    for (const imageUrl of ["", "/media/2026/01/a.webp", "https://cdn.example.com/a.png"]) {
      expect(parseBlock({ ...input, imageUrl }).ok).toBe(true);
    }
    expect(parseBlock({ ...input, page: "Sales Dashboard" })).toMatchObject({
      fieldErrors: { page: "Page may contain only lowercase letters, digits and single dashes." },
    });
    // Markup is content like any other: stored as typed, escaped where shown.
    expect(parseBlock({ ...input, content: "<script>alert(1)</script>" })).toMatchObject({
      ok: true,
      value: { content: "<script>alert(1)</script>" },
    });
  });
});
