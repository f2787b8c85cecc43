// A certificate of completion as a PDF: one landscape US Letter page in the company's brand
// (its logo or name, the site's colours, Inter), with the student's name, the course, its hours
// and dates, the certificate's ID, the issue date, the verification address and a QR code of it.
// Made once when the certificate is issued and stored as issued, so the same input gives the same
// text and metadata (no "now" anywhere). The fonts are embedded and subset: a name such as
// "Zoë Nguyễn" or a place such as "Kadıköy" prints and copies as written, and the file stays small.
import type { PDFPage } from "pdf-lib";
import QRCode from "qrcode";
import type { MailBrand } from "#app/domain/mail/brand.server.ts";
import { pdfInk as ink } from "#app/domain/mail/pdf-ink.server.ts";
import { formatDay } from "#app/domain/settings/clock.ts";
import {
  drawBrandHeading,
  drawRuns,
  fitText,
  newBrandedDocument,
  printable,
  type Run,
  widthOfRuns,
} from "#app/platform/pdf/pdf.server.ts";

export interface CertificateDocument {
  /** The public credential ID, e.g. "K7QD-M2XP-94TR". */
  id: string;
  /** The student's name as it is printed ("Zoë Nguyễn"). */
  name: string;
  courseTitle: string;
  hours: number;
  /** "YYYY-MM-DD": the first class held. */
  startDay: string;
  /** "YYYY-MM-DD": the last class held. */
  endDay: string;
  /** "YYYY-MM-DD" */
  issuedOn: string;
  /** Absolute, e.g. https://www.example.com/certificates/K7QD-M2XP-94TR */
  verifyUrl: string;
}

export type CertificateBrand = Pick<MailBrand, "siteName" | "address" | "siteUrl" | "logo">;

/** Landscape US Letter, in points. */
const WIDTH = 792;
const HEIGHT = 612;
/** Left and right edge of the text inside the frame. */
const MARGIN = 66;
/** The QR code with its quiet zone: 1.33 inches, read from print and from a phone's screen. */
const QR_SIZE = 96;
const QR_QUIET_MODULES = 4;

/** One line centred on the page, shrunk to the width between the margins when it is longer. */
function drawCentred(page: PDFPage, run: Run, y: number): void {
  const size = fitText(run.font, run.text, WIDTH - 2 * MARGIN, run.size);
  const width = run.font.widthOfTextAtSize(run.text, size);
  drawRuns(page, [{ ...run, size }], (WIDTH - width) / 2, y);
}

/** Runs that make one line at the left, all shrunk together to fit the width. */
function drawLeft(page: PDFPage, runs: Run[], y: number, maxWidth: number): void {
  const scale = Math.min(1, maxWidth / widthOfRuns(runs));
  drawRuns(
    page,
    runs.map((run) => ({ ...run, size: run.size * scale })),
    MARGIN,
    y,
  );
}

/**
 * The QR code as one vector path of its dark modules (one path: no seams between squares when it
 * is rasterised), black on a white square that holds the quiet zone, bottom left at (x, y).
 */
function drawQrCode(page: PDFPage, text: string, x: number, y: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const count = modules.size + 2 * QR_QUIET_MODULES;
  const module = QR_SIZE / count;
  page.drawRectangle({ x, y, width: QR_SIZE, height: QR_SIZE, color: ink.white });
  let path = "";
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; ) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      path += `M${start + QR_QUIET_MODULES} ${row + QR_QUIET_MODULES}h${col - start}v1h${start - col}z`;
    }
  }
  // An SVG path's y runs downwards from (x, top).
  page.drawSvgPath(path, { x, y: y + QR_SIZE, scale: module, color: ink.black, borderWidth: 0 });
}

/** The frame: a strong brand line, a fine one inside it, an accent at each corner. */
function drawFrame(page: PDFPage): void {
  page.drawRectangle({
    x: 20,
    y: 20,
    width: WIDTH - 40,
    height: HEIGHT - 40,
    borderColor: ink.brand,
    borderWidth: 3,
  });
  page.drawRectangle({
    x: 28,
    y: 28,
    width: WIDTH - 56,
    height: HEIGHT - 56,
    borderColor: ink.brandLight,
    borderWidth: 0.75,
  });
  const arm = 36;
  for (const [x, y, dx, dy] of [
    [28, 28, 1, 1],
    [WIDTH - 28, 28, -1, 1],
    [28, HEIGHT - 28, 1, -1],
    [WIDTH - 28, HEIGHT - 28, -1, -1],
  ] as const) {
    page.drawLine({
      start: { x, y },
      end: { x: x + dx * arm, y },
      thickness: 3,
      color: ink.accent,
    });
    page.drawLine({
      start: { x, y },
      end: { x, y: y + dy * arm },
      thickness: 3,
      color: ink.accent,
    });
  }
}

