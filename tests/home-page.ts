// The home page's tests' pieces: the page rendered with the fixture's rows loaded, its cards as a
// visitor sees them, and a filter chosen by its label.
import { screen, within } from "@testing-library/react";
import { protocolRows } from "./fixtures/protocols";
import { chooseOption, renderApp } from "./render";

export const TOTAL = protocolRows.length; // 16

/** The whole app at /, once the directory says it shows every fixture row. */
export async function renderLoadedHome() {
  const view = renderApp("/");
  await screen.findByText(`Showing ${TOTAL} of ${TOTAL} protocols`);
  return view;
}

/** Visible cards (aria-hidden faded ones are excluded by role queries), by heading. */
export function cardNames() {
  return screen.queryAllByRole("article").map((card) => within(card).getByRole("heading").textContent);
}

/** A visible card, by its protocol's name. */
export function card(name: string) {
  return screen.getByRole("article", { name });
}

/** Picks an option of the filter whose label matches. */
export async function choose(user: ReturnType<typeof renderApp>["user"], filter: RegExp, option: string) {
  await chooseOption(user, screen.getByRole("combobox", { name: filter }), option);
}
