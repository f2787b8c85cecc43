// An invoice, a credit note or a receipt as a PDF: US Letter portrait pages in the company's
// brand (its logo or name, the site's colours, Inter), with who it is from and to, its number and
// dates, a table of lines, the total, a note, and how to pay and the tax details at the foot.
// Issued once and stored as issued, so the same input gives the same file (no "now" anywhere).
// Every text the buyer or staff typed wraps inside its column, and the lines go on over as many
// pages as they take: nothing is cut off or drawn past the page's edge. Over 400 lines because
// the sections of the page share one layout (its flow over pages, styles, columns and measures).
import type { Color, PDFDocument, PDFFont } from "pdf-lib";
import type { MailBrand } from "#app/domain/mail/brand.server.ts";
import { pdfInk as ink } from "#app/domain/mail/pdf-ink.server.ts";
import { formatDay } from "#app/domain/settings/clock.ts";
import type { BillingLine, BillingParty } from "#app/platform/db/schema.ts";
import {
  drawBrandHeading,
  drawRule,
  drawTextLine,
  type InterFonts,
  newBrandedDocument,
  PageFlow,
  printable,
  type TextStyle,
  wrapText,
} from "#app/platform/pdf/pdf.server.ts";
import { formatAmount } from "./money.ts";
import type { DocumentKind } from "./numbers.server.ts";

export type { BillingParty };
export type InvoiceLine = BillingLine;
export interface InvoiceDocument {
  kind: DocumentKind;
  /** "2027-0001" (invoice), "CN-2027-0001" (credit note), "R-2027-0001" (receipt) */
  number: string;
  /** YYYY-MM-DD */
  issuedOn: string;
  /** An invoice's due date; null for the others. */
  dueOn: string | null;
  /** What the payer quotes with a bank transfer (an invoice's number). */
  paymentReference: string;
  /** A credit note's or receipt's invoice number; null for an invoice. */
  refersTo: string | null;
  billedTo: BillingParty;
  lines: InvoiceLine[];
  /** A credit note's total is what it credits, shown as negative. */
  totalCents: number;
  /** A receipt: how and when it was paid, e.g. "Bank transfer received June 3, 2027, reference 2027-0001". */
  paymentNote: string;
  /** Free text under the lines, e.g. "Pay by bank transfer within 7 days, quoting 2027-0001." */
  note: string;
}
/** Multi-line texts from Settings. */
export interface BillingDetails {
  bankDetails: string;
  taxDetails: string;
}
export type InvoiceBrand = Pick<
  MailBrand,
  "siteName" | "address" | "siteUrl" | "logo" | "email" | "phone"
>;

const TITLES: Record<InvoiceDocument["kind"], string> = {
  invoice: "Invoice",
  credit_note: "Credit note",
  receipt: "Receipt",
};
/** What the box beside "Bill to" says the total is. */
const TOTAL_LABELS: Record<InvoiceDocument["kind"], string> = {
  invoice: "Amount due",
  credit_note: "Total credited",
  receipt: "Amount paid",
};

/** Portrait US Letter, in points, with three-quarter-inch margins. */
const WIDTH = 612;
const HEIGHT = 792;
const MARGIN = 54;
const RIGHT = WIDTH - MARGIN;
const CONTENT = RIGHT - MARGIN;
/** Where a page's content starts, and how far down it may go (the footer is below). */
const TOP = HEIGHT - 58;
const BOTTOM = 76;
/** The left column of the header and the "Bill to" block; the box and the dates sit at the right. */
const LEFT_WIDTH = 280;
const BOX_WIDTH = 210;
/** The table: where the description starts and how wide it is, the numbers' right edges. */
const TABLE = {
  text: MARGIN + 10,
  textWidth: 268,
  quantity: 392,
  unit: 474,
  amount: RIGHT - 10,
  /** How wide a number may be drawn (a longer one is made smaller). */
  number: 74,
  head: 24,
  padding: 9,
};

/** The styles of the document, by what they print. */
function stylesOf({ regular, semibold, bold }: InterFonts) {
  const style = (font: PDFFont, size: number, color: Color, leading = size * 1.4) =>
    ({ font, size, color, leading }) satisfies TextStyle;
  return {
    title: style(bold, 26, ink.brand),
    small: style(regular, 9, ink.muted, 12.5),
    label: style(regular, 9, ink.muted, 15),
    value: style(semibold, 9, ink.strong, 15),
    heading: style(semibold, 9.5, ink.brand, 16),
    party: style(semibold, 11, ink.strong, 15),
    body: style(regular, 10, ink.body, 14),
    head: style(semibold, 8.5, ink.muted),
    description: style(semibold, 10, ink.strong, 13.5),
    detail: style(regular, 8.5, ink.muted, 11.5),
    number: style(regular, 10, ink.body),
    total: style(bold, 12, ink.strong),
    big: style(bold, 22, ink.strong),
    note: style(regular, 9.5, ink.body, 13.5),
    strongNote: style(semibold, 9.5, ink.strong, 13.5),
    footer: style(regular, 8, ink.muted),
  };
}
type Styles = ReturnType<typeof stylesOf>;

