import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { http, HttpResponse } from "msw";
import { rankMetrics } from "@/features/protocols/model/best-values";
import { parseProtocolRows } from "@/features/protocols/model/model";
import { COMPARISON_ROWS } from "../../../tests/fixtures/comparison-rows";
import { hostileRows } from "../../../tests/fixtures/protocol-cases";
import { riskFactorRows } from "../../../tests/fixtures/risk-factors";
import { server } from "../../../tests/msw/server";
import { rowCells } from "../../../tests/table";
import { ComparisonDialog } from "./comparison-dialog";
import { all, byName, live, render, serveFactors } from "../../../tests/comparison-kit";

const [first] = all;
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
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((th) => th.textContent),
    ).toEqual(COMPARISON_ROWS);
    // Each name links to the protocol's page; of the links out, only the first protocol has a safe
    // url (and a terms source): the javascript: and data: ones render no link.
    const links = within(table).getAllByRole("link");
    expect(links.filter((a) => a.getAttribute("href")!.startsWith("/protocols/")).map((a) => a.textContent)).toEqual(
      [first!, ...hostile].map((p) => p.name),
    );
    expect(
      links
        .filter((a) => a.getAttribute("target") === "_blank")
        .map((a) => a.getAttribute("aria-label") ?? a.textContent),
    ).toEqual([
      "Visit Apollo ACRED (Securitize)(opens in a new tab)",
      "Terms source for Apollo ACRED (Securitize) (opens in a new tab)",
    ]);
    expect(within(table).getByRole("link", { name: /^Visit Apollo ACRED/ })).toHaveAttribute(
      "href",
      "https://securitize.io",
    );
    expect(within(table).getAllByText("Not rated")).toHaveLength(2);
    expect(within(table).getByRole("columnheader", { name: /Evil Yield/ })).toHaveTextContent(
      "No description on record.",
    );
  });

  it("keeps the TVL's source line and the terms' source together in the Source row", () => {
    render(<ComparisonDialog open onOpenChange={vi.fn()} protocols={[live]} />);
    const source = within(screen.getByRole("table")).getByRole("row", { name: /^Source/ });
    expect(source).toHaveTextContent("TVL: DefiLlama· Dec 19, 2025");
    expect(
      within(source).getByRole("link", { name: `TVL source for ${live.name}: DefiLlama (opens in a new tab)` }),
    ).toHaveAttribute("href", live.tvlSourceUrl);
    expect(source).toHaveTextContent("Other figures:");
    expect(
      within(source).getByRole("link", { name: `Terms source for ${live.name} (opens in a new tab)` }),
    ).toBeInTheDocument();
  });

  it("asks to close from its close button", async () => {
    const onOpenChange = vi.fn();
    render(<ComparisonDialog open onOpenChange={onOpenChange} protocols={[first!]} />);
    screen.getByRole("button", { name: "Close" }).click();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the term rows, with 'Unknown' as a value that never merges with 'No'", () => {
    const realT = byName("RealT"); // kyc no, queue, retail-non-us
    const ondo = byName("Ondo Finance (OUSG + USDY)"); // kyc yes, 2 days
    const paxos = byName("Paxos Gold (PAXG)"); // everything unknown, no terms source
    render(<ComparisonDialog open onOpenChange={vi.fn()} protocols={[realT, ondo, paxos]} />);
    const table = within(screen.getByRole("dialog")).getByRole("table");
    const cells = (label: string) => rowCells(table, label);
    expect(cells("Investor access")).toEqual(["Retail, non-US only", "Retail, non-US only", "Unknown"]);
    expect(cells("KYC")).toEqual(["No", "Yes", "Unknown"]);
    expect(cells("Redemption")).toEqual(["Withdrawal queue", "Within 2 days", "Unknown"]);
    expect(cells("Fees")).toEqual(["Unknown", "Unknown", "Unknown"]);
    // The terms' own source sits in the Source row; a row without one says why its terms are Unknown.
    expect(within(table).getByRole("link", { name: "Terms source for RealT (opens in a new tab)" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^https:\/\/example\.com\/terms\//),
    );
    expect(within(table).getByText("Terms: no source yet, so they show as Unknown.")).toBeInTheDocument();
  });

  it("shows stated fees as written", () => {
    render(<ComparisonDialog open onOpenChange={vi.fn()} protocols={[byName("Superstate USTB")]} />);
    const row = within(screen.getByRole("table")).getByRole("rowheader", { name: "Fees" }).closest("tr")!;
    expect(within(row).getByRole("cell")).toHaveTextContent("Up to 0.15% management fee");
  });

  it("leaves a row unmarked where one figure is not a number, and says why beside its name", () => {
    const [buidl, centrifuge] = [byName("BlackRock BUIDL (Securitize)"), byName("Centrifuge")];
    const { best, reasons } = rankMetrics([buidl, centrifuge]);
    render(
      <ComparisonDialog
        open
        onOpenChange={vi.fn()}
        protocols={[buidl, centrifuge]}
        best={best}
        bestReasons={reasons}
      />,
    );
    const table = within(screen.getByRole("dialog")).getByRole("table");
    const row = within(table).getByRole("rowheader", { name: "Min Investment" });
    expect(
      within(row.closest("tr")!)
        .getAllByRole("cell")
        .filter((cell) => cell.dataset.best),
    ).toHaveLength(0);
    expect(within(row).getByRole("button", { name: "Why no Best mark" })).toHaveAccessibleDescription(
      "Not ranked: not every value is one figure (Centrifuge: 'Varies by pool').",
    );
  });

  describe("risk factor rows", () => {
    const apollo = byName("Apollo ACRED (Securitize)"); // six evidenced, smart contract Unknown
    const buidl = byName("BlackRock BUIDL (Securitize)"); // all seven
    const centrifuge = byName("Centrifuge"); // two computed factors only

    it("shows each protocol's assessment per factor after Risk Level, Unknown muted, the lowest risk marked Best", async () => {
      const seen = serveFactors();
      render(<ComparisonDialog open onOpenChange={vi.fn()} protocols={[apollo, buidl, centrifuge]} />);
      const table = within(screen.getByRole("dialog")).getByRole("table");
      // One request per compared protocol.
      await waitFor(() => expect(rowCells(table, "Underlying asset")).toEqual(["High", "Low", "Unknown"]));
      expect(seen.sort()).toEqual([apollo.id, buidl.id, centrifuge.id].sort());
      expect(rowCells(table, "Legal structure and claim")).toEqual(["Medium", "Medium", "Unknown"]);
      expect(rowCells(table, "Custody and transparency")).toEqual(["Low", "Low", "Unknown"]);
      expect(rowCells(table, "Redemption liquidity")).toEqual(["High", "Low", "Unknown"]);
      expect(rowCells(table, "Smart contract and platform")).toEqual(["Unknown", "Medium", "Medium"]);
      expect(rowCells(table, "Track record and scale")).toEqual(["Medium", "Low", "Low"]);
      expect(rowCells(table, "Regulation")).toEqual(["Medium", "Medium", "Unknown"]);

      const best = (label: string) =>
        within(within(table).getByRole("rowheader", { name: label }).closest("tr")!)
          .getAllByRole("cell")
          .map((cell) => cell.dataset.best === "true");
      // Marked only where every protocol's assessment is known: the lowest level, every holder on a tie.
      expect(best("Track record and scale")).toEqual([false, true, true]);
      // A row with an Unknown has no mark, and its 'why' button says which.
      for (const label of ["Underlying asset", "Legal structure and claim", "Smart contract and platform"])
        expect(best(label)).toEqual([false, false, false]);
      const why = (label: string) =>
        within(within(table).getByRole("rowheader", { name: label })).getByRole("button", { name: "Why no Best mark" });
      expect(why("Underlying asset")).toHaveAccessibleDescription(
        "Not ranked: not every protocol's evidence on this factor is known (Centrifuge: Unknown).",
      );
      expect(why("Smart contract and platform")).toHaveAccessibleDescription(
        "Not ranked: not every protocol's evidence on this factor is known (Apollo ACRED (Securitize): Unknown).",
      );
      expect(
        within(within(table).getByRole("rowheader", { name: "Track record and scale" })).queryByRole("button"),
      ).toBeNull();
      const marked = within(table).getByRole("rowheader", { name: "Track record and scale" }).closest("tr")!;
      expect(within(marked).getAllByRole("cell")[1]).toHaveAccessibleDescription(
        "Best: lowest risk on this factor among compared",
      );
      // The assessment is a word, never only a colour; Unknown is muted.
      const asset = within(table).getByRole("rowheader", { name: "Underlying asset" }).closest("tr")!;
      expect(within(asset).getAllByRole("cell")[2]!.querySelector("span")).toHaveClass("text-muted-foreground");
      expect(
        screen.getByText(/and the lowest risk on each factor, where every compared figure is a number of one kind\./),
      ).toBeInTheDocument();
    });

    it("marks nothing while a protocol's factors load, and says so in the cell", async () => {
      serveFactors();
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      server.use(
        http.get("*/rest/v1/protocol_risk_factors", async ({ request }) => {
          const id = new URL(request.url).searchParams.get("protocol_id")!.slice(3);
          if (id === buidl.id) await gate;
          return HttpResponse.json(riskFactorRows[id] ?? []);
        }),
      );
      render(<ComparisonDialog open onOpenChange={vi.fn()} protocols={[apollo, buidl]} />);
      const table = within(screen.getByRole("dialog")).getByRole("table");
      await waitFor(() => expect(rowCells(table, "Underlying asset")).toEqual(["High", "Loading..."]));
      expect(table.querySelectorAll("[data-best]")).toHaveLength(0);
      release();
      await waitFor(() => expect(rowCells(table, "Underlying asset")).toEqual(["High", "Low"]));
    });

    it("says 'Not available' for a protocol whose factors failed, and marks nothing beside it, saying why", async () => {
      serveFactors(buidl.id);
      render(<ComparisonDialog open onOpenChange={vi.fn()} protocols={[apollo, buidl]} />);
      const table = within(screen.getByRole("dialog")).getByRole("table");
      await waitFor(() => expect(rowCells(table, "Underlying asset")).toEqual(["High", "Not available"]));
      expect(table.querySelectorAll("[data-best]")).toHaveLength(0);
      expect(
        within(within(table).getByRole("rowheader", { name: "Underlying asset" })).getByRole("button", {
          name: "Why no Best mark",
        }),
      ).toHaveAccessibleDescription(
        "Not ranked: not every protocol's evidence on this factor is known (BlackRock BUIDL (Securitize): not loaded).",
      );
    });

    it("fetches nothing while closed", () => {
      const seen = serveFactors();
      render(<ComparisonDialog open={false} onOpenChange={vi.fn()} protocols={[apollo, buidl]} />);
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      expect(seen).toEqual([]);
    });
  });
});
