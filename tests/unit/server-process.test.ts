// The server as an operator starts it: configuration errors stop it with one clear line.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ["server.ts"], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 15_000,
  });
}

describe("starting the server", () => {
  it.each([
    ["PORT", "abc"],
    ["DATABASE_URL", "mysql://root@127.0.0.1/site"],
    ["TRUST_PROXY", "sometimes"],
  ])("refuses an invalid %s with one line naming it", (name, value) => {
    const result = start({ [name]: value });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid environment variable ${name}: `));
  });
});
