// What every PDF the company issues shares (certificates, invoices, credit notes, receipts):
// pdf-lib with Inter embedded and subset (so "Zoë Nguyễn" or "Kadıköy Yazılım A.Ş." prints and
// copies as written), fixed metadata (no "now" anywhere: the same input gives the same file),
// colours from the brand's hex values, text that fits or wraps, and the company's logo or name.
// The documents themselves, and which of the brand's colours they use, live in their areas.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { type Color, PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";

// The fonts are resolved as packages (not beside this file), so the path holds in the tests and in
// the server bundle alike; their bytes are read once per process.
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: "@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf",
  semibold: "@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf",
  bold: "@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf",
} as const;
type FontName = keyof typeof FONT_FILES;
/** A subset font's name starts with a six-letter tag (PDF 32000 9.6.4); fixed, so files repeat. */
const FONT_NAMES: Record<FontName, string> = {
  regular: "INTRRG+Inter-Regular",
  semibold: "INTRSB+Inter-SemiBold",
  bold: "INTRBD+Inter-Bold",
};
let fontBytes: Promise<Record<FontName, Uint8Array>> | undefined;

function loadFontBytes(): Promise<Record<FontName, Uint8Array>> {
  const read = (font: FontName) => readFile(require.resolve(FONT_FILES[font]));
  fontBytes ??= Promise.all([read("regular"), read("semibold"), read("bold")]).then(
    ([regular, semibold, bold]) => ({ regular, semibold, bold }),
    (error: unknown) => {
      // A failed read is tried again by the next document, not remembered.
      fontBytes = undefined;
      throw error;
    },
  );
  return fontBytes;
}

/**
 * fontkit's subsetter (1.1.1) writes the `loca` table's glyph offsets as halves (the short form)
 * whenever the subset is small, which is only right when every glyph's length is even. Inter's
 * are not: half the letters came out as garbage or nothing when the page was rasterised (the
 * text still copied right, so only the picture showed it). Here a subset always takes the long
 * form, two bytes more per glyph.
 */
const subsettingFontkit: typeof fontkit = {
  ...fontkit,
  create(buffer, postscriptName) {
    const font = fontkit.create(buffer, postscriptName);
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset();
      // encode() makes a fresh `loca` object and keeps a version it already has.
      let loca: { version?: number } | undefined;
      Object.defineProperty(subset, "loca", {
        get: () => loca,
        set(value: { version?: number }) {
          value.version = 1;
          loca = value;
        },
      });
      return subset;
    };
    return font;
  },
};

export interface InterFonts {
  regular: PDFFont;
  semibold: PDFFont;
  bold: PDFFont;
}

export interface DocumentInfo {
  /** Also shown in the viewer's title bar. */
  title: string;
  author: string;
  subject: string;
  keywords: string[];
  creator: string;
  /** "YYYY-MM-DD": the document's creation (and modification) date, at noon UTC. */
  createdOn: string;
}

/** A new document with its fixed metadata and Inter (regular, semibold, bold) embedded, subset. */
export async function newBrandedDocument(
  info: DocumentInfo,
): Promise<{ pdf: PDFDocument; fonts: InterFonts }> {
  const bytes = await loadFontBytes();
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(subsettingFontkit);
  const embed = (font: FontName) =>
    pdf.embedFont(bytes[font], { subset: true, customName: FONT_NAMES[font] });
  const [regular, semibold, bold] = await Promise.all([
    embed("regular"),
    embed("semibold"),
    embed("bold"),
  ]);

  const created = new Date(`${info.createdOn}T12:00:00Z`);
  pdf.setTitle(info.title, { showInWindowTitleBar: true });
  pdf.setAuthor(info.author);
  pdf.setSubject(info.subject);
  pdf.setKeywords(info.keywords);
  pdf.setCreator(info.creator);
  pdf.setProducer("pdf-lib");
  pdf.setLanguage("en-US");
  pdf.setCreationDate(created);
  pdf.setModificationDate(created);
  return { pdf, fonts: { regular, semibold, bold } };
}

/** "#163ddc" as a PDF colour. */
export const hex = (value: string): Color =>
  rgb(
    Number.parseInt(value.slice(1, 3), 16) / 255,
    Number.parseInt(value.slice(3, 5), 16) / 255,
    Number.parseInt(value.slice(5, 7), 16) / 255,
  );

/**
 * Text as it is printed: one form of each letter ("ë" typed as e and a combining mark prints and
 * copies as "ë"), and no control characters (a tab or a stray escape is a space).
 */
export const printable = (text: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
  text.normalize("NFC").replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, " ");

export interface Run {
  text: string;
  font: PDFFont;
  size: number;
  color: Color;
}

/** The width of runs drawn one after another. */
export const widthOfRuns = (runs: Run[]): number =>
  runs.reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, run.size), 0);

/** Runs drawn one after another on one line, starting at x. */
export function drawRuns(page: PDFPage, runs: Run[], x: number, y: number): void {
  let left = x;
  for (const run of runs) {
    page.drawText(run.text, { x: left, y, size: run.size, font: run.font, color: run.color });
    left += run.font.widthOfTextAtSize(run.text, run.size);
  }
}

/** The size at which one line of text fits the width: `size`, or smaller, but not below `minSize`. */
export function fitText(
  font: PDFFont,
  text: string,
  maxWidth: number,
  size: number,
  minSize = 0,
): number {
  const width = font.widthOfTextAtSize(text, size);
  return width > maxWidth ? Math.max(minSize, (size * maxWidth) / width) : size;
}

