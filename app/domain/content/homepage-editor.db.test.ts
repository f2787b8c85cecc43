import { afterEach, describe, expect, it } from "vitest";
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import { saveBrandSettings, saveLogo } from "#app/domain/settings/settings-admin.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { getHomepageContent, getHomepageView, getPublicHomepageContent } from "./content.server.ts";
import { updateHomepageSection } from "./homepage-editor.server.ts";

let database: Database;
afterEach(async () => {
  await database?.close().catch(() => {});
});

const actor = { actorId: null, actorLabel: "admin@example.com", ip: "127.0.0.1" };
const longUrl = `/${"a".repeat(2048)}`; // 2049 characters
const snapshot = async () => ({
  content: await getHomepageContent(database.db),
  settings: await getSiteSettings(database.db),
  projects: await query(database, "select id, title, image from portfolio_projects order by id"),
  sales: await query(database, "select value from staff_settings where key = 'sales_email'"),
});
const auditCount = async () =>
  Number(
    ((await query(database, "select count(*)::int as n from audit_log")) as { n: number }[])[0]?.n,
  );

describe("saving homepage sections", () => {
  it("saves each section, merges left-out fields and writes the audit log", async () => {
    database = await createTestDatabase();
    const db = database.db;
    expect(
      await updateHomepageSection(db, "hero", { heading: "New hero", subheading: "Sub" }, actor),
    ).toMatchObject({ ok: true });
    expect(
      await updateHomepageSection(
        db,
        "services",
        {
          heading: "Our services",
          services: [{ title: "Only one", description: "d", icon: "", image: "", link: "" }],
        },
        actor,
      ),
    ).toMatchObject({ ok: true });
    expect(
      await updateHomepageSection(
        db,
        "about",
        { content: "About text", image: "/img/a.webp" },
        actor,
      ),
    ).toMatchObject({ ok: true });
    expect(
      await updateHomepageSection(
        db,
        "testimonials",
        {
          heading: "Clients",
          testimonials: [
            { content: "Great", author: "Ann", position: "", company: "", avatar: "" },
          ],
        },
        actor,
      ),
    ).toMatchObject({ ok: true });
    const content = await getHomepageContent(db);
    expect(content.hero?.heading).toBe("New hero");
    expect(content.hero?.buttonText).toBe("Start Your AI Design");
    expect(content.services?.services.map((s) => s.title)).toEqual(["Only one"]);
    expect(content.about?.content).toBe("About text");
    expect(content.about?.points).toHaveLength(6);
    expect(content.testimonials?.testimonials).toHaveLength(1);
    const audit = await query(
      database,
      "select action, target from audit_log where action = 'homepage_section_updated' order by id",
    );
    expect(audit.map((r) => (r as { target: string }).target)).toEqual([
      "hero",
      "services",
      "about",
      "testimonials",
    ]);
  });

  it("the contact section's phone, e-mail and address are the brand settings", async () => {
    database = await createTestDatabase();
    const result = await updateHomepageSection(
      database.db,
      "contact",
      {
        heading: "Talk to us",
        phone: "(256) 555-0199",
        email: "hello@example.com",
        address: { street: "1 Main St", city: "Huntsville", region: "AL", postalCode: "35801" },
      },
      actor,
    );
    expect(result.ok).toBe(true);
    const settings = await getSiteSettings(database.db);
    expect(settings.phone).toBe("(256) 555-0199");
    expect(settings.email).toBe("hello@example.com");
    const api = await getPublicHomepageContent(database.db);
    expect(api.contact).toMatchObject({
      heading: "Talk to us",
      phone: "(256) 555-0199",
      address: "1 Main St, Huntsville, AL 35801",
    });
  });

  it("the portfolio section stores project references and edits the project records", async () => {
    database = await createTestDatabase();
    const result = await updateHomepageSection(
      database.db,
      "portfolio",
      {
        projects: [
          { id: "project-4" },
          { id: "project-1", title: "Renamed store", image: "/images/new.webp" },
        ],
      },
      actor,
    );
    expect(result.ok).toBe(true);
    const content = await getHomepageContent(database.db);
    expect(content.portfolio?.projects).toEqual([{ id: "project-4" }, { id: "project-1" }]);
    const view = await getHomepageView(database.db, { error: () => {} });
    expect(view.content.portfolio.projects.map((p) => [p.id, p.title])).toEqual([
      ["project-4", expect.any(String)],
      ["project-1", "Renamed store"],
    ]);
    const api = await getPublicHomepageContent(database.db);
    expect(api.portfolio?.projects[1]).toMatchObject({
      id: "project-1",
      image: "/images/new.webp",
    });
  });

  const bad: [string, string, unknown][] = [
    ["an unknown section id", "footer", { heading: "x" }],
    ["a missing required heading", "hero", { heading: "" }],
    ["a 2049-character image URL", "about", { image: longUrl }],
    [
      "a javascript: link",
      "services",
      {
        services: [
          { title: "x", description: "", icon: "", image: "", link: "javascript:alert(1)" },
        ],
      },
    ],
    [
      "a testimonial without author",
      "testimonials",
      { testimonials: [{ content: "x", author: "", position: "", company: "", avatar: "" }] },
    ],
    ["an unknown project", "portfolio", { projects: [{ id: "project-999" }] }],
    ["a project twice", "portfolio", { projects: [{ id: "project-1" }, { id: "project-1" }] }],
    ["a project without a title", "portfolio", { projects: [{ id: "project-1", title: "" }] }],
    ["a bad contact e-mail", "contact", { email: "not-an-email" }],
    [
      "a contact address without city",
      "contact",
      { address: { street: "1", city: "", region: "AL", postalCode: "35801" } },
    ],
    ["a non-object body", "hero", ["heading"]],
  ];
  for (const [what, sectionId, input] of bad) {
    it(`refuses ${what}, and nothing changes`, async () => {
      database = await createTestDatabase();
      const before = await snapshot();
      const audits = await auditCount();
      const result = await updateHomepageSection(database.db, sectionId, input, actor);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.reason).toBe(sectionId === "footer" ? "not-found" : "invalid");
        expect(result.error).toBe("Failed to update section");
        expect(Object.keys(result.fieldErrors ?? {}).length).toBeGreaterThan(0);
      }
      expect(await snapshot()).toEqual(before);
      expect(await auditCount()).toBe(audits);
    });
  }

  it("a section missing from the database can be configured again", async () => {
    database = await createTestDatabase();
    await query(database, "delete from homepage_sections where id = 'testimonials'");
    expect((await getHomepageContent(database.db)).testimonials).toBeNull();
    expect(
      (await updateHomepageSection(database.db, "testimonials", { heading: "x" }, actor)).ok,
    ).toBe(false);
    expect(
      (
        await updateHomepageSection(
          database.db,
          "testimonials",
          { heading: "Reviews", testimonials: [] },
          actor,
        )
      ).ok,
    ).toBe(true);
    expect((await getHomepageContent(database.db)).testimonials?.heading).toBe("Reviews");
  });
});

