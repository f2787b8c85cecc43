import { describe, expect, it } from "vitest";
import { byMethod } from "./http.server.ts";

const call = (method: string) =>
  byMethod(new Request("http://site.test/api/thing/7", { method }), {
    PUT: () => Response.json({ did: "put" }),
    DELETE: () => new Response(null, { status: 204 }),
  });

describe("byMethod: one handler per verb", () => {
  it("runs the handler of the request's verb", async () => {
    expect(await (await call("PUT")).json()).toEqual({ did: "put" });
    expect((await call("DELETE")).status).toBe(204);
  });

  it("answers any other method 405, naming the verbs it takes", async () => {
    for (const method of ["POST", "PATCH", "OPTIONS"]) {
      const answer = await call(method);
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get("allow"), method).toBe("PUT, DELETE");
      expect(await answer.json(), method).toEqual({ error: "Use PUT, DELETE." });
    }
  });

  it("names GET first when the route's loader also reads", async () => {
    const answer = await byMethod(
      new Request("http://site.test/api/thing/7", { method: "PATCH" }),
      { PUT: () => Response.json({}) },
      { get: true },
    );
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("GET, PUT");
    expect(await answer.json()).toEqual({ error: "Use GET, PUT." });
  });
});
