import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { contentBlocks } from "#app/platform/db/schema.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { listBlocksFor } from "./blocks.server.ts";

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
