import type { Page } from "@playwright/test";
import {
  ADMIN_PASSWORD,
  expect,
  expectHttpError,
  expectNoAxeViolations,
  hydrated,
  adminTest as test,
} from "./fixtures.ts";

/**
 * Sets the project image the way the image field submits it (a field named "image" carrying
 * the URL), whichever image field (upload, media library) renders it.
 */
async function setImage(page: Page, url: string) {
  await page
    .locator('form[aria-label="Edit project"] input[name="image"]')
    .evaluate((input, value) => {
      (input as HTMLInputElement).value = value;
    }, url);
}

const toast = (page: Page) => page.getByTestId("toast");

test.describe("the Project Details manager", () => {
  test("create a project, edit every field, and see its page change", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/projects");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Project Details");
    // The slot picker: every project, the first one selected, in view mode.
    const slots = page.getByRole("navigation", { name: "Project slots" }).getByRole("link");
    await expect(slots).toHaveCount(6);
    await expect(slots.first()).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: "View Live Page" })).toHaveAttribute(
      "href",
      "/portfolio/project-1",
    );
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Add New Project" }).click();
    await expect(page).toHaveURL(/\/admin\/projects\?id=7&edit=1$/);
    await expect(toast(page)).toHaveText(/Success: New project created successfully/);
    await expect(page.getByRole("heading", { name: "Editing: New Project" })).toBeVisible();
    await expect(slots).toHaveCount(7);
    const form = page.getByRole("form", { name: "Edit project" });
    await expect(form.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(
      "New Project",
    );
    await expect(form.getByRole("textbox", { name: "Client", exact: true })).toHaveValue(
      "Client Name",
    );
    await expect(form.getByRole("textbox", { name: "Category", exact: true })).toHaveValue(
      "Web Development",
    );
    await expect(form.getByLabel("Description")).toHaveValue("Project description");
    await expectNoAxeViolations(page);

    const fields: [string, string][] = [
      ["Title", "Mobile Fleet Dispatch"],
      ["Category", "AI Solutions"],
      ["Client", "Mobile Fleet Co"],
      ["Client Industry", "Transport"],
      ["Client Size", "75 drivers"],
      ["Timeline", "7 weeks"],
      ["Team Size", "4 specialists"],
      ["Description", "Dispatch that plans itself."],
      ["Project URL", "https://fleet.example.com"],
      ["The Challenge", "Routes planned on paper."],
      ["Our Solution", "An AI route planner."],
      ["Testimonial", "Our drivers love it."],
      ["Author", "Pat Lee"],
      ["Position", "Operations Manager"],
      ["Company", "Mobile Fleet Co"],
    ];
    for (const [label, value] of fields)
      await form.getByRole("textbox", { name: label, exact: true }).fill(value);
    await form.getByLabel("Completed Date").fill("2025-09-15");

    // Technologies and metrics: add by keyboard and by button, remove one.
    await form.getByLabel("New technology").fill("Python");
    await form.getByLabel("New technology").press("Enter");
    await form.getByLabel("New technology").fill("Maps API");
    await form.getByRole("button", { name: "Add Technology" }).click();
    await form.getByLabel("New technology").fill("Fax machine");
    await form.getByLabel("New technology").press("Enter");
    await form.getByRole("button", { name: "Remove technology Fax machine" }).click();
    await form.getByLabel("New metric label").fill("Fuel saved");
    await form.getByLabel("New metric value").fill("18%");
    await form.getByRole("button", { name: "Add Metric" }).click();
    await form.getByLabel("New metric label").fill("On-time deliveries");
    await form.getByLabel("New metric value").fill("97%");
    await form.getByLabel("New metric value").press("Enter");

    // Last: a re-render of the form could put a controlled image field back to its state.
    await setImage(page, "/images/portfolio/project-4.webp");
    await form.getByRole("button", { name: "Save Draft" }).click();
    await expect(toast(page)).toHaveText(/Success: Draft saved/);
    await page.getByRole("button", { name: "Publish draft" }).click();
    await expect(page.getByText("Published. Visitors see it now.")).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 2, name: "Mobile Fleet Dispatch" }),
    ).toBeVisible();
    await expect(page.getByText("Fax machine")).toHaveCount(0);

    await page.getByRole("link", { name: "View Live Page" }).click();
    await expect(page).toHaveURL(/\/portfolio\/project-7$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mobile Fleet Dispatch");
    for (const text of [
      "Dispatch that plans itself.",
      "7 weeks",
      "4 specialists",
      "Transport",
      "75 drivers",
      "Routes planned on paper.",
      "An AI route planner.",
      "Python",
      "Maps API",
      "Fuel saved",
      "18%",
      "On-time deliveries",
      "97%",
      "Our drivers love it.",
      "Pat Lee",
    ]) {
      await expect(page.getByRole("main").getByText(text).first()).toBeVisible();
    }
    await expect(page.getByRole("link", { name: /Visit Live Site/ })).toHaveAttribute(
      "href",
      "https://fleet.example.com",
    );
    await expect(page.locator("time")).toHaveAttribute("datetime", "2025-09-15");
    await expect(
      page.getByRole("main").locator('img[src^="/images/portfolio/project-4"]'),
    ).toHaveCount(1);
  });

  test("editing a homepage project changes the homepage; bad input changes nothing", async ({
    adminPage: page,
  }) => {
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 3, name: "Gulf Coast Logistics Web Platform" }),
    ).toBeVisible();

    await page.goto("/admin/projects?id=3");
    await hydrated(page);
    await page.getByRole("link", { name: "Edit Project" }).click();
    const form = page.getByRole("form", { name: "Edit project" });
    // Bad input is stopped in the browser with the schema's message, and nothing is sent.
    await form.getByRole("textbox", { name: "Title", exact: true }).fill("");
    await form.getByLabel("Project URL").fill(`https://example.com/${"a".repeat(2029)}`);
    await form.getByRole("button", { name: "Save Draft" }).click();
    await expect(toast(page)).toHaveText(/Error: Failed to update project details/);
    await expect(form.getByText("Title is required.").first()).toBeVisible();
    await expect(
      form.getByText("Project URL must be at most 2,048 characters.").first(),
    ).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Title", exact: true })).toBeFocused();
    await expectNoAxeViolations(page);

    await form
      .getByRole("textbox", { name: "Title", exact: true })
      .fill("Gulf Coast Freight Portal");
    await form.getByLabel("Project URL").fill("https://gulfcoast.example.com");
    await form.getByRole("textbox", { name: "Client", exact: true }).fill("Gulf Coast Freight");
    await form.getByRole("textbox", { name: "Category", exact: true }).fill("E-commerce");
    await form.getByLabel("Description").fill("Tracking for every pallet.");
    // Remove a metric and a technology.
    await form.getByRole("button", { name: "Remove metric Quote requests" }).click();
    await form.getByRole("button", { name: "Remove technology Mapbox" }).click();
    await form.getByRole("button", { name: "Save Draft" }).click();
    await expect(toast(page)).toHaveText(/Success: Draft saved/);
    await page.getByRole("button", { name: "Publish draft" }).click();
    await expect(page.getByText("Published. Visitors see it now.")).toBeVisible();

    await page.goto("/");
    const recent = page.getByRole("region", { name: "Recent Projects" });
    await expect(recent.getByRole("heading", { name: "Gulf Coast Freight Portal" })).toBeVisible();
    await expect(recent.getByText("Tracking for every pallet.")).toBeVisible();
    await expect(recent.getByText("Gulf Coast Logistics Web Platform")).toHaveCount(0);
    await expect(recent.getByText("Gulf Coast Freight", { exact: true })).toBeVisible();
    await expect(
      recent.getByRole("link", { name: "View Details about Gulf Coast Freight Portal" }),
    ).toHaveAttribute("href", "/portfolio/project-3");
    await page.goto("/portfolio/project-3");
    await expect(page.getByText("Quote requests", { exact: true })).toHaveCount(0);
    await expect(page.getByText("Mapbox", { exact: true })).toHaveCount(0);
    await expect(page.getByText("Customer-service calls")).toBeVisible();

    // Cancel leaves the stored details as they were.
    await page.goto("/admin/projects?id=3&edit=1");
    await hydrated(page);
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Not saved");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(
      page.getByRole("heading", { level: 2, name: "Gulf Coast Freight Portal" }),
    ).toBeVisible();
  });
});

