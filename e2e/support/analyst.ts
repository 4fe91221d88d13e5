// The analyst specs' pieces: the app's rules re-stated from the seed (slugs, TVL order, what the
// grids show at first), and the sort select.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { cards, showFilters } from "./home.ts";
import type { ProtocolRow } from "./seed.ts";

/** Same rule as the app's slugs: accents folded, lower case, runs of other characters -> '-'. */
export function slug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
export function tvlMillions(tvl: string): number | null {
  const match = /^\$(\d+(?:\.\d+)?)([MB])$/.exec(tvl);
  return match ? Number(match[1]) * (match[2] === "B" ? 1000 : 1) : null;
}
export const byName = (a: ProtocolRow, b: ProtocolRow) => a.name.localeCompare(b.name, "en", { sensitivity: "base" });
/** TVL high to low, 'N/A' last, ties by name. */
export function byTvl(rows: ProtocolRow[]): ProtocolRow[] {
  return [...rows].sort((a, b) => {
    const x = tvlMillions(a.tvl);
    const y = tvlMillions(b.tvl);
    if (x !== y) return x === null ? 1 : y === null ? -1 : y - x;
    return byName(a, b);
  });
}
/** The names a visitor sees before "Show All": the first grid and the second's shown rows. */
export function perceived(rows: ProtocolRow[]): string[] {
  const names = rows.map((row) => row.name);
  return names.length - 9 > 3 ? names.slice(0, 12) : names;
}
export async function expectCards(page: Page, names: string[]): Promise<void> {
  await expect(cards(page).getByRole("heading", { level: 3 })).toHaveText(names);
}
/** The sort select, folded or not (showFilters unfolds it to click: a phone folds the selects). */
export const sortSelect = (page: Page) => page.getByRole("combobox", { name: "Sort by", includeHidden: true });
export async function chooseSort(page: Page, option: string): Promise<void> {
  await showFilters(page);
  await sortSelect(page).click();
  await page.getByRole("listbox").getByRole("option", { name: option, exact: true }).click();
  await expect(sortSelect(page)).toContainText(option);
}
export const query = (page: Page) => new URL(page.url()).searchParams;
