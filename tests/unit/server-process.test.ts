// The server as an operator runs it: configuration errors stop the start with one clear line,
// and SIGTERM stops it gracefully. (The second part starts the built app: run `npm run build` first.)
import { spawnSync } from "node:child_process";
import { connect } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { startAppServer } from "#tests/support/app-server.ts";

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
    ["DATABASE_URL", "postgres://u:pw-s3cret@db.example:port/site"],
    ["TRUST_PROXY", "sometimes"],
  ])("refuses an invalid %s with one line naming it", (name, value) => {
    const result = start({ [name]: value });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid environment variable ${name}: `));
    // The variable is named; a password in it never is.
    expect(result.stderr + result.stdout).not.toContain("pw-s3cret");
  });
});

describe("stopping the server", () => {
  it("on SIGTERM: stops accepting, finishes the request in flight, closes the database, exits 0", async () => {
    const server = await startAppServer();
    const { port } = new URL(server.url);
    const exited = new Promise<number | null>((resolve) => server.process.once("exit", resolve));

    // A request whose headers are still arriving when the signal comes.
    const socket = connect(Number(port), "127.0.0.1");
    let response = "";
    socket.on("data", (chunk) => {
      response += chunk;
    });
    const closed = new Promise((resolve) => socket.on("close", resolve));
    socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n");
    await delay(200);
    server.process.kill("SIGTERM");
    await delay(300);
    socket.write("\r\n");

    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(response).toContain("</html>");
    expect(await exited).toBe(0);
    const refused = await new Promise((resolve) =>
      connect(Number(port), "127.0.0.1").on("error", (e: NodeJS.ErrnoException) => resolve(e.code)),
    );
    expect(refused).toBe("ECONNREFUSED");
    expect(server.logs.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
    await server.stop();
  });
});

describe("demo hints in production", () => {
  it("are off unless DEMO_MODE=true: no demo account or password on the sign-in pages", async () => {
    const server = await startAppServer({
      env: { DEMO_MODE: "", DEMO_PASSWORD: "demo-password-never-shown" },
    });
    try {
      for (const path of ["/login", "/admin"]) {
        const html = await (await fetch(`${server.url}${path}`)).text();
        expect(html, path).not.toContain("demo-password-never-shown");
        expect(html, path).not.toMatch(/Demo accounts|Demo credentials/);
      }
      expect(server.logs.some((l) => l.includes("DEMO_MODE is on"))).toBe(false);
    } finally {
      await server.stop();
    }
  });

  it("with DEMO_MODE=true they show, and the start log warns", async () => {
    const server = await startAppServer({ env: { DEMO_PASSWORD: "demo-password-shown" } });
    try {
      const html = await (await fetch(`${server.url}/login`)).text();
      expect(html).toContain("Demo accounts");
      expect(html).toContain("demo-password-shown");
      expect(server.logs.some((l) => l.includes("DEMO_MODE is on"))).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
