// The system Chromium the end-to-end tests drive (never a downloaded browser): CHROME_PATH, else
// Debian's headless shell (chromium-headless-shell: the same Chromium without the desktop
// browser's user interface; a quarter less CPU for the same tests, decision 0023), else
// Debian's chromium.
import { existsSync } from "node:fs";

export const CHROMIUM_CANDIDATES = [
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
];

export function findChromium(): string | undefined {
  const candidates = [process.env.CHROME_PATH, ...CHROMIUM_CANDIDATES];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}
