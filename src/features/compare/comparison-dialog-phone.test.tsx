import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COMPARISON_ROWS, FACTOR_COMPARISON_ROWS } from "../../../tests/fixtures/comparison-rows";
import { ComparisonDialog } from "./comparison-dialog";
import { all, byName, live, render, serveFactors } from "../../../tests/comparison-kit";

const [first] = all;

describe("ComparisonDialog on a phone (below 640px)", () => {
  const realMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      ...realMatchMedia(query),
      matches: query.includes("max-width: 639.98px"),
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it("lays each metric out as a block with every protocol's value stacked and named, and keeps Best and Source", async () => {
    const three = [byName("RealT"), byName("Ondo Finance (OUSG + USDY)"), byName("Superstate USTB")];
    render(<ComparisonDialog open onOpenChange={vi.fn()} protocols={three} best={{ tvl: [three[1]!.slug] }} />);
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).queryByRole("table")).not.toBeInTheDocument();
    const compared = within(dialog).getByRole("list", { name: "Compared protocols" });
    expect(within(compared).getAllByRole("listitem")).toHaveLength(3);
    // Each name opens its protocol's page, as in the table's header.
    expect(
      within(compared)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual(three.map((p) => [p.name, `/protocols/${p.slug}`]));
    const headings = within(dialog)
      .getAllByRole("heading", { level: 3 })
      .map((h) => h.textContent);
    // A factor's block says it is one of the risk factors (the table indents them under Risk Level instead).
    expect(headings).toEqual(
      COMPARISON_ROWS.map((label) => (FACTOR_COMPARISON_ROWS.includes(label) ? `Risk factor: ${label}` : label)),
    );
    // Ondo's KYC is its products', one line each (loaded with the dialog).
    const kyc = within(dialog).getByRole("region", { name: "KYC" });
    // Each protocol's entry (a protocol with products holds a list of its own).
    const entries = () => Array.from(within(kyc).getAllByRole("list")[0]!.children, (li) => li.textContent);
    await waitFor(() => expect(entries().join()).not.toContain("Loading..."));
    expect(entries()).toEqual([
      "Key R: RealTNo",
      "Key O: Ondo Finance (OUSG + USDY)OUSGYesUSDYYes",
      "Key S: Superstate USTBYes",
    ]);
    const tvl = within(dialog).getByRole("region", { name: "Total Value Locked" });
    const best = within(tvl)
      .getAllByRole("listitem")
      .filter((li) => li.dataset.best === "true");
    expect(best).toHaveLength(1);
    expect(best[0]).toHaveTextContent("Ondo Finance (OUSG + USDY)");
    expect(best[0]).toHaveAccessibleDescription("Best: highest TVL among compared");
    expect(
      within(within(dialog).getByRole("region", { name: "Source" })).getAllByRole("link", {
        name: /^Terms source for/,
      }),
    ).toHaveLength(3);
  });

  it("stacks each risk factor's assessments in a block of its own, Best marked", async () => {
    serveFactors();
    const two = [byName("Apollo ACRED (Securitize)"), byName("BlackRock BUIDL (Securitize)")];
    render(<ComparisonDialog open onOpenChange={vi.fn()} protocols={two} />);
    const block = within(screen.getByRole("dialog")).getByRole("region", {
      name: "Risk factor: Redemption liquidity",
    });
    await waitFor(() =>
      expect(
        within(block)
          .getAllByRole("listitem")
          .map((li) => li.textContent),
      ).toEqual(["Key A: Apollo ACRED (Securitize)High", "Key B: BlackRock BUIDL (Securitize)Low"]),
    );
    const entries = within(block).getAllByRole("listitem");
    expect(entries.map((li) => li.dataset.best === "true")).toEqual([false, true]);
    expect(entries[1]).toHaveAccessibleDescription("Best: lowest risk on this factor among compared");
  });

  it("gives protocols that share an initial keys of their own, read out (Backed Finance and BlackRock)", () => {
    const backed = { ...first!, id: "b1", slug: "backed-finance-btokens", name: "Backed Finance (bTokens)" };
    const two = [backed, byName("BlackRock BUIDL (Securitize)")];
    render(<ComparisonDialog open onOpenChange={vi.fn()} protocols={two} />);
    const dialog = screen.getByRole("dialog");
    const compared = within(within(dialog).getByRole("list", { name: "Compared protocols" })).getAllByRole("listitem");
    expect(compared.map((li) => li.textContent?.split(":")[0])).toEqual(["Key BF", "Key BB"]);
    const tvl = within(within(dialog).getByRole("region", { name: "Total Value Locked" })).getAllByRole("listitem");
    expect(tvl[0]).toHaveTextContent(/^Key BF: Backed Finance \(bTokens\)/);
    expect(tvl[1]).toHaveTextContent(/^Key BB: BlackRock BUIDL \(Securitize\)/);
  });

  it("shows the TVL's source line and the terms' source in the phone's Source block", () => {
    render(<ComparisonDialog open onOpenChange={vi.fn()} protocols={[live, byName("RealT")]} />);
    const source = within(screen.getByRole("dialog")).getByRole("region", { name: "Source" });
    expect(source).toHaveTextContent("TVL: DefiLlama· Dec 19, 2025");
    expect(within(source).getAllByRole("link", { name: /^Terms source for/ })).toHaveLength(2);
  });
});
