// Billing documents' numbers (issue 47): twenty issued at once are consecutive, with no gap and
// no repeat (this file runs on PGlite and, in CI's PostgreSQL pass, on a real server where the
// twenty transactions truly overlap); a rolled-back issue gives its number back; each series and
// each year counts on its own.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { documentNumber, nextDocumentNumber } from "./numbers.server.ts";

let database: Database;

beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const take = (kind: Parameters<typeof nextDocumentNumber>[1], year = 2027) =>
  database.db.transaction((tx) => nextDocumentNumber(tx, kind, year));

describe("billing document numbers", () => {
  it("twenty issued at once are 0001 to 0020: consecutive, none repeated", async () => {
    const numbers = await Promise.all(Array.from({ length: 20 }, () => take("invoice")));
    expect([...numbers].sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `2027-${String(i + 1).padStart(4, "0")}`),
    );
  });

  it("a rolled-back issue gives its number back: the next one takes it", async () => {
    expect(await take("invoice")).toBe("2027-0001");
    await expect(
      database.db.transaction(async (tx) => {
        expect(await nextDocumentNumber(tx, "invoice", 2027)).toBe("2027-0002");
        throw new Error("the PDF could not be stored");
      }),
    ).rejects.toThrow("the PDF could not be stored");
    expect(await take("invoice")).toBe("2027-0002");
  });

  it("each series and each year counts from 0001", async () => {
    expect(await take("invoice", 2027)).toBe("2027-0001");
    expect(await take("credit_note", 2027)).toBe("CN-2027-0001");
    expect(await take("receipt", 2027)).toBe("R-2027-0001");
    expect(await take("invoice", 2028)).toBe("2028-0001");
    expect(await take("invoice", 2027)).toBe("2027-0002");
    expect(documentNumber("invoice", 2027, 12_345)).toBe("2027-12345");
  });
});
