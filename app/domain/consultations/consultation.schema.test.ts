import { describe, expect, it } from "vitest";
import { bookingFormErrors } from "./consultation.schema.ts";

// The booking form's check, run by the browser before a post (the page's action parses with
// the same schema and answers the same messages).
describe("bookingFormErrors", () => {
  const details = {
    intent: "book",
    start: "2027-03-15T14:00:00.000Z",
    with: "any",
    name: "Lee Alvarez",
    email: "lee@example.org",
    phone: "(310) 555-0142",
    company: "",
    topic: "support",
    message: "",
  };

  it("finds nothing in a complete form (the page's other fields aside)", () => {
    expect(bookingFormErrors(details)).toBeNull();
  });

  it("names each wrong field with its first message", () => {
    expect(
      bookingFormErrors({ ...details, name: "   ", email: "lee@example", phone: "12", topic: "" }),
    ).toEqual({
      name: "Please enter your name.",
      email: "Please enter a valid email address.",
      phone: "Please enter a valid phone number.",
      topic: "Please choose what you would like to talk about.",
    });
    expect(bookingFormErrors({ ...details, message: "x".repeat(5001) })).toEqual({
      message: "Please keep your message under 5,000 characters.",
    });
  });
});