test.describe("the Portfolio Projects tab", () => {
  test("add, reorder with the keyboard, and delete with confirmation", async ({
    adminPage: page,
  }) => {
    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Portfolio Projects" })
      .click();
    await expect(page).toHaveURL(/\/admin\/portfolio$/);
    await hydrated(page);
    const list = page.getByRole("region", { name: /^Projects/ }).getByRole("listitem");
    const before = await list.count();
    await expectNoAxeViolations(page);

    // A missing title is refused with a message (the form sent back with it: a 400).
    const add = page.getByRole("region", { name: "Add Project" });
    expectHttpError(page, 400, "/admin/portfolio");
    await add.getByRole("button", { name: "Add Project" }).click();
    await expect(add.getByText("Title is required.")).toBeVisible();
    await expect(list).toHaveCount(before);

    await add.getByLabel("Title").fill("Birmingham Bakery Orders");
    await add.getByLabel("Client").fill("Birmingham Bakery");
    await add.getByLabel("Category").fill("E-commerce");
    await add.getByRole("button", { name: "Add Project" }).click();
    await expect(toast(page)).toHaveText(/Project "Birmingham Bakery Orders" added\./);
    await expect(list).toHaveCount(before + 1);
    await expect(list.last()).toContainText("Birmingham Bakery Orders");
    await expect(add.getByLabel("Title")).toHaveValue("");

    // Move it up twice with the keyboard; focus stays on the button.
    const up = page.getByRole("button", { name: "Move up Birmingham Bakery Orders" });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(list.nth(before - 1)).toContainText("Birmingham Bakery Orders");
    await expect(up).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(list.nth(before - 2)).toContainText("Birmingham Bakery Orders");

    const publicOrder = async () => {
      await page.goto("/portfolio");
      return page
        .getByRole("region", { name: "Projects" })
        .getByRole("heading", { level: 2 })
        .allTextContents();
    };
    const titles = await publicOrder();
    expect(titles.at(-3)).toContain("Birmingham Bakery Orders");
    const id = Number(
      (
        await page
          .getByRole("region", { name: "Projects" })
          .getByRole("link", { name: /^Details.*Birmingham Bakery Orders/ })
          .getAttribute("href")
      )?.replace("/portfolio/project-", ""),
    );
    expect(id).toBeGreaterThan(6);

    // Delete: a confirmation first; Cancel keeps it, Delete project removes it.
    await page.goto("/admin/portfolio");
    await hydrated(page);
    await page.getByRole("link", { name: "Delete Birmingham Bakery Orders" }).click();
    const confirm = page.getByRole("region", { name: 'Delete "Birmingham Bakery Orders"?' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole("heading")).toBeFocused();
    await expectNoAxeViolations(page);
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(list).toHaveCount(before + 1);

    await page.getByRole("link", { name: "Delete Birmingham Bakery Orders" }).click();
    await confirm.getByRole("button", { name: "Delete project" }).click();
    await expect(toast(page)).toHaveText(/Project "Birmingham Bakery Orders" deleted\./);
    await expect(list).toHaveCount(before);
    expect((await page.request.get(`/portfolio/project-${id}`)).status()).toBe(404);
    expect(await publicOrder()).not.toContain("Birmingham Bakery Orders");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the editor posts: bad input is a 400 that changes nothing; a good save shows", async ({
    page,
  }) => {
    await page.goto("/admin?redirectTo=%2Fadmin%2Fprojects%3Fid%3D5%26edit%3D1");
    const main = page.getByRole("main");
    await main.getByLabel("Username or email").fill("admin");
    await main.getByLabel("Password").fill(ADMIN_PASSWORD);
    await main.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/admin\/projects\?id=5&edit=1$/);

    const form = page.getByRole("form", { name: "Edit project" });
    const title = form.getByRole("textbox", { name: "Title", exact: true });
    await title.fill("");
    await form
      .getByRole("group", { name: "Results metrics" })
      .getByRole("textbox")
      .first()
      .fill("Traffic");
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    expectHttpError(page, 400, "/admin/projects");
    await form.getByRole("button", { name: "Save Draft" }).click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByRole("alert").filter({ hasText: "Title is required." })).toBeVisible();
    await expect(page.getByText("Error: Failed to update project details")).toBeVisible();
    // What was typed is still there; the stored project is unchanged.
    await expect(
      form.getByRole("group", { name: "Results metrics" }).getByRole("textbox").first(),
    ).toHaveValue("Traffic");
    expect((await (await page.request.get("/api/project-details/5")).json()).title).toBe(
      "Shoals Realty Property Search",
    );

    // Typed into the "new" rows, a technology and a metric are saved without script too.
    await title.fill("Shoals Realty Listings");
    await form.getByLabel("New technology").fill("Server rendering");
    await form.getByLabel("New metric label").fill("Listings online");
    await form.getByLabel("New metric value").fill("1,200");
    await form.getByRole("button", { name: "Save Draft" }).click();
    await expect(page).toHaveURL(/\/admin\/projects\?id=5&notice=draft$/);
    await expect(page.getByText("Success: Draft saved")).toBeVisible();
    // A draft: the public record is unchanged until it is published (a plain form post too).
    expect((await (await page.request.get("/api/project-details/5")).json()).title).toBe(
      "Shoals Realty Property Search",
    );
    await page.getByRole("button", { name: "Publish draft" }).click();
    await expect(page.getByText("Published. Visitors see it now.")).toBeVisible();
    const saved = await (await page.request.get("/api/project-details/5")).json();
    expect(saved.title).toBe("Shoals Realty Listings");
    expect(saved.technologies).toContain("Server rendering");
    expect(saved.results.metrics).toContainEqual({ label: "Listings online", value: "1,200" });
    expect(saved.results.metrics[0]).toEqual({ label: "Traffic", value: "+170%" });
  });
});
