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

describe("formToObject (nested field names)", () => {
  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return data;
  };

  it("builds nested objects and lists", () => {
    expect(
      formToObject(
        form([
          ["address.city", "Mobile"],
          ["links.0.url", "https://x.example"],
        ]),
      ),
    ).toEqual({ address: { city: "Mobile" }, links: [{ url: "https://x.example" }] });
  });

  it("never reaches Object.prototype: __proto__, constructor and prototype are left out", () => {
    const result = formToObject(
      form([
        ["__proto__.polluted", "yes"],
        ["a.__proto__.polluted", "yes"],
        ["constructor.prototype.polluted", "yes"],
        ["b.constructor.polluted", "yes"],
        ["name", "kept"],
      ]),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(result).toEqual({ name: "kept" });
  });

  it("leaves out a list index no form posts, instead of building a huge list", () => {
    const started = performance.now();
    expect(
      formToObject(
        form([
          ["items.999999999.title", "x"],
          ["items.1.title", "y"],
        ]),
      ),
    ).toEqual({
      items: [{ title: "y" }],
    });
    expect(performance.now() - started).toBeLessThan(500);
  });
});
