// A screen's action answers a domain refusal with the status of its reason and the form's shape.
import { describe, expect, it } from "vitest";
import { failure } from "#app/platform/result.ts";
import { fail, refused } from "./form-action.server.ts";

describe("a refused form", () => {
  const taken = failure("conflict", "That address is taken.", { email: "That address is taken." });

  it("fail with a failure: its message and its reason's status; field messages only when named", () => {
    const answer = fail("save", taken, { values: { email: "a@b.c" } });
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toEqual({
      ok: false,
      intent: "save",
      error: "That address is taken.",
      values: { email: "a@b.c" },
    });
  });

  it("fail with a text: 400 unless a status is given", () => {
    expect(fail("save", "Unknown action.").init?.status).toBe(400);
    expect(fail("save", "Too large.", 413).init?.status).toBe(413);
  });

  it("refused: the failure's own field messages and what was posted", () => {
    const answer = refused("save", taken, { email: "a@b.c" });
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toEqual({
      ok: false,
      intent: "save",
      error: "That address is taken.",
      fieldErrors: { email: "That address is taken." },
      values: { email: "a@b.c" },
    });
  });
});
