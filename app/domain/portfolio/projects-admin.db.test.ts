import { afterEach, describe, expect, it, vi } from "vitest";
import { getHomepageContent, getHomepageView } from "#app/domain/content/content.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { getProjectDetails, listPortfolioProjects } from "./portfolio.server.ts";
import {
  formLists,
  NEW_PROJECT_DEFAULTS,
  type ProjectInput,
  projectFromForm,
  projectFromJson,
  validateProject,
} from "./project.schema.ts";
import {
  createProject,
  deleteProject,
  listProjectsForStaff,
  moveProject,
  updateProject,
} from "./projects-admin.server.ts";

let database: Database;
afterEach(async () => {
  await database?.close().catch(() => {});
});

const everyField: ProjectInput = {
  title: "Tuscaloosa Tire Booking",
  description: "Online booking for a tyre shop.",
  image: "/uploads/tires.webp",
  client: "Tuscaloosa Tire",
  category: "AI Solutions",
  clientIndustry: "Automotive",
  clientSize: "18 employees",
  timeline: "5 weeks",
  teamSize: "2 specialists",
  completedDate: "2025-10-01",
  challenge: "Phones rang all day.",
  solution: "A booking site.",
  projectUrl: "https://tires.example.com/book",
  technologies: ["React", "Postgres"],
  results: { metrics: [{ label: "Calls", value: "-50%" }] },
  testimonial: { content: "Quiet phones.", author: "Sam", position: "Owner", company: "TT" },
};

