// The protocol page's yield history: next to the TVL's, with the same range buttons,
// summary and 'Show data' table, requested only on that page. The whole app over MSW.
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import {
  formatYieldRange,
  parseYieldHistoryRows,
  yieldHistorySummary,
} from "@/features/protocols/history/yield-history";
import { rangeView } from "@/lib/history-rules";
import { curatedYieldRow, defillamaYieldRow } from "../../tests/fixtures/protocol-cases";
import { protocolRows } from "../../tests/fixtures/protocols";
import { fundOneYields } from "../../tests/fixtures/yield-history";
import { server } from "../../tests/msw/server";
import { renderApp } from "../../tests/render";

// jsdom has no canvas: the lazily loaded chart is a marker showing what it was given.
vi.mock("@/features/protocols/history/history-chart", () => ({
  HistoryChart: ({
    view,
    testId,
    lowerOf,
  }: {
    view: { from: string; to: string; points: Array<{ day: string }> };
    testId: string;
    lowerOf?: (point: { day: string }) => number;
  }) => (
    <div data-testid={testId} data-window={`${view.from}/${view.to}`}>
      {view.points.map((p) => (lowerOf ? `${p.day}:${lowerOf(p)}` : p.day)).join(",")}
    </div>
  ),
}));

const FUND_PATH = "/protocols/yield-fund-one";

/** The directory with the two yield rows added; every request to the histories is recorded. */
function serve({ yields }: { yields?: unknown[] | "error" } = {}) {
  const requests: URL[] = [];
  server.use(
    http.get("*/rest/v1/protocols", () => HttpResponse.json([...protocolRows, defillamaYieldRow, curatedYieldRow])),
    http.get("*/rest/v1/protocol_tvl_history", () => HttpResponse.json([])),
    http.get("*/rest/v1/protocol_yield_history", ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      if (yields === "error") return HttpResponse.json({ message: "permission denied" }, { status: 500 });
      if (yields) return HttpResponse.json(yields);
      return HttpResponse.json(
        url.searchParams.get("protocol_id") === `eq.${defillamaYieldRow.id}` ? fundOneYields : [],
      );
    }),
  );
  return requests;
}

function yieldSection() {
  return screen.getByRole("region", { name: "Yield history" });
}

describe("the yield history's data", () => {
  it("keeps valid rows in day order, one per day, dropping bad days, bad rates and swapped ends", () => {
    expect(
      parseYieldHistoryRows([
        { day: "2026-09-05", apy_min: 3.25, apy_max: 3.59, source: "defillama" },
        { day: "2026-08-12", apy_min: "3.61", apy_max: "3.95", source: " curated " },
        { day: "2026-08-13", apy_min: 5, apy_max: 4, source: "defillama" },
        { day: "2026-08-14", apy_min: -1, apy_max: 4, source: "defillama" },
        { day: "2026-08-15", apy_min: 1, apy_max: 1e9, source: "defillama" },
        { day: "14/08/2026", apy_min: 1, apy_max: 2, source: "defillama" },
        { day: "2026-08-16", apy_min: null, apy_max: 2 },
        null,
        "row",
      ]),
    ).toEqual([
      { day: "2026-08-12", value: 3.95, min: 3.61, source: "curated" },
      { day: "2026-09-05", value: 3.59, min: 3.25, source: "defillama" },
    ]);
    expect(parseYieldHistoryRows({ message: "not a list" })).toEqual([]);
  });

  it("writes a range as the directory does, one figure when both ends agree", () => {
    expect(formatYieldRange({ min: 3.25, value: 3.59 })).toBe("3.25-3.59%");
    expect(formatYieldRange({ min: 4, value: 4 })).toBe("4%");
    expect(formatYieldRange({ min: 0.004, value: 12.5 })).toBe("0-12.5%");
  });

  it("says the history in words: first and last range, span and points, then gaps and large moves", () => {
    const points = parseYieldHistoryRows(fundOneYields);
    expect(yieldHistorySummary(rangeView(points, "All"))).toBe(
      "Yield went from 3.61-3.95% on Aug 12, 2026 to 3.25-3.59% on Sep 5, 2026, over 24 days and 8 data points.",
    );
    const gappy = parseYieldHistoryRows([
      { day: "2026-06-01", apy_min: 2, apy_max: 3, source: "defillama" },
      { day: "2026-07-01", apy_min: 4, apy_max: 6, source: "defillama" },
    ]);
    expect(yieldHistorySummary(rangeView(gappy, "All"))).toBe(
      "Yield went from 2-3% on Jun 1, 2026 to 4-6% on Jul 1, 2026, over 30 days and 2 data points. " +
        "No data from Jun 2, 2026 to Jun 30, 2026 (29 days). A move of more than 50% between two points: +100.0% on Jul 1, 2026.",
    );
    expect(yieldHistorySummary(null)).toBe("No yield history recorded yet");
  });
});