/**
 * The text as lines no wider than `maxWidth` at `size`: its own line breaks kept, broken between
 * words, and a word longer than the line (a 200-character PO number) broken between letters.
 */
export function wrapText(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= maxWidth;
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = "";
    for (const word of paragraph.trim().split(/\s+/)) {
      const joined = line ? `${line} ${word}` : word;
      if (fits(joined)) {
        line = joined;
        continue;
      }
      if (fits(word)) {
        lines.push(line);
        line = word;
        continue;
      }
      // Longer than a line: it starts where the line is and goes on to the next ones.
      line = line ? `${line} ` : "";
      for (const letter of word) {
        if (line && !fits(line + letter)) {
          lines.push(line.trimEnd());
          line = "";
        }
        line += letter;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** The company's logo as the brand gives it: a PNG (base64) and the size it is shown at. */
export interface PdfLogo {
  /** "logo": the uploaded logo, shown alone; "mark": the site's own mark, shown beside the name. */
  kind: "logo" | "mark";
  png: string;
  width: number;
  height: number;
}

export interface BrandHeading {
  name: string;
  logo: PdfLogo | null;
  /** The name's font, size (the most: a long name is made smaller to fit) and colour. */
  font: PDFFont;
  size: number;
  color: Color;
  /** The box it is drawn in: from x, `width` wide, hanging from `top`. */
  x: number;
  top: number;
  width: number;
  align: "left" | "centre";
}

/**
 * The logo (at the size the brand gives it, smaller if the box is narrower), the mark beside the
 * name, or the name as text. Answers the height it took.
 */
export async function drawBrandHeading(
  pdf: PDFDocument,
  page: PDFPage,
  heading: BrandHeading,
): Promise<number> {
  const { logo, font, top, width: maxWidth } = heading;
  const leftOf = (width: number) =>
    heading.align === "centre" ? heading.x + (maxWidth - width) / 2 : heading.x;
  if (logo?.kind === "logo") {
    const image = await pdf.embedPng(logo.png);
    const scale = Math.min(1, maxWidth / logo.width);
    const width = logo.width * scale;
    const height = logo.height * scale;
    page.drawImage(image, { x: leftOf(width), y: top - height, width, height });
    return height;
  }
  const mark = logo && {
    image: await pdf.embedPng(logo.png),
    width: logo.width,
    height: logo.height,
  };
  const gap = mark ? 10 : 0;
  const size = fitText(font, heading.name, maxWidth - (mark ? mark.width + gap : 0), heading.size);
  const textWidth = font.widthOfTextAtSize(heading.name, size);
  const left = leftOf(textWidth + (mark ? mark.width + gap : 0));
  const rowHeight = Math.max(mark?.height ?? 0, size);
  const middle = top - rowHeight / 2;
  if (mark) {
    const { image, width, height } = mark;
    page.drawImage(image, { x: left, y: middle - height / 2, width, height });
  }
  // Cap height is about 0.73 of the size in Inter: the name's capitals sit centred on the mark.
  page.drawText(heading.name, {
    x: left + (mark ? mark.width + gap : 0),
    y: middle - (size * 0.73) / 2,
    size,
    font,
    color: heading.color,
  });
  return rowHeight;
}

/** How a kind of text is printed. */
export interface TextStyle {
  font: PDFFont;
  size: number;
  color: Color;
  /** The distance from one line's baseline to the next. */
  leading: number;
}

/** One line of text at a baseline, from x (left) or ending at x (right), made smaller to fit. */
export function drawTextLine(
  page: PDFPage,
  text: string,
  style: TextStyle,
  x: number,
  baseline: number,
  options: { align?: "left" | "right"; maxWidth?: number } = {},
): void {
  const { font, color } = style;
  const size = options.maxWidth ? fitText(font, text, options.maxWidth, style.size) : style.size;
  const left = options.align === "right" ? x - font.widthOfTextAtSize(text, size) : x;
  page.drawText(text, { x: left, y: baseline, size, font, color });
}

/** A horizontal rule from x1 to x2. */
export function drawRule(
  page: PDFPage,
  [x1, x2]: [number, number],
  y: number,
  thickness: number,
  color: Color,
): void {
  page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness, color });
}

export interface FlowLayout {
  /** The pages' size in points. */
  size: [number, number];
  /** Where a page's content starts and how far down it may go (a footer goes below). */
  top: number;
  bottom: number;
  /** Draws what every new page has (a band, a running head) and moves `y` below it. */
  onPage: (flow: PageFlow) => void;
}

/** Pages filled from the top down: a new one when the next thing would not fit on this one. */
export class PageFlow {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  /** The top of the space still free on the page. */
  y: number;
  private readonly pdf: PDFDocument;
  private readonly layout: FlowLayout;

  constructor(pdf: PDFDocument, layout: FlowLayout) {
    this.pdf = pdf;
    this.layout = layout;
    this.y = layout.top;
  }

  add(): void {
    this.page = this.pdf.addPage(this.layout.size);
    this.pages.push(this.page);
    this.y = this.layout.top;
    this.layout.onPage(this);
  }

  /** The height left above the bottom. */
  get room(): number {
    return this.y - this.layout.bottom;
  }

  /** Room for `height` more: a new page when it is not on this one. */
  need(height: number): void {
    if (height > this.room) this.add();
  }

  /** Lines of one style down from the top of the free space, on as many pages as they take. */
  lines(lines: string[], style: TextStyle, x: number): void {
    for (const line of lines) {
      this.need(style.leading);
      drawTextLine(this.page, line, style, x, this.y - style.size);
      this.y -= style.leading;
    }
  }
}
