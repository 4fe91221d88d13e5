import { expect, type Locator, type Page } from "@playwright/test";

// How a person finds things on the home page: by role, accessible name and visible text.
// Kept in one place so the journeys read as the spec does.

export function showingLine(page: Page): Locator {
  return page.getByText(/^Showing \d+ of \d+ protocols/);
}

/** Opens `/` and waits until the protocols are on screen. */
export async function gotoHome(page: Page, total?: number): Promise<void> {
  await page.goto("/");
  await expect(page.getByText("Loading protocols...")).toBeHidden();
  if (total === undefined) await expect(showingLine(page)).toBeVisible();
  else await expect(showingLine(page)).toHaveText(new RegExp(`^Showing ${total} of ${total} protocols`));
}

export async function expectShowing(page: Page, shown: number, total: number): Promise<void> {
  await expect(showingLine(page)).toHaveText(new RegExp(`^Showing ${shown} of ${total} protocols`));
}

export function searchBox(page: Page): Locator {
  return page.getByPlaceholder("Search protocols...");
}

export type FilterName = "asset class" | "risk level" | "blockchain";

/** A filter select, folded or not (its text can be read either way; showFilters unfolds it to click). */
export function filterSelect(page: Page, filter: FilterName): Locator {
  return page.getByRole("combobox", { name: new RegExp(filter, "i"), includeHidden: true });
}

/** The phone's 'Filters' button (below md the selects fold behind it: filter-panel.tsx). */
export function filtersToggle(page: Page): Locator {
  return page.getByRole("region", { name: "Filter Protocols" }).getByRole("button", { name: /^Filters\b/ });
}

/** Unfolds the filter selects where they are folded (a phone); a no-op where they show (desktop). */
export async function showFilters(page: Page): Promise<void> {
  await expect(showingLine(page)).toBeVisible();
  const toggle = filtersToggle(page);
  if (!(await toggle.isVisible())) return;
  if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
}

/** Picks `option` in a filter dropdown; `"all"` picks the option that disables the filter. */
export async function chooseFilter(page: Page, filter: FilterName, option: string): Promise<void> {
  await showFilters(page);
  await filterSelect(page, filter).click();
  const listbox = page.getByRole("listbox");
  const name = option === "all" ? /^all\b/i : new RegExp(`^${escapeRegExp(option)}$`);
  await listbox.getByRole("option", { name }).click();
  await expect(listbox).toBeHidden();
  await expect(filterSelect(page, filter)).toContainText(option === "all" ? /all/i : option);
}

/** The protocol cards a person can perceive (faded, aria-hidden ones excluded), in page order. */
export function cards(page: Page): Locator {
  return page.getByRole("article");
}

export function card(page: Page, name: string): Locator {
  return page.getByRole("article", { name, exact: true });
}

/** The card's selection checkbox ('Select X for comparison'). */
export function cardToggle(page: Page, name: string): Locator {
  return card(page, name).getByRole("checkbox", { name: `Select ${name} for comparison`, exact: true });
}

export async function expectSelected(page: Page, name: string, selected: boolean): Promise<void> {
  await expect(cardToggle(page, name)).toBeChecked({ checked: selected });
}

export function selectionBar(page: Page): Locator {
  return page.getByRole("region", { name: "Comparison selection" });
}

export function compareButton(page: Page): Locator {
  return page.getByRole("button", { name: "Compare in Dashboard" });
}

export function waitlistDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: "Join the Waitlist" });
}

export function comparisonDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: "Protocol Comparison Dashboard" });
}

export function toast(page: Page, text: string): Locator {
  return page.getByRole("region", { name: /notifications/i }).getByText(text, { exact: true });
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
