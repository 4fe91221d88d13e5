// The protocol page's TVL history: the chart and its data table narrowed by range, a range with
// too few points disabled, moves of more than 50% marked, no history, and the history's error.
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { apollo, APOLLO_PATH, history, POINTS } from "../../tests/protocol-page";
import { renderApp } from "../../tests/render";

// The chart draws on a canvas (e2e); here a marker shows which points it was given.
vi.mock("@/features/protocols/history/history-chart", () => import("../../tests/history-chart-marker"));

describe("protocol page: TVL history", () => {
  it("narrows the chart and the data table by range", async () => {
    history(POINTS);
    const { user } = renderApp(APOLLO_PATH);
    // The page first (the file's first render loads its code), then the chart it loads on demand.
    await screen.findByRole("heading", { level: 1, name: apollo.name });
    await screen.findByTestId("tvl-chart");

    await user.click(screen.getByRole("button", { name: "3M: last 3 months" }));
    expect(screen.getByRole("button", { name: "3M: last 3 months" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByTestId("tvl-chart")).toHaveTextContent("2025-09-15,2025-10-31");

    // The window is the three months back from the newest point, not only the days with data.
    expect(screen.getByTestId("tvl-chart")).toHaveAttribute("data-window", "2025-07-31/2025-10-31");

    await user.click(screen.getByText("Show data"));
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    // Where data is missing (the window's start, and the 45 days between the points), the table says so.
    expect(rows.map((row) => row.textContent)).toEqual([
      "DateTVL (USD)SourceNote",
      "No data before Sep 15, 2025",
      "Sep 15, 2025$90,000,000DefiLlama",
      "No data from Sep 16, 2025 to Oct 30, 2025 (45 days)",
      "Oct 31, 2025$100,000,000DefiLlama",
    ]);
    expect(screen.getByText(/^TVL went from \$90M on Sep 15, 2025/)).toHaveTextContent(
      "No data before Sep 15, 2025. No data from Sep 16, 2025 to Oct 30, 2025 (45 days).",
    );

    await user.click(screen.getByRole("button", { name: "1Y: last year" }));
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(7);
  });

  it("disables a range with fewer than two points, says why, and marks moves of more than 50%", async () => {
    history([
      { day: "2025-01-10", tvl_usd: 10_000_000, source: "defillama" },
      { day: "2025-06-01", tvl_usd: 12_000_000, source: "defillama" },
      { day: "2025-10-31", tvl_usd: 30_000_000, source: "defillama" },
    ]);
    const { user } = renderApp(APOLLO_PATH);
    await screen.findByTestId("tvl-chart");
    const threeMonths = screen.getByRole("button", { name: "3M: last 3 months" });
    expect(threeMonths).toHaveAttribute("aria-disabled", "true");
    expect(threeMonths).toHaveAccessibleDescription("3M is unavailable: only 1 data point in the last 3 months.");
    await user.click(threeMonths);
    expect(threeMonths).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByRole("button", { name: "All: all recorded history" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "1Y: last year" })).not.toHaveAttribute("aria-disabled");

    expect(screen.getByText(/^TVL went from/)).toHaveTextContent(
      "A move of more than 50% between two points: +150.0% on Oct 31, 2025.",
    );
    await user.click(screen.getByText("Show data"));
    const last = within(screen.getByRole("table")).getAllByRole("row").at(-1)!;
    expect(last).toHaveTextContent("Oct 31, 2025$30,000,000DefiLlama+150.0% since Jun 1, 2025");
  });

  it("opens a history with a long gap on its newest stretch ('Latest'), and All still shows the gap", async () => {
    const day = (date: string, tvl: number) => ({ day: date, tvl_usd: tvl, source: "defillama" });
    history([
      day("2025-12-08", 2_000_000_000),
      day("2025-12-19", 2_200_000_000),
      day("2026-08-12", 3_500_000_000),
      day("2026-08-16", 3_550_000_000),
      day("2026-08-20", 3_600_000_000),
    ]);
    const { user } = renderApp(APOLLO_PATH);
    await screen.findByRole("heading", { level: 1, name: apollo.name });
    await screen.findByTestId("tvl-chart");
    const group = screen.getByRole("group", { name: "Time range" });
    expect(
      within(group)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Latest", "3M", "1Y", "All"]);
    expect(screen.getByRole("button", { name: "Latest: latest stretch without a gap" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(screen.getByTestId("tvl-chart")).toHaveTextContent("2026-08-12,2026-08-16,2026-08-20");
    expect(screen.getByText(/^TVL went from \$3.5B on Aug 12, 2026 to \$3.6B on Aug 20, 2026/)).not.toHaveTextContent(
      "No data",
    );
    await user.click(screen.getByRole("button", { name: "All: all recorded history" }));
    expect(screen.getByTestId("tvl-chart")).toHaveAttribute("data-window", "2025-12-08/2026-08-20");
    expect(screen.getByText(/^TVL went from/)).toHaveTextContent(
      "No data from Dec 20, 2025 to Aug 11, 2026 (235 days).",
    );
  });

  it("says 'No history recorded yet' with fewer than two points", async () => {
    history([{ day: "2025-10-31", tvl_usd: 1, source: "curated" }]);
    renderApp(APOLLO_PATH);
    expect(await screen.findByText("No history recorded yet")).toBeInTheDocument();
    expect(screen.queryByTestId("tvl-chart")).not.toBeInTheDocument();
  });

  it("shows the history's error without hiding the figures", async () => {
    history([], 500);
    renderApp(APOLLO_PATH);
    expect(await screen.findByText("Error loading TVL history")).toBeInTheDocument();
    expect(screen.getByText("relation does not exist")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: apollo.name })).toBeInTheDocument();
  });
});
