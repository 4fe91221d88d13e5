import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render as renderInPage, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseProtocolRows } from "@/features/protocols/model/model";
import { COMPARISON_ROWS, FACTOR_COMPARISON_ROWS } from "../../../tests/fixtures/comparison-rows";
import { hostileRows } from "../../../tests/fixtures/protocol-cases";
import { protocolRows } from "../../../tests/fixtures/protocols";
import { riskFactorRows } from "../../../tests/fixtures/risk-factors";
import { server } from "../../../tests/msw/server";
import { rowCells } from "../../../tests/table";
import { ComparisonDialog } from "./comparison-dialog";

const all = parseProtocolRows(protocolRows);
const [first] = all;
const byName = (name: string) => all.find((p) => p.name === name)!;
const hostile = parseProtocolRows(hostileRows);
// A DefiLlama-sourced TVL beside a sourced term sheet.
const live = {
  ...byName("Ondo Finance (OUSG + USDY)"),
  tvlSource: "defillama" as const,
  tvlSourceUrl: "https://defillama.com/protocol/ondo-finance",
  tvlAsOf: "2025-12-19",
};
// The dialog links each name to the protocol's page, so it renders inside a router, as on the site,
// and reads the compared protocols' risk factors through the query client.
const render = (ui: ReactNode) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderInPage(ui, {
    wrapper: ({ children }) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    ),
  });
};

/** Counts the factor requests (per protocol id) while serving the fixtures; `failFor` answers 500 for that id. */
function serveFactors(failFor?: string) {
  const seen: string[] = [];
  server.use(
    http.get("*/rest/v1/protocol_risk_factors", ({ request }) => {
      const id = new URL(request.url).searchParams.get("protocol_id")!.slice(3);
      seen.push(id);
      if (id === failFor) return HttpResponse.json({ message: "boom" }, { status: 500 });
      return HttpResponse.json(riskFactorRows[id] ?? []);
    }),
  );
  return seen;
}

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
      // The lowest known level; ties all marked; Unknown never; nothing when the known ones are all alike and none is Unknown.
      expect(best("Underlying asset")).toEqual([false, true, false]);
      expect(best("Legal structure and claim")).toEqual([true, true, false]);
      expect(best("Smart contract and platform")).toEqual([false, true, true]);
      expect(best("Track record and scale")).toEqual([false, true, true]);
      const marked = within(table).getByRole("rowheader", { name: "Underlying asset" }).closest("tr")!;
      expect(within(marked).getAllByRole("cell")[1]).toHaveAccessibleDescription(
        "Best: lowest risk on this factor among compared",
      );
      // The assessment is a word, never only a colour; Unknown is muted.
      expect(within(marked).getAllByRole("cell")[2]!.querySelector("span")).toHaveClass("text-muted-foreground");
      expect(screen.getByText(/and the lowest risk on each factor\./)).toBeInTheDocument();
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

    it("says 'Not available' for a protocol whose factors failed, and ranks the others", async () => {
      serveFactors(buidl.id);
      render(<ComparisonDialog open onOpenChange={vi.fn()} protocols={[apollo, buidl]} />);
      const table = within(screen.getByRole("dialog")).getByRole("table");
      await waitFor(() => expect(rowCells(table, "Underlying asset")).toEqual(["High", "Not available"]));
    });

    it("fetches nothing while closed", () => {
      const seen = serveFactors();
      render(<ComparisonDialog open={false} onOpenChange={vi.fn()} protocols={[apollo, buidl]} />);
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      expect(seen).toEqual([]);
    });
  });

  describe("on a phone (below 640px)", () => {
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

    it("lays each metric out as a block with every protocol's value stacked and named, and keeps Best and Source", () => {
      const three = [byName("RealT"), byName("Ondo Finance (OUSG + USDY)"), byName("Superstate USTB")];
      render(<ComparisonDialog open onOpenChange={vi.fn()} protocols={three} best={{ tvl: [three[1]!.slug] }} />);
      const dialog = screen.getByRole("dialog");
      expect(within(dialog).queryByRole("table")).not.toBeInTheDocument();
      expect(
        within(within(dialog).getByRole("list", { name: "Compared protocols" })).getAllByRole("listitem"),
      ).toHaveLength(3);
      const headings = within(dialog)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent);
      // A factor's block says it is one of the risk factors (the table indents them under Risk Level instead).
      expect(headings).toEqual(
        COMPARISON_ROWS.map((label) => (FACTOR_COMPARISON_ROWS.includes(label) ? `Risk factor: ${label}` : label)),
      );
      const kyc = within(dialog).getByRole("region", { name: "KYC" });
      const entries = within(kyc).getAllByRole("listitem");
      expect(entries.map((li) => li.textContent)).toEqual([
        "Key R: RealTNo",
        "Key O: Ondo Finance (OUSG + USDY)Yes",
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
      const compared = within(within(dialog).getByRole("list", { name: "Compared protocols" })).getAllByRole(
        "listitem",
      );
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
});
