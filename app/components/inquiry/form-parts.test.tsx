import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormOutcome } from "./form-parts.tsx";

// What the form says above its fields after a post (decision 0022: the page answers).
const alertOf = (result: Parameters<typeof FormOutcome>[0]["result"]) =>
  renderToString(<FormOutcome result={result} />).replace(/<[^>]+>/g, "");

describe("a form's message after a refused post", () => {
  it("points to a refused attachment beside its field instead of saying it twice", () => {
    const refused = '"notes.txt" is not a JPG, PNG, GIF, WebP or PDF file.';
    expect(alertOf({ ok: false, error: refused, fieldErrors: { files: refused } })).toBe(
      "Please correct the highlighted fields.",
    );
  });

  it("says a full disk as it is: nothing for the visitor to correct", () => {
    const full = "We could not store your files right now. Please try again later.";
    expect(
      alertOf({ ok: false, error: full, fieldErrors: { files: full }, retryLater: true }),
    ).toBe(full);
  });

  it("says any other error, and the success message, as given", () => {
    expect(alertOf({ ok: false, error: "Too many messages." })).toBe("Too many messages.");
    expect(alertOf({ ok: true, message: "Sent!", customerId: 1 })).toBe("Sent!");
  });
});
