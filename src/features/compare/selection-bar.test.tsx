import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { parseProtocolRows } from "@/features/protocols/model/model";
import { protocolRows } from "../../../tests/fixtures/protocols";
import { SelectionBar } from "./selection-bar";

const protocols = parseProtocolRows(protocolRows);

describe("SelectionBar", () => {
  it("is absent with nothing picked", () => {
    render(<SelectionBar protocols={[]} onRemove={() => {}} onCompare={() => {}} />);
    expect(screen.queryByRole("region", { name: "Comparison selection" })).not.toBeInTheDocument();
  });

  it("shows 'n/3', each pick in one list with its comparison key and full name, and a remove button each", async () => {
    const picked = protocols.slice(0, 3);
    const onRemove = vi.fn();
    const onCompare = vi.fn();
    render(<SelectionBar protocols={picked} onRemove={onRemove} onCompare={onCompare} />);
    const bar = screen.getByRole("region", { name: "Comparison selection" });
    expect(bar).toHaveTextContent("3/3");
    const picks = within(within(bar).getByRole("list", { name: "Picked protocols" })).getAllByRole("listitem");
    // The keys of the phone comparison: initials, made unique among the picks (protocol-keys.ts).
    expect(picks.map((pick) => pick.textContent)).toEqual([
      "Key A: Apollo ACRED (Securitize)",
      "Key BF: Backed Finance (bTokens)",
      "Key BB: BlackRock BUIDL (Securitize)",
    ]);
    await userEvent.click(within(bar).getByRole("button", { name: `Remove ${picked[1]!.name} from comparison` }));
    expect(onRemove).toHaveBeenCalledWith(picked[1]!.slug);
    await userEvent.click(within(bar).getByRole("button", { name: "Compare in Dashboard" }));
    expect(onCompare).toHaveBeenCalledOnce();
  });
});