/** "96 hours of instruction, June 16, 2026 to August 6, 2026" (one day: "on June 16, 2026"). */
function instructionLine(doc: Pick<CertificateDocument, "hours" | "startDay" | "endDay">) {
  const hours = `${doc.hours} ${doc.hours === 1 ? "hour" : "hours"} of instruction`;
  return doc.startDay === doc.endDay
    ? `${hours} on ${formatDay(doc.startDay)}`
    : `${hours}, ${formatDay(doc.startDay)} to ${formatDay(doc.endDay)}`;
}

export async function certificatePdf(
  doc: CertificateDocument,
  brand: CertificateBrand,
): Promise<Uint8Array> {
  const name = printable(doc.name).trim();
  const courseTitle = printable(doc.courseTitle).trim();
  const { pdf, fonts } = await newBrandedDocument({
    title: `Certificate of Completion – ${name}`,
    author: brand.siteName,
    subject: courseTitle,
    keywords: [doc.id],
    creator: "Certificates of completion",
    createdOn: doc.issuedOn,
  });
  const { regular, semibold, bold } = fonts;

  const page = pdf.addPage([WIDTH, HEIGHT]);
  drawFrame(page);
  await drawBrandHeading(pdf, page, {
    name: brand.siteName,
    logo: brand.logo,
    font: bold,
    size: 20,
    color: ink.brand,
    x: MARGIN,
    top: HEIGHT - 58,
    width: WIDTH - 2 * MARGIN,
    align: "centre",
  });

  drawCentred(
    page,
    { text: "Certificate of Completion", font: bold, size: 34, color: ink.brand },
    452,
  );
  page.drawRectangle({ x: WIDTH / 2 - 28, y: 432, width: 56, height: 3, color: ink.accent });
  drawCentred(
    page,
    { text: "This certifies that", font: regular, size: 13, color: ink.muted },
    396,
  );
  drawCentred(page, { text: name, font: bold, size: 40, color: ink.strong }, 344);
  page.drawLine({
    start: { x: WIDTH / 2 - 220, y: 328 },
    end: { x: WIDTH / 2 + 220, y: 328 },
    thickness: 0.75,
    color: ink.brandLight,
  });
  drawCentred(page, { text: "has completed", font: regular, size: 13, color: ink.muted }, 300);
  drawCentred(page, { text: courseTitle, font: semibold, size: 22, color: ink.brand }, 266);
  drawCentred(
    page,
    { text: instructionLine(doc), font: regular, size: 12.5, color: ink.body },
    238,
  );

  // The issuer and the certificate's own details at the foot, the QR code at the right.
  const qrX = WIDTH - MARGIN - QR_SIZE;
  const qrY = 64;
  page.drawLine({
    start: { x: MARGIN, y: 180 },
    end: { x: WIDTH - MARGIN, y: 180 },
    thickness: 0.75,
    color: ink.line,
  });
  const footWidth = qrX - MARGIN - 24;
  drawLeft(
    page,
    [{ text: brand.siteName, font: bold, size: 12, color: ink.strong }],
    152,
    footWidth,
  );
  if (brand.address) {
    drawLeft(
      page,
      [{ text: brand.address, font: regular, size: 9.5, color: ink.muted }],
      138,
      footWidth,
    );
  }
  const label = (text: string): Run => ({ text, font: regular, size: 10.5, color: ink.muted });
  const value = (text: string): Run => ({ text, font: semibold, size: 10.5, color: ink.strong });
  drawLeft(page, [label("Issued "), value(formatDay(doc.issuedOn))], 106, footWidth);
  drawLeft(page, [label("Certificate ID "), value(doc.id)], 89, footWidth);
  drawLeft(
    page,
    [label("Verify at "), { ...value(doc.verifyUrl), font: regular, color: ink.brand }],
    72,
    footWidth,
  );
  drawQrCode(page, doc.verifyUrl, qrX, qrY);
  const caption = "Scan to verify";
  page.drawText(caption, {
    x: qrX + (QR_SIZE - regular.widthOfTextAtSize(caption, 8)) / 2,
    y: qrY - 12,
    size: 8,
    font: regular,
    color: ink.muted,
  });

  return pdf.save();
}
