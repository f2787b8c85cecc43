import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
const p = process.argv[2];
const chrome = await chromeLauncher.launch({chromePath:"/usr/bin/chromium",chromeFlags:["--headless=new","--no-sandbox","--disable-gpu","--disable-dev-shm-usage"]});
const r = await lighthouse("http://127.0.0.1:3000"+p,{port:chrome.port,output:"json",logLevel:"error",onlyCategories:["performance"]});
chrome.kill();
const ev = r.artifacts.Trace.traceEvents;
const fcp = ev.find(e=>e.name==="firstContentfulPaint");
const nav = ev.find(e=>e.name==="navigationStart" && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith("http"));
const t0=nav.ts;
console.log("FCP", (fcp.ts-t0)/1000, "tbt", Math.round(r.lhr.audits["total-blocking-time"].numericValue));
const main = ev.filter(e=>e.pid===fcp.pid && e.tid===fcp.tid && e.ph==="X" && e.dur);
const tasks = main.filter(e=>e.name==="RunTask" && e.dur>6000 && e.ts > t0 + (Number(process.env.FROM)||0)*1000).sort((a,b)=>a.ts-b.ts);
for (const t of tasks) {
  const kids = main.filter(e=>e!==t && e.ts>=t.ts && e.ts+e.dur<=t.ts+t.dur && e.dur>300);
  console.log(((t.ts-t0)/1000).toFixed(0), "dur", (t.dur/1000).toFixed(1));
  for (const k of kids.slice(0,25)) console.log("    ", ((k.ts-t0)/1000).toFixed(1), k.name, (k.dur/1000).toFixed(1), JSON.stringify(k.args?.data ?? k.args?.beginData ?? {}).slice(0,160));
}
const net = ev.filter(e=>e.name==="ResourceFinish"||e.name==="ResourceSendRequest").map(e=>[((e.ts-t0)/1000).toFixed(0), e.name, (e.args?.data?.url??"").slice(-50)]);
console.log(net.map(x=>x.join(" ")).join("\n"));