describe("project commands", () => {
  it("creates a project with the spec's defaults at the end of the list", async () => {
    database = await createTestDatabase();
    const id = await createProject(database.db);
    const project = await getProjectDetails(database.db, id);
    expect(project).toMatchObject({ ...NEW_PROJECT_DEFAULTS, technologies: [] });
    expect(project?.completedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const list = await listProjectsForStaff(database.db);
    expect(list.at(-1)?.id).toBe(id);
    expect(list).toHaveLength(7);
  });

  it("an update changes every field, the project page's data and the homepage card", async () => {
    database = await createTestDatabase();
    expect(await updateProject(database.db, 2, everyField)).toBe(true);
    expect(await getProjectDetails(database.db, 2)).toEqual({ id: 2, ...everyField });
    // The homepage entry is a reference: its card shows the record.
    const stored = await getHomepageContent(database.db);
    expect(stored.portfolio?.projects[1]).toEqual({ id: "project-2" });
    const view = await getHomepageView(database.db, { error: vi.fn() });
    expect(view.content.portfolio.projects[1]).toEqual({
      id: "project-2",
      title: everyField.title,
      client: everyField.client,
      category: everyField.category,
      description: everyField.description,
      image: everyField.image,
    });
    expect(view.content.portfolio.projects[0]?.title).toBe("Magic City Outfitters Online Store");
    expect(await updateProject(database.db, 999, everyField)).toBe(false);
  });

  it("the home page shows the project record; a deleted project's card is left out", async () => {
    database = await createTestDatabase();
    await query(database, "update portfolio_projects set title = 'Renamed' where id = 3");
    const view = await getHomepageView(database.db, { error: vi.fn() });
    expect(view.content.portfolio.projects[2]?.title).toBe("Renamed");
    await query(database, "delete from portfolio_projects where id = 3");
    const after = await getHomepageView(database.db, { error: vi.fn() });
    expect(after.content.portfolio.projects.map((p) => p.id)).toEqual(["project-1", "project-2"]);
  });

  it("malformed stored results or testimonial JSON reads as empty in the editor", async () => {
    database = await createTestDatabase();
    await query(
      database,
      `update portfolio_projects set results = to_jsonb('{broken'::text),
         testimonial = '"not an object"'::jsonb where id = 4`,
    );
    const project = await getProjectDetails(database.db, 4);
    expect(project?.results).toEqual({ metrics: [] });
    expect(project?.testimonial).toEqual({ content: "", author: "", position: "", company: "" });
  });

  it("deletes a project and its homepage entry; an unknown id changes nothing", async () => {
    database = await createTestDatabase();
    expect(await deleteProject(database.db, 1)).toBe(true);
    expect(await getProjectDetails(database.db, 1)).toBeNull();
    const stored = await getHomepageContent(database.db);
    expect(stored.portfolio?.projects.map((p) => p.id)).toEqual(["project-2", "project-3"]);
    expect(await deleteProject(database.db, 1)).toBe(false);
    expect(await listProjectsForStaff(database.db)).toHaveLength(5);
  });

  it("moves projects up and down; the public list follows", async () => {
    database = await createTestDatabase();
    expect(await moveProject(database.db, 3, "up")).toBe(true);
    expect((await listPortfolioProjects(database.db)).map((p) => p.id)).toEqual([1, 3, 2, 4, 5, 6]);
    expect(await moveProject(database.db, 1, "up")).toBe(true);
    expect(await moveProject(database.db, 6, "down")).toBe(true);
    expect(await moveProject(database.db, 1, "down")).toBe(true);
    expect((await listProjectsForStaff(database.db)).map((p) => [p.id, p.sortOrder])).toEqual([
      [3, 1],
      [1, 2],
      [2, 3],
      [4, 4],
      [5, 5],
      [6, 6],
    ]);
    expect(await moveProject(database.db, 99, "up")).toBe(false);
  });
});

describe("project validation (the editor and the API)", () => {
  it("accepts every field, with results and testimonial as JSON strings", () => {
    const result = projectFromJson({
      ...everyField,
      results: JSON.stringify(everyField.results),
      testimonial: JSON.stringify(everyField.testimonial),
    });
    expect(result).toEqual({ ok: true, value: everyField });
  });

  it.each([
    ["a missing title", { title: undefined }, "title", "Title is required."],
    ["a blank title", { title: "   " }, "title", "Title is required."],
    [
      "a 2049-character URL",
      { projectUrl: `https://example.com/${"a".repeat(2049 - 20)}` },
      "projectUrl",
      "Project URL must be at most 2,048 characters.",
    ],
    [
      "a URL without a scheme",
      { projectUrl: "javascript:alert(1)" },
      "projectUrl",
      /full web address/,
    ],
    ["malformed results JSON", { results: "{not json" }, "results", "results must be valid JSON."],
    ["malformed testimonial JSON", { testimonial: "{" }, "testimonial", /valid JSON/],
    ["results of the wrong shape", { results: { metrics: "many" } }, "results", /./],
    ["an impossible date", { completedDate: "2025-02-30" }, "completedDate", /YYYY-MM-DD/],
    ["an image on another scheme", { image: "javascript:x" }, "image", /path/],
  ])("refuses %s", (_name, change, field, message) => {
    const result = projectFromJson({ ...everyField, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors[field]).toMatch(message);
  });

  it("takes a URL of exactly 2048 characters", () => {
    const url = `https://example.com/${"a".repeat(2048 - 20)}`;
    expect(url).toHaveLength(2048);
    expect(validateProject({ ...everyField, projectUrl: url }).ok).toBe(true);
  });

  it("reads the editor's form: blank list rows are dropped", () => {
    const form = new FormData();
    form.set("title", " Title ");
    for (const t of ["React", "", "Node"]) form.append("technologies", t);
    for (const [label, value] of [
      ["Speed", "2x"],
      ["", ""],
    ]) {
      form.append("metricLabel", label as string);
      form.append("metricValue", value as string);
    }
    form.set("testimonialContent", "Good");
    const result = validateProject(projectFromForm(formLists(form)));
    expect(result.ok && result.value).toMatchObject({
      title: "Title",
      technologies: ["React", "Node"],
      results: { metrics: [{ label: "Speed", value: "2x" }] },
      testimonial: { content: "Good", author: "" },
    });
  });
});
