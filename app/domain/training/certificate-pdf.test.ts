// The certificate as independent software reads it: qpdf checks the file, poppler extracts its
// text, fonts, images and metadata and rasterises it, zbar decodes the QR code from the picture.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import {
  type CertificateBrand,
  type CertificateDocument,
  certificatePdf,
} from "./certificate-pdf.server.ts";

const dir = mkdtempSync(join(tmpdir(), "certificate-pdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const doc: CertificateDocument = {
  id: "K7QD-M2XP-94TR",
  name: "Zoë Nguyễn",
  courseTitle: "Network+ Evening Bootcamp, Kadıköy Campus",
  hours: 96,
  startDay: "2026-06-16",
  endDay: "2026-08-06",
  issuedOn: "2026-08-10",
  verifyUrl: "https://www.example.com/certificates/K7QD-M2XP-94TR",
};
const brand: CertificateBrand = {
  siteName: "Alabama IT Services",
  address: "2100 Example Parkway, Suite 300, Birmingham, AL 35203",
  siteUrl: "https://www.example.com",
  logo: null,
};

let files = 0;
async function render(
  input: CertificateDocument = doc,
  withBrand: CertificateBrand = brand,
): Promise<string> {
  const file = join(dir, `certificate-${++files}.pdf`);
  writeFileSync(file, await certificatePdf(input, withBrand));
  return file;
}

const run = (command: string, ...args: string[]) =>
  execFileSync(command, args, { encoding: "utf8" });

/** The page rasterised at 150 dpi (pdftoppm), as a PNG file. */
function rasterise(file: string): string {
  run("pdftoppm", "-r", "150", "-png", "-singlefile", file, file);
  return `${file}.png`;
}

/** What a phone's camera app would open: the QR code decoded from the picture by zbar. */
function scanned(png: string): string {
  const result = spawnSync("zbarimg", ["--quiet", "--raw", png], { encoding: "utf8" });
  expect(result.status).toBe(0);
  return result.stdout.trim();
}

interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** The page's words with their boxes in points from the top left (pdftotext -bbox). */
function words(file: string): Word[] {
  const html = run("pdftotext", "-bbox", file, "-");
  return [
    ...html.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g,
    ),
  ].map(([, xMin, yMin, xMax, yMax, text]) => ({
    text: (text ?? "").replace(/&amp;/g, "&"),
    xMin: Number(xMin),
    yMin: Number(yMin),
    xMax: Number(xMax),
    yMax: Number(yMax),
  }));
}

/**
 * The separate marks drawn in a word's box on the 150 dpi picture: runs of columns with ink.
 * A letter whose glyph is broken in the embedded font still copies as text but draws nothing,
 * so a word drawn whole has about one mark per letter.
 */
async function marks(png: string, word: Word): Promise<number> {
  const scale = 150 / 72;
  const left = Math.floor(word.xMin * scale);
  const top = Math.floor(word.yMin * scale);
  const width = Math.ceil(word.xMax * scale) - left;
  const height = Math.ceil(word.yMax * scale) - top;
  const { data } = await sharp(png)
    .extract({ left, top, width, height })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let count = 0;
  let inInk = false;
  for (let x = 0; x < width; x++) {
    let ink = false;
    for (let y = 0; y < height && !ink; y++) ink = (data[y * width + x] ?? 255) < 128;
    if (ink && !inInk) count++;
    inInk = ink;
  }
  return count;
}

