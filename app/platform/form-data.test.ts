import { describe, expect, it } from "vitest";
import { editList, formToObject } from "./form-data.ts";

describe("editList (the list buttons of a form posted without script)", () => {
  const values = { heading: "H", services: [{ title: "a" }, { title: "b" }] };
  const blanks = { services: { title: "" } };

  it("adds, removes and moves an item of a list it knows", () => {
    expect(editList(values, "add:services", blanks)?.services).toEqual([
      { title: "a" },
      { title: "b" },
      { title: "" },
    ]);
    expect(editList(values, "remove:services:0", blanks)).toEqual({
      heading: "H",
      services: [{ title: "b" }],
    });
    expect(editList(values, "down:services:0", blanks)?.services).toEqual([
      { title: "b" },
      { title: "a" },
    ]);
    expect(values.services).toHaveLength(2);
  });

  it("answers null for an intent that is no edit of one of its lists", () => {
    for (const intent of ["save", "add:projects", "remove:services", "up:services:x", null]) {
      expect(editList(values, intent, blanks), String(intent)).toBeNull();
    }
  });

  it("starts an emptied list, and adds nothing without a blank", () => {
    const form = new FormData();
    form.set("heading", "H");
    expect(editList(formToObject(form), "add:services", blanks)?.services).toEqual([{ title: "" }]);
    expect(editList(values, "add:services", { services: null })).toBe(values);
  });
});