describe("saving settings", () => {
  const brand = {
    site_name: "Acme IT",
    tagline: "",
    phone: "(205) 555-0100",
    email: "info@acme.example",
    address: { street: "1 Main St", city: "Mobile", region: "AL", postalCode: "36602" },
    social_links: [{ label: "LinkedIn", url: "https://www.linkedin.com/company/acme" }],
  };

  it("saves the brand settings", async () => {
    database = await createTestDatabase();
    expect((await saveBrandSettings(database.db, brand, actor)).ok).toBe(true);
    const s = await getSiteSettings(database.db);
    expect(s).toMatchObject({
      siteName: "Acme IT",
      phone: "(205) 555-0100",
      socialLinks: brand.social_links,
    });
  });

  it("saves a logo URL; refuses SVG, a 2049-character URL and other schemes", async () => {
    database = await createTestDatabase();
    expect((await saveLogo(database.db, "/uploads/logo.png", actor)).ok).toBe(true);
    for (const bad of [
      "/uploads/logo.svg",
      "https://cdn.example/logo.SVG?v=1",
      longUrl,
      "javascript:alert(1)",
      "data:image/png;base64,AA",
    ]) {
      const result = await saveLogo(database.db, bad, actor);
      expect(result, bad).toMatchObject({
        ok: false,
        reason: "invalid",
        error: "Error updating logo. Please try again.",
      });
    }
    expect((await getSiteSettings(database.db)).logoUrl).toBe("/uploads/logo.png");
  });

  const badBrand: [string, Record<string, unknown>][] = [
    ["a missing site name", { site_name: "" }],
    ["a bad e-mail", { email: "nope" }],
    ["a short phone", { phone: "12" }],
    [
      "a social link that is not http(s)",
      { social_links: [{ label: "X", url: "javascript:alert(1)" }] },
    ],
    [
      "a 2049-character social link",
      { social_links: [{ label: "X", url: `https://x.com/${"a".repeat(2035)}` }] },
    ],
  ];
  for (const [what, change] of badBrand) {
    it(`refuses ${what}, and nothing changes`, async () => {
      database = await createTestDatabase();
      const before = await snapshot();
      const result = await saveBrandSettings(database.db, { ...brand, ...change }, actor);
      expect(result).toMatchObject({ ok: false, reason: "invalid" });
      expect(await snapshot()).toEqual(before);
    });
  }
});
