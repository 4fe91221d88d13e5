// The one check every source URL of data/products.json passes: an http(s) address with a real host,
// never a homepage. The "evidence" work adds the never list (data/source-tiers.*) and a shared
// checkSourceUrl with this signature; products-rules.ts calls only this function, so swapping it
// for the shared one is a one-line change.
import { isHomepage } from "./risk-evidence.ts";

/** The problem with a source URL in words, or null when it may be cited. */
export function checkSourceUrl(url: string): string | null {
  let parsed: URL | null;
  try {
    parsed = /^https?:\/\/\S+$/.test(url) ? new URL(url) : null;
  } catch {
    parsed = null;
  }
  if (parsed === null || !parsed.hostname.includes(".")) return `'${url}' is not a web address (http or https)`;
  if (isHomepage(parsed)) return `'${url}' is a homepage: cite the page that states it`;
  return null;
}
