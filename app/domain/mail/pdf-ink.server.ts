// The site's colours (templates/theme.ts) as the company's PDFs print them: certificates,
// invoices, credit notes and receipts share one palette, so they look like one company's papers.
import { rgb } from "pdf-lib";
import { hex } from "#app/platform/pdf/pdf.server.ts";
import { colors } from "./templates/theme.ts";

export const pdfInk = {
  brand: hex(colors.brand700),
  brandLight: hex(colors.brand300),
  accent: hex(colors.accent500),
  strong: hex(colors.slate900),
  body: hex(colors.slate700),
  muted: hex(colors.slate600),
  line: hex(colors.slate200),
  /** A table's head and a box's background. */
  fill: hex(colors.slate100),
  black: rgb(0, 0, 0),
  white: rgb(1, 1, 1),
};