/** The lines a text takes in a column: trimmed, blank lines at its ends left out. */
const wrap = (style: TextStyle, text: string, width: number): string[] =>
  text.trim() ? wrapText(style.font, printable(text).trim(), style.size, width) : [];

/** The public site without its scheme: "www.example.com". */
const siteHost = (siteUrl: string) => siteUrl.replace(/^https?:\/\//, "").replace(/\/+$/, "");

interface Input {
  doc: InvoiceDocument;
  brand: InvoiceBrand;
  billing: BillingDetails;
}

class InvoiceLayout {
  private readonly pdf: PDFDocument;
  private readonly doc: InvoiceDocument;
  private readonly brand: InvoiceBrand;
  private readonly billing: BillingDetails;
  private readonly pages: PageFlow;
  private readonly s: Styles;
  private readonly title: string;
  /** While the table's rows are drawn: a new page starts with the table's head. */
  private inTable = false;

  constructor(pdf: PDFDocument, fonts: InterFonts, { doc, brand, billing }: Input) {
    this.pdf = pdf;
    this.doc = doc;
    this.brand = brand;
    this.billing = billing;
    this.pages = new PageFlow(pdf, {
      size: [WIDTH, HEIGHT],
      top: TOP,
      bottom: BOTTOM,
      onPage: () => this.newPage(),
    });
    this.s = stylesOf(fonts);
    this.title = TITLES[doc.kind];
  }

  /** The brand's band across the top of every page; after the first, what this is (and the table's head while it runs). */
  private newPage(): void {
    const { page } = this.pages;
    page.drawRectangle({ x: 0, y: HEIGHT - 8, width: WIDTH, height: 8, color: ink.brand });
    page.drawRectangle({ x: 0, y: HEIGHT - 8, width: MARGIN, height: 8, color: ink.accent });
    if (this.pages.pages.length === 1) return;
    this.continuedHeader();
    if (this.inTable) this.tableHead();
  }

  async draw(): Promise<void> {
    this.pages.add();
    const top = await this.from();
    const bottom = Math.min(top, this.details());
    this.pages.y = bottom - 30;
    this.billTo();
    this.table();
    this.total();
    this.notes();
    this.howToPay();
    this.footers();
  }

  /** The company: its logo or name, address, e-mail and phone, site. Answers where it ends. */
  private async from(): Promise<number> {
    const { page } = this.pages;
    const { brand, s } = this;
    const height = await drawBrandHeading(this.pdf, page, {
      name: printable(brand.siteName),
      logo: brand.logo,
      font: s.title.font,
      size: 18,
      color: ink.brand,
      x: MARGIN,
      top: TOP,
      width: LEFT_WIDTH,
      align: "left",
    });
    this.pages.y = TOP - height - 10;
    const contact = [brand.email, brand.phone].filter((part) => part.trim()).join("  ·  ");
    for (const text of [brand.address, contact, siteHost(brand.siteUrl)]) {
      this.pages.lines(wrap(s.small, text, LEFT_WIDTH), s.small, MARGIN);
    }
    return this.pages.y;
  }

  /** The title, the number, the dates, and what it refers to, at the right. Answers where it ends. */
  private details(): number {
    const { page } = this.pages;
    const { doc, s } = this;
    // The title's capitals start level with the top of the company's name.
    drawTextLine(page, this.title, s.title, RIGHT, TOP - s.title.size * 0.73, {
      align: "right",
      maxWidth: BOX_WIDTH,
    });
    const rows: [string, string][] = [
      [`${this.title} number`, doc.number],
      ["Date of issue", formatDay(doc.issuedOn)],
    ];
    if (doc.dueOn) rows.push(["Date due", formatDay(doc.dueOn)]);
    if (doc.kind === "invoice" && doc.paymentReference) {
      rows.push(["Payment reference", doc.paymentReference]);
    }
    if (doc.refersTo) rows.push(["Refers to invoice", doc.refersTo]);
    let y = TOP - s.title.size - 16;
    const labelX = RIGHT - BOX_WIDTH;
    for (const [label, value] of rows) {
      drawTextLine(page, label, s.label, labelX, y - s.label.size);
      drawTextLine(page, printable(value), s.value, RIGHT, y - s.value.size, {
        align: "right",
        maxWidth: BOX_WIDTH - 96,
      });
      y -= s.value.leading;
    }
    return y;
  }

  /** Who pays (company first), and beside it a box with the total: what is due, credited or paid. */
  private billTo(): void {
    const { pages, doc, s } = this;
    const party = doc.billedTo;
    const top = pages.y;
    const firstPage = pages.page;
    const boxBottom = this.totalBox(top);

    pages.lines(["Bill to"], s.heading, MARGIN);
    const [first, second] = party.company.trim() ? [party.company, party.name] : [party.name, ""];
    pages.lines(wrap(s.party, first, LEFT_WIDTH), s.party, MARGIN);
    const rest = [
      second,
      ...party.address.split(/\r\n|\r|\n/),
      party.email,
      party.poNumber.trim() ? `PO number ${party.poNumber.trim()}` : "",
    ];
    for (const text of rest) pages.lines(wrap(s.body, text, LEFT_WIDTH), s.body, MARGIN);
    pages.y = (pages.page === firstPage ? Math.min(pages.y, boxBottom) : pages.y) - 26;
  }

  /** The box at the right of "Bill to": the total, large, and an invoice's due date. Answers its bottom. */
  private totalBox(top: number): number {
    const { page } = this.pages;
    const { doc, s } = this;
    const due = doc.dueOn ? `Due ${formatDay(doc.dueOn)}` : "";
    const height = due ? 76 : 62;
    const x = RIGHT - BOX_WIDTH;
    page.drawRectangle({ x, y: top - height, width: BOX_WIDTH, height, color: ink.fill });
    page.drawRectangle({ x, y: top - height, width: 3, height, color: ink.brand });
    const inner = x + 16;
    const innerWidth = BOX_WIDTH - 28;
    drawTextLine(page, TOTAL_LABELS[doc.kind], s.label, inner, top - 20);
    drawTextLine(page, formatAmount(doc.totalCents), s.big, inner, top - 46, {
      maxWidth: innerWidth,
    });
    if (due) drawTextLine(page, due, s.small, inner, top - 64, { maxWidth: innerWidth });
    return top - height;
  }

  /** The table's head: a shaded row naming the columns. */
  private tableHead(): void {
    const { pages, s } = this;
    const { page, y } = pages;
    const { head } = TABLE;
    page.drawRectangle({ x: MARGIN, y: y - head, width: CONTENT, height: head, color: ink.fill });
    const baseline = y - 15.5;
    drawTextLine(page, "Description", s.head, TABLE.text, baseline);
    drawTextLine(page, "Qty", s.head, TABLE.quantity, baseline, { align: "right" });
    drawTextLine(page, "Unit price", s.head, TABLE.unit, baseline, { align: "right" });
    drawTextLine(page, "Amount", s.head, TABLE.amount, baseline, { align: "right" });
    pages.y -= head;
  }

  /** One row per line; a row goes to the next page whole (unless it is longer than a page). */
  private table(): void {
    const { pages, s } = this;
    pages.need(TABLE.head + 2 * TABLE.padding + 2 * s.description.leading);
    this.tableHead();
    this.inTable = true;
    const freshRoom = TOP - 36 - TABLE.head - BOTTOM;
    for (const line of this.doc.lines) {
      const description = wrap(s.description, line.description, TABLE.textWidth);
      const detail = wrap(s.detail, line.detail, TABLE.textWidth);
      const height =
        2 * TABLE.padding +
        description.length * s.description.leading +
        detail.length * s.detail.leading;
      if (height <= freshRoom) pages.need(height);
      pages.need(TABLE.padding + s.description.leading);
      pages.y -= TABLE.padding;
      this.amounts(line, pages.y - s.number.size);
      pages.lines(description, s.description, TABLE.text);
      pages.lines(detail, s.detail, TABLE.text);
      pages.y -= TABLE.padding;
      drawRule(pages.page, [MARGIN, RIGHT], pages.y, 0.75, ink.line);
    }
    this.inTable = false;
  }

  /** A row's numbers, level with the first line of its description. */
  private amounts(line: InvoiceLine, baseline: number): void {
    const { page } = this.pages;
    const fit = { align: "right", maxWidth: TABLE.number } as const;
    const cells: [string, number][] = [
      [line.quantity.toLocaleString("en-US"), TABLE.quantity],
      [formatAmount(line.unitCents), TABLE.unit],
      [formatAmount(line.amountCents), TABLE.amount],
    ];
    for (const [text, right] of cells)
      drawTextLine(page, text, this.s.number, right, baseline, fit);
  }

  /** The total under the amounts, over a strong rule. */
  private total(): void {
    const { pages, s } = this;
    pages.need(40);
    const { page } = pages;
    const x = RIGHT - BOX_WIDTH;
    pages.y -= 8;
    drawRule(page, [x, RIGHT], pages.y, 1.25, ink.strong);
    const baseline = pages.y - 20;
    drawTextLine(page, "Total", s.total, x + 10, baseline);
    drawTextLine(page, formatAmount(this.doc.totalCents), s.total, TABLE.amount, baseline, {
      align: "right",
      maxWidth: BOX_WIDTH - 80,
    });
    pages.y -= 32;
  }

  /** A receipt's or credit note's payment note (the money: paid, refunded), then the note. */
  private notes(): void {
    const { pages, doc, s } = this;
    const paid = doc.kind !== "invoice" ? wrap(s.strongNote, doc.paymentNote, CONTENT) : [];
    const note = wrap(s.note, doc.note, CONTENT);
    if (paid.length + note.length === 0) return;
    pages.y -= 12;
    pages.lines(paid, s.strongNote, MARGIN);
    if (paid.length && note.length) pages.y -= 6;
    pages.lines(note, s.note, MARGIN);
  }

  /**
   * At the foot of the last page, side by side: how to pay (an invoice's bank details) and the tax
   * details. On a page of their own when they do not fit under the rest; one after the other,
   * across the page, when they are longer than a page.
   */
  private howToPay(): void {
    const { pages, doc, billing, s } = this;
    const blocks = [
      doc.kind === "invoice" ? { heading: "How to pay", text: billing.bankDetails } : null,
      { heading: "Tax details", text: billing.taxDetails },
    ].filter((block) => block?.text.trim()) as { heading: string; text: string }[];
    if (!blocks.length) return;
    const gap = 28;
    const width = (CONTENT - gap * (blocks.length - 1)) / blocks.length;
    const columns = blocks.map((block) => ({ ...block, lines: wrap(s.small, block.text, width) }));
    const rule = 16;
    const height =
      rule + s.heading.leading + Math.max(...columns.map((c) => c.lines.length)) * s.small.leading;
    if (height > TOP - 36 - BOTTOM) {
      for (const block of blocks) {
        pages.y -= rule;
        pages.lines([block.heading], s.heading, MARGIN);
        pages.lines(wrap(s.small, block.text, CONTENT), s.small, MARGIN);
      }
      return;
    }
    let top = BOTTOM + height;
    if (height + 20 > pages.room) {
      pages.add();
      top = pages.y;
    }
    drawRule(pages.page, [MARGIN, RIGHT], top, 0.75, ink.line);
    columns.forEach((column, index) => {
      pages.y = top - rule;
      const x = MARGIN + index * (width + gap);
      pages.lines([column.heading], s.heading, x);
      pages.lines(column.lines, s.small, x);
    });
  }

  /** The top of a page after the first: what this is, its number, and that it goes on. */
  private continuedHeader(): void {
    const { pages, s, doc } = this;
    const baseline = TOP - s.party.size;
    drawTextLine(pages.page, `${this.title} ${doc.number} (continued)`, s.party, MARGIN, baseline, {
      maxWidth: CONTENT - 200,
    });
    drawTextLine(pages.page, printable(this.brand.siteName), s.small, RIGHT, baseline, {
      align: "right",
      maxWidth: 190,
    });
    pages.y = TOP - 36;
  }

  /** Every page's foot: the company and its site, the document's number and the page's. */
  private footers(): void {
    const { pages, s, doc, brand } = this;
    const count = pages.pages.length;
    const company = [printable(brand.siteName), siteHost(brand.siteUrl)].filter(Boolean);
    pages.pages.forEach((page, index) => {
      drawRule(page, [MARGIN, RIGHT], 56, 0.75, ink.line);
      drawTextLine(page, company.join("  ·  "), s.footer, MARGIN, 40, { maxWidth: CONTENT - 200 });
      const where = `${this.title} ${doc.number}  ·  Page ${index + 1} of ${count}`;
      drawTextLine(page, where, s.footer, RIGHT, 40, { align: "right", maxWidth: 190 });
    });
  }
}

export async function invoicePdf(
  doc: InvoiceDocument,
  brand: InvoiceBrand,
  billing: BillingDetails,
): Promise<Uint8Array> {
  const title = TITLES[doc.kind];
  const party = printable(doc.billedTo.company.trim() || doc.billedTo.name).trim();
  const { pdf, fonts } = await newBrandedDocument({
    title: `${title} ${doc.number}`,
    author: brand.siteName,
    subject: party ? `${title} ${doc.number} for ${party}` : `${title} ${doc.number}`,
    keywords: [doc.number],
    creator: "Invoices, credit notes and receipts",
    createdOn: doc.issuedOn,
  });
  await new InvoiceLayout(pdf, fonts, { doc, brand, billing }).draw();
  return pdf.save();
}
