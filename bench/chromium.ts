// One Chromium for every browser run (e2e, benches, the CSP test, the preview image): CHROMIUM_PATH /
// CHROME_PATH when set, else Playwright's own build when installed, else Debian's /usr/bin/chromium.
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

/** Quiet, container-safe flags; no background traffic that would pollute the network trace. */
export const CHROMIUM_FLAGS =
  "--no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync".split(
    " ",
  );

const playwrightOwn = (() => {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
})();

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, process.env.CHROME_PATH, playwrightOwn, "/usr/bin/chromium"];
  const found = candidates.find((c): c is string => Boolean(c) && existsSync(c!));
  if (!found)
    throw new Error("No Chromium found: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.");
  return found;
}

/** Options for Playwright's chromium.launch: its own build as is; any other with the flags above. */
export function chromiumLaunchOptions(): { executablePath?: string; args?: string[] } {
  const executablePath = chromiumPath();
  return executablePath === playwrightOwn ? {} : { executablePath, args: CHROMIUM_FLAGS };
}