describe("certificatePdf", () => {
  it("is a valid one-page landscape Letter PDF whose text reads back as written", async () => {
    const file = await render();
    expect(spawnSync("qpdf", ["--check", file]).status).toBe(0);

    const info = run("pdfinfo", "-isodates", file);
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(/^Page size:\s+792 x 612 pts \(letter\)$/m);
    expect(info).toMatch(/^Title:\s+Certificate of Completion – Zoë Nguyễn$/m);
    expect(info).toMatch(/^Author:\s+Alabama IT Services$/m);
    expect(info).toMatch(/^CreationDate:\s+2026-08-10T12:00:00Z$/m);

    const text = run("pdftotext", "-layout", file, "-");
    for (const line of [
      "Certificate of Completion",
      "This certifies that",
      "Zoë Nguyễn",
      "has completed",
      "Network+ Evening Bootcamp, Kadıköy Campus",
      "96 hours of instruction, June 16, 2026 to August 6, 2026",
      "Issued August 10, 2026",
      "Certificate ID K7QD-M2XP-94TR",
      "Verify at https://www.example.com/certificates/K7QD-M2XP-94TR",
      "2100 Example Parkway, Suite 300, Birmingham, AL 35203",
    ]) {
      expect(text).toContain(line);
    }
  });

  it("embeds its fonts, subset", async () => {
    const fonts = run("pdffonts", await render())
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

  it("draws every letter of the heading and the name (the embedded glyphs are whole)", async () => {
    const file = await render();
    const png = rasterise(file);
    const all = words(file);
    for (const text of ["Certificate", "Completion", "Zoë", "Nguyễn"]) {
      const word = all.find((w) => w.text === text);
      expect(word, text).toBeDefined();
      // Two letters may touch ("fi"); a missing letter leaves a gap, a broken one nothing.
      expect(await marks(png, word as Word), text).toBeGreaterThanOrEqual([...text].length - 1);
    }
  });

  it("carries a QR code that scans as the verification address", async () => {
    expect(scanned(rasterise(await render()))).toBe(doc.verifyUrl);
  });

  it("shrinks a very long name and course title to fit on one line inside the page", async () => {
    const name = `${"Zoë Nguyễn Kadıköy ".repeat(5)}Maria de la Cruz Paz Ruiz`;
    expect([...name].length).toBe(120);
    const courseTitle = `${"Advanced Enterprise Network Security Operations ".repeat(3)}in Kadıköy`;
    const file = await render({ ...doc, name, courseTitle });
    expect(run("pdfinfo", file)).toMatch(/^Pages:\s+1$/m);

    const text = run("pdftotext", file, "-");
    expect(text).toContain(name);
    expect(text).toContain(courseTitle);
    const all = words(file);
    for (const line of [name, courseTitle]) {
      const parts = line.split(" ");
      const index = all.findIndex((_, i) => parts.every((p, j) => all[i + j]?.text === p));
      expect(index, line).toBeGreaterThanOrEqual(0);
      const drawn = all.slice(index, index + parts.length);
      // One line (one baseline), and inside the frame.
      expect(new Set(drawn.map((w) => w.yMax.toFixed(1))).size).toBe(1);
      expect(Math.min(...drawn.map((w) => w.xMin))).toBeGreaterThan(28);
      expect(Math.max(...drawn.map((w) => w.xMax))).toBeLessThan(792 - 28);
    }
  });

  it("shows the logo when the brand has one, and the site's name as text when it has none", async () => {
    const logoPng = await sharp({
      create: { width: 240, height: 96, channels: 4, background: "#1d51f0" },
    })
      .png()
      .toBuffer();
    const logo = { png: logoPng.toString("base64"), width: 120, height: 48, cid: "logo@example" };

    const withLogo = await render(doc, { ...brand, logo: { ...logo, kind: "logo" } });
    const withMark = await render(doc, { ...brand, logo: { ...logo, kind: "mark" } });
    const withName = await render();
    const images = (file: string) =>
      run("pdfimages", "-list", file)
        .trim()
        .split("\n")
        .slice(2)
        .map((l) => l.trim().split(/\s+/));
    for (const file of [withLogo, withMark, withName]) {
      expect(spawnSync("qpdf", ["--check", file]).status).toBe(0);
      expect(scanned(rasterise(file))).toBe(doc.verifyUrl);
    }
    // The logo at twice the points it is shown at: 240 × 96 pixels.
    expect(images(withLogo).map((row) => [row[3], row[4]])).toEqual([["240", "96"]]);
    expect(images(withMark)).toHaveLength(1);
    expect(images(withName)).toEqual([]);
    // The name heads the page beside the mark and without a logo; a logo shows alone.
    const count = (file: string) => run("pdftotext", file, "-").split(brand.siteName).length - 1;
    expect(count(withLogo)).toBe(1);
    expect(count(withMark)).toBe(2);
    expect(count(withName)).toBe(2);
  });

  it("makes the same file from the same input", async () => {
    const input = { ...doc, name: "Zoë Nguyễn" };
    expect(Buffer.from(await certificatePdf(input, brand))).toEqual(
      Buffer.from(await certificatePdf(input, brand)),
    );
  });
});
