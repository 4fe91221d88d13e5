// On the site: the reviewed class 'Other' (assets outside the spec's six: reinsurance, a venture
// fund's profit share, a crypto fund), alone on a row or beside one of the six. The whole app over
// MSW, with the 16 fixture rows (all six classes) plus the two 'Other' rows and a tracked row.
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { otherClassRows, trackedRow } from "../../tests/fixtures/protocol-cases";
import { protocolRows } from "../../tests/fixtures/protocols";
import { server } from "../../tests/msw/server";
import { openSelect, renderApp } from "../../tests/render";

// Whole-page journeys on a 2-core machine: several renders of the full home page each.
vi.setConfig({ testTimeout: 30_000 });

// The first render of a page loads its code: slow on a loaded machine.
const LOADED = { timeout: 15_000 };

const ROWS = [...protocolRows, ...otherClassRows, trackedRow].sort((a, b) => a.name.localeCompare(b.name));

function serve() {
  server.use(
    http.get("*/rest/v1/protocols", () => HttpResponse.json(ROWS)),
    http.get("*/rest/v1/protocol_tvl_history", () => HttpResponse.json([])),
  );
}

async function renderHome(path = "/") {
  serve();
  const view = renderApp(path);
  await screen.findByText(/^Showing \d+ of 19 protocols/, {}, LOADED);
  return view;
}

const classesOf = (within_: HTMLElement) =>
  within(within(within_).getByRole("list", { name: "Asset classes" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent);

describe("'Other' in the directory", () => {
  it("shows on the card as 'Other', alone or after the row's class", async () => {
    await renderHome("/?asset=other");
    expect(classesOf(screen.getByRole("article", { name: "Reinsurance Pool" }))).toEqual(["Other"]);
    expect(classesOf(screen.getByRole("article", { name: "Mixed Strategies" }))).toEqual(["US Treasuries", "Other"]);
  });

  it("is offered after the six (before 'Unclassified') and filters on the rows that have it", async () => {
    const { user } = await renderHome();
    const listbox = await openSelect(user, screen.getByRole("combobox", { name: /asset class/i }));
    expect(
      within(listbox)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([
      "All asset classes",
      "US Treasuries",
      "Private Credit",
      "Real Estate",
      "Commodities",
      "Carbon Credits",
      "Equities",
      "Other",
      "Unclassified",
    ]);
    await user.click(within(listbox).getByRole("option", { name: "Other" }));
    expect(await screen.findByText("Showing 2 of 19 protocols")).toBeInTheDocument();
    expect(screen.getAllByRole("article").map((card) => within(card).getByRole("heading").textContent)).toEqual([
      "Mixed Strategies",
      "Reinsurance Pool",
    ]);
  });

  it("is not counted as an asset class in the statistics: the six stay six", async () => {
    await renderHome();
    const stats = screen.getByRole("heading", { name: "Explore the RWA Protocol Ecosystem" }).closest("section")!;
    const tile = (label: string) => within(stats).getByText(label).nextElementSibling?.firstElementChild?.textContent;
    expect(tile("Protocols")).toBe("19");
    expect(tile("Asset Classes")).toBe("6");
  });

  it("shows as 'Other' in the comparison", async () => {
    const { user } = await renderHome("/?asset=other");
    for (const name of ["Mixed Strategies", "Reinsurance Pool"])
      await user.click(screen.getByRole("checkbox", { name: `Select ${name} for comparison` }));
    await user.click(screen.getByRole("button", { name: "Compare in Dashboard" }));
    const dialog = await screen.findByRole("dialog", { name: "Protocol Comparison Dashboard" });
    const cells = within(within(dialog).getByRole("rowheader", { name: "Asset Classes" }).closest("tr")!).getAllByRole(
      "cell",
    );
    expect(cells.map((cell) => classesOf(cell))).toEqual([["US Treasuries", "Other"], ["Other"]]);
  });
});

describe("'Other' on the protocol page", () => {
  it("shows in the header, and finds no similar protocols when it is the first class", async () => {
    serve();
    renderApp("/protocols/reinsurance-pool");
    const header = (await screen.findByRole("heading", { level: 1, name: "Reinsurance Pool" }, LOADED)).closest(
      "header",
    )!;
    expect(classesOf(header)).toEqual(["Other"]);
    // A reviewed row: no 'not reviewed yet' note.
    expect(within(header).queryByText(/not reviewed yet/)).not.toBeInTheDocument();
    // 'Other' groups unlike assets (reinsurance, a venture fund): no class to share.
    expect(screen.queryByRole("region", { name: "Similar protocols" })).not.toBeInTheDocument();
  });

  it("finds similar protocols by the first class when 'Other' comes after it", async () => {
    serve();
    renderApp("/protocols/mixed-strategies");
    const header = (await screen.findByRole("heading", { level: 1, name: "Mixed Strategies" }, LOADED)).closest(
      "header",
    )!;
    expect(classesOf(header)).toEqual(["US Treasuries", "Other"]);
    const similar = await screen.findByRole("region", { name: "Similar protocols" });
    expect(within(similar).getAllByRole("link")).toHaveLength(3);
    expect(within(similar).queryByRole("link", { name: "Reinsurance Pool" })).not.toBeInTheDocument();
  });
});
