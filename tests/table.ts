import { within } from "@testing-library/react";

/** The text of each cell in one row of a table, found by the row's header (the comparison's rows). */
export function rowCells(table: HTMLElement, label: string): (string | null)[] {
  const row = within(table).getByRole("rowheader", { name: label }).closest("tr")!;
  return within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);
}
