import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.server.ts";
import { isDatabaseUnavailable } from "./unavailable.server.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises a server that cannot be reached or goes away", () => {
    expect(
      isDatabaseUnavailable(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        withCode("terminating connection due to administrator command", "57P01"),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode("connection failure", "08006"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    // Connecting to "localhost" tries IPv4 and IPv6 and fails with both.
    expect(
      isDatabaseUnavailable(
        new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], ""),
      ),
    ).toBe(true);
  });

  it("looks through Drizzle's query error to its cause", () => {
    const cause = withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED");
    expect(isDatabaseUnavailable(new DrizzleQueryError("select 1", [], cause))).toBe(true);
  });

  it("does not take a failed query or a bug for an outage", () => {
    expect(isDatabaseUnavailable(withCode('relation "nope" does not exist', "42P01"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("duplicate key value", "23505"))).toBe(false);
    expect(
      isDatabaseUnavailable(
        new DrizzleQueryError("insert", [], withCode("null value in column", "23502")),
      ),
    ).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it("recognises the errors the drivers really throw", async () => {
    const unreachable = await openDatabase({ url: "postgres://nobody@127.0.0.1:1/none" });
    const refused = await unreachable.ping().catch((error: unknown) => error);
    await unreachable.close();
    expect(isDatabaseUnavailable(refused)).toBe(true);

    const embedded = await openDatabase({ memory: true });
    await embedded.close();
    const closed = await embedded.ping().catch((error: unknown) => error);
    expect(isDatabaseUnavailable(closed)).toBe(true);
  });
});
