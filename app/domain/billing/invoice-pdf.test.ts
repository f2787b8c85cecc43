// Invoices, credit notes and receipts as independent software reads them: qpdf checks the file,
// poppler extracts its text (and where each word is drawn), its fonts and its metadata.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  type BillingDetails,
  type InvoiceBrand,
  type InvoiceDocument,
  invoicePdf,
} from "./invoice-pdf.server.ts";

const dir = mkdtempSync(join(tmpdir(), "invoice-pdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const brand: InvoiceBrand = {
  siteName: "Alabama IT Services",
  address: "2100 Example Parkway, Suite 300, Birmingham, AL 35203",
  siteUrl: "https://www.example.com",
  logo: null,
  email: "billing@example.com",
  phone: "(205) 555-0100",
};
const billing: BillingDetails = {
  bankDetails:
    "First Example Bank, Birmingham, AL\nAccount name: Alabama IT Services LLC\nRouting number (ABA): 062000019\nAccount number: 1234567890",
  taxDetails: "EIN 12-3456789\nTraining services are exempt from Alabama sales tax.",
};
const invoice: InvoiceDocument = {
  kind: "invoice",
  number: "2027-0001",
  issuedOn: "2027-06-03",
  dueOn: "2027-07-03",
  paymentReference: "2027-0001",
  refersTo: null,
  billedTo: {
    name: "Zoë Nguyễn",
    company: "Kadıköy Yazılım A.Ş.",
    address: "Caferağa Mah. Moda Cad. No: 12\nKadıköy 34710 İstanbul\nTürkiye",
    email: "accounts@kadikoy-yazilim.example",
    poNumber: "PO-88231",
  },
  lines: [
    {
      description: "Network+ Evening Bootcamp",
      detail: "June 16 – August 6, 2027 · Tuesdays and Thursdays",
      quantity: 1,
      unitCents: 499500,
      amountCents: 499500,
    },
    {
      description: "Security+ Weekend Intensive",
      detail: "September 11 – October 2, 2027 · Saturdays",
      quantity: 2,
      unitCents: 349550,
      amountCents: 699100,
    },
  ],
  totalCents: 1198600,
  paymentNote: "",
  note: "Pay by bank transfer within 30 days, quoting 2027-0001.",
};
const creditNote: InvoiceDocument = {
  ...invoice,
  kind: "credit_note",
  number: "CN-2027-0001",
  dueOn: null,
  refersTo: "2027-0001",
  lines: [
    {
      ...(invoice.lines[0] as (typeof invoice.lines)[0]),
      unitCents: -499500,
      amountCents: -499500,
    },
  ],
  totalCents: -499500,
  note: "Cancelled 20 days before the start: the course fee is credited in full.",
};
const receipt: InvoiceDocument = {
  ...invoice,
  kind: "receipt",
  number: "R-2027-0001",
  dueOn: null,
  refersTo: "2027-0001",
  paymentNote: "Bank transfer received June 20, 2027, reference 2027-0001.",
  note: "",
};

let files = 0;
async function render(doc: InvoiceDocument, details = billing): Promise<string> {
  const file = join(dir, `document-${++files}.pdf`);
  writeFileSync(file, await invoicePdf(doc, brand, details));
  return file;
}

const run = (command: string, ...args: string[]) =>
  execFileSync(command, args, { encoding: "utf8" });
const text = (file: string) => run("pdftotext", "-layout", file, "-");

interface Word {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word with its page and its box in points from the page's top left (pdftotext -bbox). */
function words(file: string): Word[] {
  const html = run("pdftotext", "-bbox", file, "-");
  return html
    .split("<page ")
    .slice(1)
    .flatMap((page, index) =>
      [
        ...page.matchAll(
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g,
        ),
      ].map(([, xMin, yMin, xMax, yMax, word]) => ({
        page: index + 1,
        text: word ?? "",
        xMin: Number(xMin),
        yMin: Number(yMin),
        xMax: Number(xMax),
        yMax: Number(yMax),
      })),
    );
}

/** The word drawn next under a label and starting where it starts (the box's amount under its label). */
function under(file: string, label: string): string | undefined {
  const all = words(file);
  const parts = label.split(" ");
  const at = all.findIndex((_, i) => parts.every((part, j) => all[i + j]?.text === part));
  const first = all[at];
  if (!first) return undefined;
  return all
    .filter(
      (w) => w.page === first.page && Math.abs(w.xMin - first.xMin) < 2 && w.yMin > first.yMax,
    )
    .sort((a, b) => a.yMin - b.yMin)[0]?.text;
}

describe("invoicePdf", () => {
  it("is a valid US Letter PDF with the company, the number, the dates, the buyer, every amount and how to pay", async () => {
    const file = await render(invoice);
    expect(spawnSync("qpdf", ["--check", file]).status).toBe(0);

    const info = run("pdfinfo", "-isodates", file);
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(/^Page size:\s+612 x 792 pts \(letter\)$/m);
    expect(info).toMatch(/^Title:\s+Invoice 2027-0001$/m);
    expect(info).toMatch(/^Author:\s+Alabama IT Services$/m);
    expect(info).toMatch(/^CreationDate:\s+2027-06-03T12:00:00Z$/m);

    const page = text(file);
    for (const line of [
      "Alabama IT Services",
      "2100 Example Parkway, Suite 300, Birmingham, AL 35203",
      "billing@example.com · (205) 555-0100",
      "Invoice",
      "Bill to",
      "Kadıköy Yazılım A.Ş.",
      "Zoë Nguyễn",
      "Caferağa Mah. Moda Cad. No: 12",
      "Kadıköy 34710 İstanbul",
      "accounts@kadikoy-yazilim.example",
      "PO number PO-88231",
      "Network+ Evening Bootcamp",
      "June 16 – August 6, 2027 · Tuesdays and Thursdays",
      "Security+ Weekend Intensive",
      "$4,995.00",
      "$3,495.50",
      "$6,991.00",
      "Pay by bank transfer within 30 days, quoting 2027-0001.",
      "How to pay",
      "Routing number (ABA): 062000019",
      "Account number: 1234567890",
      "Tax details",
      "EIN 12-3456789",
      "Training services are exempt from Alabama sales tax.",
    ]) {
      expect(page).toContain(line);
    }
    expect(page).toMatch(/Invoice number\s+2027-0001/);
    expect(page).toMatch(/Date of issue\s+June 3, 2027/);
    expect(page).toMatch(/Date due\s+July 3, 2027/);
    expect(page).toMatch(/Payment reference\s+2027-0001/);
    expect(page).toMatch(/Total\s+\$11,986\.00/);
    expect(under(file, "Amount due")).toBe("$11,986.00");
    expect(under(file, "$11,986.00")).toBe("Due");
    expect(page).not.toContain("Refers to invoice");
    // The company heads the buyer's block, their name under it.
    expect(page.indexOf("Kadıköy Yazılım A.Ş.")).toBeLessThan(page.indexOf("Zoë Nguyễn"));
  });

  it("embeds its fonts, subset, with their Unicode maps", async () => {
    const fonts = run("pdffonts", await render(invoice))
      .trim()
      .split("\n")
      .slice(2)
      .map((line) => line.split(/\s+/));
    expect(fonts.length).toBeGreaterThan(0);
    for (const [name, , , , emb, sub, uni] of fonts) {
      expect(name).toMatch(/^[A-Z]{6}\+Inter-/);
      expect([emb, sub, uni]).toEqual(["yes", "yes", "yes"]);
    }
  });

  it("shows a credit note as one, with the invoice it refers to and a negative total, and no bank details", async () => {
    const file = await render(creditNote);
    expect(spawnSync("qpdf", ["--check", file]).status).toBe(0);
    expect(run("pdfinfo", file)).toMatch(/^Title:\s+Credit note CN-2027-0001$/m);
    const page = text(file);
    expect(page).toContain("Credit note");
    expect(page).toMatch(/Credit note number\s+CN-2027-0001/);
    expect(page).toMatch(/Refers to invoice\s+2027-0001/);
    expect(page).toMatch(/Total\s+-\$4,995\.00/);
    expect(under(file, "Total credited")).toBe("-$4,995.00");
    expect(page).toContain(
      "Cancelled 20 days before the start: the course fee is credited in full.",
    );
    expect(page).toContain("EIN 12-3456789");
    for (const absent of [
      "How to pay",
      "062000019",
      "Date due",
      "Amount due",
      "Payment reference",
    ]) {
      expect(page).not.toContain(absent);
    }
  });

  it("shows a receipt with how it was paid and the invoice it refers to", async () => {
    const file = await render(receipt);
    const page = text(file);
    expect(page).toContain("Receipt");
    expect(page).toMatch(/Receipt number\s+R-2027-0001/);
    expect(page).toMatch(/Refers to invoice\s+2027-0001/);
    expect(page).toContain("Bank transfer received June 20, 2027, reference 2027-0001.");
    expect(under(file, "Amount paid")).toBe("$11,986.00");
    expect(page).toContain("Tax details");
    expect(page).not.toContain("How to pay");
    expect(page).not.toContain("Date due");
  });

  it("goes on over pages with long text wrapped: every word inside the page, none drawn over another", async () => {
    const poNumber = "PO".padEnd(200, "0123456789");
    const company =
      "Kadıköy Yazılım ve Bilişim Hizmetleri Eğitim Danışmanlık Sanayi ve Ticaret Anonim Şirketi";
    const lines = Array.from({ length: 30 }, (_, i) => ({
      description: `Course ${i + 1} Network+ Evening Bootcamp`,
      detail: `Cohort ${i + 1} · June 16 – August 6, 2027 · Tuesdays and Thursdays, 6:00–9:00 PM, Birmingham campus, room 204`,
      quantity: 1,
      unitCents: 100000 + i,
      amountCents: 100000 + i,
    }));
    const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
    // Bank details longer than a page: they go on over the pages too.
    const bankDetails = Array.from(
      { length: 70 },
      (_, i) => `Instruction ${i + 1} for paying`,
    ).join("\n");
    const file = await render(
      {
        ...invoice,
        billedTo: {
          ...invoice.billedTo,
          company,
          address: `${invoice.billedTo.address}\nAttn: Accounts Payable, Floor 7\nBuilding C`,
          poNumber,
        },
        lines,
        totalCents,
        note: "Pay by bank transfer within 30 days. ".repeat(12),
      },
      { ...billing, bankDetails },
    );
    expect(spawnSync("qpdf", ["--check", file]).status).toBe(0);
    const pages = Number(run("pdfinfo", file).match(/^Pages:\s+(\d+)$/m)?.[1]);
    expect(pages).toBeGreaterThan(1);

    const all = text(file);
    for (const line of lines) {
      expect(all).toMatch(new RegExp(`${line.description.replace("+", "\\+")}\\s+1\\s`));
    }
    expect(all).toContain("$1,000.29");
    expect(all).toMatch(/Total\s+\$30,004\.35/);
    expect(all).toContain(`Page ${pages} of ${pages}`);
    expect(all).toContain("Instruction 1 for paying");
    expect(all).toContain("Instruction 70 for paying");
    // The PO number and the company's name wrap (without a character lost); the PO is quoted whole.
    expect(all.replace(/\s+/g, "")).toContain(`POnumber${poNumber}`);
    expect(all.replace(/\s+/g, " ")).toContain(company);

    const drawn = words(file);
    for (const word of drawn) {
      expect(word.xMin, word.text).toBeGreaterThanOrEqual(36);
      expect(word.xMax, word.text).toBeLessThanOrEqual(612 - 36);
      expect(word.yMin, word.text).toBeGreaterThanOrEqual(36);
      expect(word.yMax, word.text).toBeLessThanOrEqual(792 - 36);
    }
    // No two words share any ink (a box shrunk by a point: neighbours may touch).
    const overlaps = (a: Word, b: Word) =>
      a.page === b.page &&
      a.xMin + 1 < b.xMax - 1 &&
      b.xMin + 1 < a.xMax - 1 &&
      a.yMin + 1 < b.yMax - 1 &&
      b.yMin + 1 < a.yMax - 1;
    const clashes = drawn.flatMap((a, i) =>
      drawn
        .slice(i + 1)
        .filter((b) => overlaps(a, b))
        .map((b) => `${a.text} / ${b.text}`),
    );
    expect(clashes).toEqual([]);
  });

  it("makes the same file from the same input", async () => {
    expect(Buffer.from(await invoicePdf(invoice, brand, billing))).toEqual(
      Buffer.from(await invoicePdf(invoice, brand, billing)),
    );
  });
});
