// Generates the seed imagery that ships with the app (hero backgrounds, project images,
// share image, icons) from SVG drawings, so no page depends on a stock photo host.
// Run: node scripts/make-artwork.ts  (outputs are committed under public/)
import { mkdirSync, writeFileSync } from "node:fs";
import sharp from "sharp";

function rand(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

/** An abstract "network" drawing: gradient sky, glowing nodes and links, a grid horizon. */
function networkArt(w: number, h: number, seed: number, from: string, to: string, glow: string) {
  const r = rand(seed);
  const nodes = Array.from({ length: 38 }, () => ({
    x: r() * w,
    y: r() * h * 0.9,
    s: 1.5 + r() * 4,
  }));
  const links: string[] = [];
  for (const [i, a] of nodes.entries()) {
    for (const b of nodes.slice(i + 1)) {
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      if (d < w * 0.16) {
        links.push(
          `<line x1="${a.x.toFixed(1)}" y1="${a.y.toFixed(1)}" x2="${b.x.toFixed(1)}" y2="${b.y.toFixed(1)}" stroke="${glow}" stroke-opacity="${(0.5 - d / (w * 0.4)).toFixed(2)}" stroke-width="1.2"/>`,
        );
      }
    }
  }
  const grid = Array.from({ length: 16 }, (_, i) => {
    const x = (i / 15) * w;
    return `<line x1="${w / 2}" y1="${h * 0.62}" x2="${x}" y2="${h}" stroke="${glow}" stroke-opacity="0.12"/>`;
  }).join("");
  const rows = Array.from({ length: 6 }, (_, i) => {
    const y = h * 0.62 + ((i + 1) ** 2 / 36) * h * 0.38;
    return `<line x1="0" y1="${y}" x2="${w}" y2="${y}" stroke="${glow}" stroke-opacity="0.10"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <radialGradient id="halo" cx="0.72" cy="0.35" r="0.55"><stop offset="0" stop-color="${glow}" stop-opacity="0.45"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <rect width="${w}" height="${h}" fill="url(#halo)"/>
  ${grid}${rows}${links.join("")}
  ${nodes.map((n) => `<circle cx="${n.x.toFixed(1)}" cy="${n.y.toFixed(1)}" r="${n.s.toFixed(1)}" fill="#fff" fill-opacity="0.85"/>`).join("")}
</svg>`;
}

async function webp(svg: string, file: string, width: number, quality = 62) {
  await sharp(Buffer.from(svg)).resize({ width }).webp({ quality, effort: 6 }).toFile(file);
}

const palettes: [string, string, string][] = [
  ["#0b1437", "#1d51f0", "#22d3ee"],
  ["#050b1f", "#3b0764", "#f472b6"],
  ["#03130f", "#0f766e", "#5eead4"],
  ["#1a0b2e", "#7c2d12", "#fb923c"],
  ["#0a1a2f", "#155e75", "#a5f3fc"],
  ["#111827", "#1e3a8a", "#93c5fd"],
];

const heroes = ["ai-web-design", "cybersecurity", "training"];
for (const [i, name] of heroes.entries()) {
  const [a, b, c] = palettes[i] as [string, string, string];
  await webp(networkArt(1600, 900, 11 + i, a, b, c), `public/images/hero/${name}.webp`, 1600, 55);
}
for (let i = 1; i <= 6; i++) {
  const [a, b, c] = palettes[(i + 2) % palettes.length] as [string, string, string];
  await webp(
    networkArt(800, 500, 100 + i, a, b, c),
    `public/images/portfolio/project-${i}.webp`,
    800,
  );
}
// The image a new project starts with (NEW_PROJECT_DEFAULTS): the gradient the public pages
// draw in its place (ProjectImage), so that the staff screens showing it find a file.
await sharp(
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d51f0"/><stop offset="0.5" stop-color="#3371fb"/><stop offset="1" stop-color="#06b6d4"/></linearGradient></defs><rect width="800" height="500" fill="url(#g)"/></svg>`,
  ),
)
  .jpeg({ quality: 70, progressive: true, mozjpeg: true })
  .toFile("public/images/placeholder-project.jpg");
// Course images: one drawing per course, 960 wide and a 480 wide variant for phones.
mkdirSync("public/images/courses", { recursive: true });
const courseArt: [string, number][] = [
  ["ccna", 0],
  ["ccnp-enterprise", 5],
  ["cisco-certified-cybersecurity-associate", 2],
  ["cisco-certified-cybersecurity-professional", 4],
  ["fortinet-nse-4-network-security-professional", 3],
  ["fortinet-nse-7-network-security", 1],
  ["comptia-security-plus", 2],
  ["isaca-cisa", 5],
  ["ai-fundamentals", 0],
  ["ai-advanced", 1],
  ["ai-enterprise", 4],
];
for (const [i, [slug, palette]] of courseArt.entries()) {
  const [a, b, c] = palettes[palette] as [string, string, string];
  const svg = networkArt(960, 540, 200 + i, a, b, c);
  await webp(svg, `public/images/courses/${slug}.webp`, 960, 55);
  await webp(svg, `public/images/courses/${slug}-480.webp`, 480, 55);
}

const [oa, ob, oc] = palettes[0] as [string, string, string];
await sharp(Buffer.from(networkArt(1200, 630, 7, oa, ob, oc)))
  .png({ compressionLevel: 9, palette: true })
  .toFile("public/images/share.png");

const mark = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><title>Sigma Technology Partners</title><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3371fb"/><stop offset="1" stop-color="#06b6d4"/></linearGradient></defs><rect width="40" height="40" rx="10" fill="url(#g)"/><path d="M28 11H13l8 9-8 9h15" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
writeFileSync("public/favicon.svg", mark);
await sharp(Buffer.from(mark), { density: 900 })
  .resize(180)
  .png()
  .toFile("public/apple-touch-icon.png");
// favicon.ico: an ICO container holding one 32x32 PNG.
const png = await sharp(Buffer.from(mark), { density: 300 }).resize(32).png().toBuffer();
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6);
header.writeUInt8(32, 7);
header.writeUInt16LE(1, 10);
header.writeUInt16LE(32, 12);
header.writeUInt32LE(png.length, 14);
header.writeUInt32LE(22, 18);
writeFileSync("public/favicon.ico", Buffer.concat([header, png]));
console.log("artwork written to public/");
