import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const path of ["/", "/certification-training/ccna", "/portfolio", "/services/network-infrastructure"]) {
  const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled: true });
  const p = await ctx.newPage();
  await p.goto("http://127.0.0.1:3000" + path, { waitUntil: "networkidle" });
  const r = await p.evaluate(() => {
    const all = document.querySelectorAll("*").length;
    const svg = document.querySelectorAll("svg *").length;
    const measure = () => { const ts=[]; for (let i=0;i<5;i++){ document.documentElement.style.width = (400+i%2)+"px"; const t=performance.now(); document.body.offsetHeight; ts.push(performance.now()-t);} document.documentElement.style.width=""; return Math.min(...ts).toFixed(1); };
    const whole = measure();
    const secs = [...document.querySelectorAll("body > * , main > *, main > * > *")].filter(e=>e.offsetHeight>0).slice(0,40).map(e => { const d=e.style.display; e.style.display="none"; const m=measure(); e.style.display=d; return [e.tagName+"."+(e.className||"").toString().slice(0,30)+"#"+(e.id||""), e.querySelectorAll("*").length, m]; });
    return { all, svg, whole, secs };
  });
  console.log(path, r.all, "svg nodes", r.svg, "relayout ms", r.whole);
  for (const s of r.secs) console.log("   ", s.join(" | "));
  await ctx.close();
}
await b.close();
