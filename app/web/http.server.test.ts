import { describe, expect, it } from "vitest";
import { failure, type Reason } from "#app/platform/result.ts";
import { byMethod, jsonFailure, statusOf } from "./http.server.ts";

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

  it("names GET first when the route's loader answers it", async () => {
    const answer = await byMethod(
      new Request("http://site.test/api/things", { method: "PATCH" }),
      { POST: () => new Response(null, { status: 201 }) },
      { loader: true },
    );
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("GET, POST");
    expect(await answer.json()).toEqual({ error: "Use GET, POST." });
  });
});

describe("a domain refusal at the edge", () => {
  it("statusOf: one status per reason, the statuses the doors answered before", () => {
    const reasons: Reason[] = [
      "invalid",
      "unauthorized",
      "forbidden",
      "not-found",
      "conflict",
      "gone",
      "too-large",
      "unsupported",
      "unprocessable",
      "too-many",
      "unavailable",
      "no-space",
    ];
    expect(reasons.map(statusOf)).toEqual([
      400, 401, 403, 404, 409, 410, 413, 415, 422, 429, 503, 507,
    ]);
  });

  it("jsonFailure: the message in the one { error } shape with the reason's status, no reason in the body", async () => {
    const answer = jsonFailure(failure("conflict", "Taken.", { key: "Taken." }), { live: 7 });
    expect(answer.status).toBe(409);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(await answer.json()).toEqual({ live: 7, error: "Taken." });
  });
});
