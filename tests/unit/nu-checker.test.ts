// The HTML check's own machinery (tests/support/nu-checker.ts): it runs the Nu HTML Checker once
// over saved pages, finds real errors, leaves CSS aside, and says where each error is.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { formatErrors, PageFolder } from "#tests/support/nu-checker.ts";

const folder = mkdtempSync(join(tmpdir(), "nu-checker-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const page = (body: string, head = "") =>
  `<!DOCTYPE html>\n<html lang="en">\n<head><title>T</title>${head}</head>\n<body>\n${body}\n</body>\n</html>\n`;

test("finds the errors of each page, names page, copy, line and message, and ignores CSS", async () => {
  const pages = new PageFolder(folder);
  pages.save(
    "/valid",
    "as sent",
    page('<p style="colr: red">Fine</p>', "<style>a{colr:red}</style>"),
  );
  pages.save(
    "/contact",
    "dark, after hydration",
    page('<form>\n<input type="hidden" name="k" value="1" readonly>\n</form>'),
  );
  pages.save(
    "/portfolio/project-1",
    "as sent",
    page("<dl><div><svg></svg><dt>A</dt><dd>B</dd></div></dl>"),
  );
  // `blocking` on a link that expects an element is the standard's (the checker lags), on a
  // font preload it is not: only the second is an error.
  pages.save(
    "/privacy",
    "as sent",
    page(
      '<p id="last">End</p>',
      '<link rel="expect" href="#last" blocking="render"><link rel="preload" as="font" type="font/woff2" crossorigin href="/f.woff2" blocking="render">',
    ),
  );

  // The inline stylesheet is emptied before the check; the markup around it is kept.
  expect(readFileSync(pages.pages[0]?.file ?? "", "utf8")).toContain("<style></style>");

  const errors = await pages.check();
  expect(errors.map((e) => [e.page, e.copy, e.line])).toEqual([
    ["/contact", "dark, after hydration", 6],
    ["/contact", "dark, after hydration", 6],
    ["/portfolio/project-1", "as sent", 5],
    ["/privacy", "as sent", 3],
  ]);
  expect(errors[0]?.message).toMatch(/readonly/);
  expect(errors[2]?.message).toMatch(/Element “svg” not allowed as child of element “div”/);
  expect(errors[3]?.extract).toContain('<link rel="preload"');

  const report = formatErrors(errors);
  expect(report).toContain("/contact [dark, after hydration] line 6, column");
  expect(report).toContain('<input type="hidden" name="k" value="1" readonly>');
  expect(report).toContain(`file: ${pages.pages[1]?.file}`);
});
