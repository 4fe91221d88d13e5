// One Chromium for every browser measurement: CHROMIUM_PATH / CHROME_PATH, else Playwright's own
// build when installed, else Debian's /usr/bin/chromium (the same order as playwright.config.ts).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

/** Quiet, container-safe flags; no background traffic that would pollute the network trace. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, process.env.CHROME_PATH, safePlaywrightPath(), "/usr/bin/chromium"];
  const found = candidates.find((c): c is string => Boolean(c) && existsSync(c!));
  if (!found) {
    throw new Error("No Chromium found: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.");
  }
  return found;
}

function safePlaywrightPath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

export function chromiumVersion(executable: string): string {
  try {
    const out = execFileSync(executable, ["--version"], { encoding: "utf8", timeout: 15_000, stdio: ["ignore", "pipe", "ignore"] });
    return out.trim() || "unknown";
  } catch {
    return "unknown";
  }
}
