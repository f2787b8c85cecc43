// Makes the short training clips shipped in public/videos/training (WebM, VP8): the system
// Chromium records a canvas animation with MediaRecorder. Run: node scripts/make-training-videos.ts
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "@playwright/test";

const clips = [
  { slug: "selling-ai-solutions", title: "Selling AI Solutions", color: "#1d4ed8" },
  { slug: "cybersecurity-overview", title: "Cybersecurity Services", color: "#0f766e" },
  { slug: "mvp-to-closed-deal", title: "From Free MVP to Closed Deal", color: "#7e22ce" },
];
const SECONDS = 6;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--autoplay-policy=no-user-gesture-required"],
});
const page = await browser.newPage();
for (const clip of clips) {
  const base64 = await page.evaluate(
    async ({ title, color, seconds }) => {
      const canvas = document.createElement("canvas");
      canvas.width = 640;
      canvas.height = 360;
      const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
      const recorder = new MediaRecorder(canvas.captureStream(25), {
        mimeType: "video/webm;codecs=vp8",
        videoBitsPerSecond: 200_000,
      });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      const stopped = new Promise((r) => {
        recorder.onstop = r;
      });
      recorder.start();
      const start = performance.now();
      await new Promise<void>((done) => {
        const frame = () => {
          const t = (performance.now() - start) / 1000;
          ctx.fillStyle = "#0f172a";
          ctx.fillRect(0, 0, 640, 360);
          ctx.fillStyle = color;
          ctx.globalAlpha = 0.85;
          ctx.beginPath();
          ctx.arc(320 + Math.cos(t) * 180, 180 + Math.sin(t * 1.3) * 80, 90, 0, Math.PI * 2);
          ctx.fill();
          ctx.globalAlpha = 1;
          ctx.fillStyle = "#ffffff";
          ctx.font = "bold 32px sans-serif";
          ctx.fillText(title, 40, 300);
          ctx.font = "18px sans-serif";
          ctx.fillStyle = "#cbd5e1";
          ctx.fillText(`Sigma sales training · ${Math.min(seconds, Math.floor(t))}s`, 40, 60);
          if (t < seconds) requestAnimationFrame(frame);
          else done();
        };
        frame();
      });
      recorder.stop();
      await stopped;
      const buffer = await new Blob(chunks, { type: "video/webm" }).arrayBuffer();
      let binary = "";
      for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { title: clip.title, color: clip.color, seconds: SECONDS },
  );
  const out = resolve(import.meta.dirname, `../public/videos/training/${clip.slug}.webm`);
  writeFileSync(out, Buffer.from(base64, "base64"));
  console.log(out);
}
await browser.close();
