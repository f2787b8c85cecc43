// A PostgreSQL connection lost in the middle of a transaction (PostgreSQL pass): the transaction
// fails with an error the app answers 503 for, the process does not crash (pg-pool listens for
// errors only on idle clients), and the pool serves again once the server is back.
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { explainSkipWithoutPostgres, usingPostgres } from "#tests/support/database.ts";
import { startTcpProxy, type TcpProxy } from "#tests/support/tcp-proxy.ts";
import { type Database, openDatabase } from "./client.server.ts";
import { isDatabaseUnavailable } from "./unavailable.server.ts";

explainSkipWithoutPostgres("a connection lost mid-transaction");

let proxy: TcpProxy | undefined;
let database: Database | undefined;
afterEach(async () => {
  await database?.close().catch(() => {});
  await proxy?.close();
  database = undefined;
  proxy = undefined;
});

describe.runIf(usingPostgres)("a connection lost mid-transaction", () => {
  it("fails the transaction as 'unavailable', without crashing, and recovers", async () => {
    const target = new URL(process.env.TEST_DATABASE_URL as string);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const url = new URL(target);
    url.port = String(proxy.port);
    database = await openDatabase({ url: url.toString() });
    const cut = proxy;

    const outcome = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        // The connection dies while the transaction's client is checked out and idle.
        cut.cut();
        await new Promise((r) => setTimeout(r, 200));
        await tx.execute(sql`select 2`);
      })
      .then(
        () => "committed",
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(outcome)).toBe(true);

    cut.restore();
    await expect(database.ping()).resolves.toBeUndefined();
  });
});
