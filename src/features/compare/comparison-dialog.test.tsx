import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { parseProtocolRows } from "@/features/protocols/model";
import { hostileRows, protocolRows } from "../../../tests/fixtures/protocols";
import { ComparisonDialog } from "./comparison-dialog";

const [first] = parseProtocolRows(protocolRows);
const hostile = parseProtocolRows(hostileRows);

describe("ComparisonDialog", () => {
  it("renders nothing when no protocols are selected", () => {
    render(<ComparisonDialog open onOpenChange={vi.fn()} protocols={[]} />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("labels the table for assistive tech and shows no link or rating it cannot trust", () => {
    render(<ComparisonDialog open onOpenChange={vi.fn()} protocols={[first!, ...hostile]} />);
    const dialog = screen.getByRole("dialog", { name: "Protocol Comparison Dashboard" });
    expect(dialog).toHaveAccessibleDescription(/Side-by-side comparison of 3 selected protocols/);
    const table = within(dialog).getByRole("table");
    expect(within(table).getAllByRole("rowheader").map((th) => th.textContent)).toEqual([
      "Total Value Locked",
      "Yield Range",
      "Risk Level",
      "Min Investment",
      "Asset Classes",
      "Blockchains",
      "Website",
      "Source",
    ]);
    // Only the first protocol has a safe url; the javascript: and data: ones render no link.
    expect(within(table).getAllByRole("link")).toHaveLength(1);
    expect(within(table).getByRole("link", { name: /^Visit Apollo ACRED/ })).toHaveAttribute("href", "https://securitize.io");
    expect(within(table).getAllByText("Unrated")).toHaveLength(2);
    expect(within(table).getByRole("columnheader", { name: /Evil Yield/ })).toHaveTextContent("No description on record.");
  });

  it("asks to close from its close button", async () => {
    const onOpenChange = vi.fn();
    render(<ComparisonDialog open onOpenChange={onOpenChange} protocols={[first!]} />);
    screen.getByRole("button", { name: "Close" }).click();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