describe("the protocol page's yield history", () => {
  it("asks for the protocol's yield history with the exact query, and shows the band, summary and table", async () => {
    const requests = serve();
    const { user } = renderApp(FUND_PATH);
    const chart = await screen.findByTestId("yield-chart");
    // Both ends reach the chart: the upper as the line the rules measure, the lower for the band.
    expect(chart).toHaveTextContent("2026-08-12:3.61,2026-08-19:3.58");
    expect(chart).toHaveAttribute("data-window", "2026-08-12/2026-09-05");
    expect(requests).toHaveLength(1);
    expect(requests[0]!.search).toBe(
      `?select=day%2Capy_min%2Capy_max%2Csource&protocol_id=eq.${defillamaYieldRow.id}&order=day.asc`,
    );

    const section = yieldSection();
    expect(within(section).getByRole("heading", { level: 2, name: "Yield history" })).toBeInTheDocument();
    expect(
      within(section).getByText(
        "Yield went from 3.61-3.95% on Aug 12, 2026 to 3.25-3.59% on Sep 5, 2026, over 24 days and 8 data points.",
      ),
    ).toBeInTheDocument();
    // Next to the TVL's: the two panels share one row of the page's grid.
    expect(section.parentElement).toBe(screen.getByRole("region", { name: "TVL history" }).parentElement);

    await user.click(within(section).getByText("Show data"));
    const table = within(section).getByRole("table", { name: /Yield range by day, all recorded history/ });
    const rows = within(table).getAllByRole("row");
    expect(rows[0]).toHaveTextContent("DateYield (APY)SourceNote");
    expect(rows).toHaveLength(9);
    expect(rows[1]).toHaveTextContent("Aug 12, 20263.61-3.95%DefiLlama");
    expect(rows[8]).toHaveTextContent("Sep 5, 20263.25-3.59%DefiLlama");
    expect(within(section).getByRole("region", { name: "Yield history data" })).toBeInTheDocument();
  });

  it("offers the same range buttons, with 3M and 1Y disabled no sooner than their data runs out", async () => {
    serve({
      yields: [
        { day: "2025-01-10", apy_min: 4, apy_max: 5, source: "curated" },
        { day: "2026-08-12", apy_min: 3.61, apy_max: 3.95, source: "defillama" },
        { day: "2026-09-05", apy_min: 3.25, apy_max: 3.59, source: "defillama" },
      ],
    });
    const { user } = renderApp(FUND_PATH);
    await screen.findByTestId("yield-chart");
    const section = yieldSection();
    const group = within(section).getByRole("group", { name: "Time range" });
    expect(
      within(group)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["3M", "1Y", "All"]);
    await user.click(within(group).getByRole("button", { name: "3M: last 3 months" }));
    expect(within(group).getByRole("button", { name: "3M: last 3 months" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByTestId("yield-chart")).toHaveTextContent(/^2026-08-12:3.61,2026-09-05:3.25$/);
  });

  it("says why there is no yield history: the refresh records one, or no DefiLlama pool reports it", async () => {
    serve({ yields: [{ day: "2026-09-05", apy_min: 3.25, apy_max: 3.59, source: "defillama" }] });
    renderApp(FUND_PATH);
    const empty = await within(await screen.findByRole("region", { name: "Yield history" })).findByText(
      "No yield history recorded yet",
    );
    expect(empty.nextElementSibling).toHaveTextContent(/records Yield Fund One's yield from its DefiLlama pools/);
    expect(screen.queryByTestId("yield-chart")).not.toBeInTheDocument();
  });

  it("says a curated yield is not recorded daily", async () => {
    serve();
    renderApp("/protocols/curated-homes");
    const section = await screen.findByRole("region", { name: "Yield history" });
    expect(await within(section).findByText("No yield history recorded yet")).toBeInTheDocument();
    expect(section).toHaveTextContent("No DefiLlama pool of $1M or more reports Curated Homes's yield");
  });

  it("shows the yield history's error without hiding the TVL history or the figures", async () => {
    serve({ yields: "error" });
    renderApp(FUND_PATH);
    const section = await screen.findByRole("region", { name: "Yield history" });
    const alert = await within(section).findByRole("alert");
    expect(alert).toHaveTextContent("Error loading yield history");
    expect(alert).toHaveTextContent("permission denied");
    expect(screen.getByRole("region", { name: "TVL history" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Key figures" })).toBeInTheDocument();
  });

  it("is never requested on the directory", async () => {
    const requests = serve();
    renderApp("/");
    await screen.findByText(/^Showing \d+ of 18 protocols/);
    await waitFor(() => expect(screen.getAllByRole("article").length).toBeGreaterThan(0));
    expect(requests).toHaveLength(0);
  });
});
