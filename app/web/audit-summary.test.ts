import { describe, expect, it } from "vitest";
import { auditSummary } from "./audit-summary.ts";

const entry = (
  action: string,
  target = "",
  details: Record<string, unknown> = {},
  names: Record<string, string> = {},
) => auditSummary({ action, target, details, names });

describe("auditSummary", () => {
  it("names the lead and the rep of an assignment, not their ids", () => {
    expect(
      entry(
        "lead_assigned",
        "lead:3",
        { from: null, to: 2, rep: "rep@example.com" },
        { "lead:3": "Jane Doe", "user:2": "Sam Rep" },
      ),
    ).toBe("Assigned lead #3 (Jane Doe) to Sam Rep");
    expect(entry("lead_assigned", "lead:3", { from: 2, to: null }, { "lead:3": "Jane Doe" })).toBe(
      "Returned lead #3 (Jane Doe) to New leads",
    );
  });

  it("names a time zone as people call it", () => {
    expect(entry("settings_updated", "time_zone", { timeZone: "America/Chicago" })).toBe(
      "Set the company time zone to Central time (Chicago)",
    );
    expect(entry("settings_updated", "time_zone", { timeZone: "Europe/London" })).toBe(
      "Set the company time zone to Europe/London",
    );
  });

  it("says at which sign-in page, and why a sign-in failed, in words", () => {
    expect(entry("sign_in", "", { door: "admin", factors: "password" })).toBe(
      "Signed in at the admin sign-in with password",
    );
    expect(entry("sign_in", "", { door: "login", factors: "password+passkey" })).toBe(
      "Signed in at the sales team sign-in with password and passkey",
    );
    expect(entry("sign_in_failed", "", { door: "login", reason: "wrong_password" })).toBe(
      "Sign-in failed at the sales team sign-in: wrong password",
    );
    expect(entry("passkey_sign_in_failed", "", { door: "portal", reason: "unknown" })).toBe(
      "Passkey sign-in refused at the Training Portal: unknown",
    );
  });

  it("lists changed settings by their labels", () => {
    expect(
      entry("staff_settings_updated", "staff_settings", {
        sales_email: "sales@acme.example",
        assign_leads_automatically: "(default)",
      }),
    ).toBe(
      'Updated the staff settings: Sales notification e-mail set to "sales@acme.example"; Assign new leads automatically set to the default',
    );
    expect(entry("settings_updated", "brand", { fields: "site_name,phone" })).toBe(
      "Updated the site details: site name, phone",
    );
    expect(entry("settings_updated", "logo", { logoUrl: "/media/x.png" })).toBe("Changed the logo");
  });

  it("names people, registrations and records, falling back to what the entry stored", () => {
    expect(
      entry("user_role_changed", "user:4", {
        email: "a@x.example",
        from: "sales_rep",
        to: "manager",
      }),
    ).toBe("Changed the role of a@x.example from Sales Representative to Sales Manager");
    expect(
      entry(
        "registration_confirmed",
        "registration:7",
        {
          student: "kim@example.org",
          course: "CCNA",
          from: "pending",
          to: "confirmed",
        },
        { "registration:7": "Kim Lee, CCNA" },
      ),
    ).toBe("Confirmed registration #7 (Kim Lee, CCNA) (Pending → Confirmed)");
    expect(entry("registration_expired", "registration:9", { from: "offered" })).toBe(
      "Ended registration #9: the student did not answer in time",
    );
    expect(entry("course_deleted", "course:2", { title: "CISA" })).toBe(
      'Deleted the course "CISA"',
    );
    expect(
      entry("slide_updated", "hero_slide:5", { isActive: false }, { "hero_slide:5": "Spring" }),
    ).toBe('Switched off the slide "Spring"');
    expect(entry("image_uploaded", "/media/a.png", { originalName: "team.jpg", size: 1 })).toBe(
      'Uploaded the image "team.jpg"',
    );
    expect(entry("lead_deleted", "lead:8", { name: "Old Lead", email: "o@x.example" })).toBe(
      "Deleted lead #8 (Old Lead)",
    );
    expect(
      entry(
        "lead_deal_changed",
        "lead:3",
        {
          from: { phase: "New", value: "$0" },
          to: { phase: "Proposal", value: "$12,000" },
        },
        { "lead:3": "Jane Doe" },
      ),
    ).toBe("Changed the deal of lead #3 (Jane Doe): New, $0 → Proposal, $12,000");
    expect(
      entry(
        "sales_target_set",
        "sales_target:user:2",
        { month: "2026-11", amount: "$50,000" },
        { "user:2": "Sam Rep" },
      ),
    ).toBe("Set the sales target of Sam Rep for 2026-11 to $50,000");
    expect(entry("mail_resent", "mail:4", {}, { "mail:4": '"Welcome" to a@x.example' })).toBe(
      'Queued the e-mail "Welcome" to a@x.example again',
    );
  });

  it("shows an action it does not know by its stored name and target", () => {
    expect(entry("something_new", "thing:1", { a: 1 })).toBe("something_new (thing:1)");
    expect(entry("something_new")).toBe("something_new");
  });
});
