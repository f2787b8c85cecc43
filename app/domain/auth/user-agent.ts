// A browser's User-Agent header in words people recognise ("Chrome on Windows"). Client-safe.

const browsers: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const systems: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** "Chrome on Windows", "Firefox", "An API client (curl/8.5)" or "Unknown browser". */
export function describeUserAgent(userAgent: string): string {
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser) return system ? `${browser} on ${system}` : browser;
  if (!userAgent) return "Unknown browser";
  return `An API client (${userAgent.split(" ")[0]?.slice(0, 40)})`;
}
