import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { productRows } from "../../tests/fixtures/products";
import { server } from "../../tests/msw/server";
import { renderApp } from "../../tests/render";

// The protocol page's Products section (issue 28): every token with its own terms, time to cash and
// yield after fees, each figure with the page that states it and its dates.
vi.mock("@/features/protocols/history/history-chart", () => ({ HistoryChart: () => null }));

beforeEach(() => {
  server.use(http.get("*/rest/v1/protocol_tvl_history", () => HttpResponse.json([])));
  sessionStorage.clear();
});

const ONDO_PATH = "/protocols/ondo-finance-ousg-usdy";
const ONDO_ID = "0b6f4a8e-2d1c-4f53-9a1e-7c3d5e9f0a11";

async function productsSection() {
  const section = (await screen.findByRole("heading", { level: 2, name: /^Products/ })).closest("section")!;
  await waitFor(() => expect(within(section).getAllByText(/ · read on /).length).toBeGreaterThan(0));
  return section;
}

describe("the Products section, wide screens (a table)", () => {
  const realMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      ...realMatchMedia(query),
      matches: query.includes("min-width: 1024px"),
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it("gives OUSG and USDY each their own access, minimum, time to cash, fees and yield after fees", async () => {
    renderApp(ONDO_PATH);
    const section = await productsSection();
    expect(within(section).getByRole("heading", { level: 2 })).toHaveTextContent("Products2 products");
    const table = within(section).getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Product", "Access", "KYC", "Minimum", "Time to cash", "Fees", "Yield", "Yield after fees"]);
    const row = (symbol: string) =>
      within(table)
        .getByRole("rowheader", { name: new RegExp(`^${symbol}`) })
        .closest("tr")!;
    const ousg = within(row("OUSG")).getAllByRole("cell");
    expect(ousg[0]).toHaveTextContent(/^Qualified purchasers/);
    expect(ousg[2]).toHaveTextContent(/^\$100K\$10,000 for instant mints and redemptions/);
    expect(ousg[3]).toHaveTextContent(/^Same day \(USDC swap\)/);
    expect(ousg[4]).toHaveTextContent(/^0\.15% management/);
    expect(ousg[5]).toHaveTextContent(/^3\.49%DefiLlama's pools, net of the management fee/);
    // Already net: nothing more comes off; no one-off fee.
    expect(ousg[6]).toHaveTextContent(
      /^3\.49%\$3,490 kept on \$100K over 1 year \(yield already net of the management fee\)/,
    );
    const usdy = within(row("USDY")).getAllByRole("cell");
    expect(usdy[0]).toHaveTextContent(/^Retail, non-US only/);
    expect(usdy[2]).toHaveTextContent(/^\$500/);
    expect(usdy[3]).toHaveTextContent(/^Queue: usually under 24 h, no guaranteed maximum/);
    // 3.56% less the 0.2% redemption fee over one year.
    expect(usdy[6]).toHaveTextContent(/^3\.36%/);
  });

  it("links each figure's page with its kind and dates, and a 'Not disclosed' to the page checked", async () => {
    renderApp("/protocols/blackrock-buidl-securitize");
    const section = await productsSection();
    const kyc = within(section).getByRole("link", {
      name: "BUIDL KYC source: Prospectus, 20 Mar 2024 · read on 27 Nov 2026 (opens in a new tab)",
    });
    expect(kyc).toHaveAttribute("href", "https://example.com/docs/buidl-terms");
    expect(kyc.closest("td")).toHaveTextContent(/^Not disclosed/);
    // The issuer's stated yield (no pool), gross: the 0.50% management fee comes off; $5M minimum.
    const cells = within(within(section).getByRole("table")).getAllByRole("cell");
    expect(cells[5]).toHaveTextContent(/^4\.10%Issuer's stated yield, before the management fee/);
    expect(
      within(cells[5]!).getByRole("link", { name: /BUIDL yield source: Fact sheet, 31 Oct 2026/ }),
    ).toBeInTheDocument();
    expect(cells[6]).toHaveTextContent(/^Below the \$5M minimum/);
  });

  it("works yield after fees out again for the holding the visitor enters, and says when it is out of bounds", async () => {
    const { user } = renderApp("/protocols/blackrock-buidl-securitize");
    const section = await productsSection();
    const amount = within(section).getByRole("spinbutton", { name: "Amount (US dollars)" });
    await user.clear(amount);
    await user.type(amount, "5000000");
    const years = within(section).getByRole("spinbutton", { name: "Holding period (years)" });
    await user.clear(years);
    await user.type(years, "2");
    const after = within(within(section).getByRole("table")).getAllByRole("cell")[6]!;
    await waitFor(() => expect(after).toHaveTextContent(/^3\.60%\$360K kept on \$5M over 2 years/));
    await user.clear(years);
    await user.type(years, "0");
    expect(within(section).getByText("Enter 0.25 to 30 years.")).toBeInTheDocument();
    expect(years).toHaveAttribute("aria-invalid", "true");
    // The last good holding stays in force.
    expect(after).toHaveTextContent(/over 2 years/);
  });

  it("lists each product's notes, a link in one rendered as a link", async () => {
    renderApp(ONDO_PATH);
    const section = await productsSection();
    expect(within(section).getByRole("link", { name: "OUSG overview (opens in a new tab)" })).toHaveAttribute(
      "href",
      "https://example.com/docs/ousg-overview",
    );
  });

  it("says so when the products cannot be loaded, and keeps the rest of the page", async () => {
    server.use(
      http.get("*/rest/v1/products", () => HttpResponse.json({ message: "relation does not exist" }, { status: 500 })),
    );
    renderApp(ONDO_PATH);
    expect(await screen.findByText("The products could not be loaded: relation does not exist")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Key figures" })).toBeInTheDocument();
  });
});

describe("a product outside the six asset classes", () => {
  it("shows 'Other (<asset note>)' as its class, beside a product of one of the six", async () => {
    const rows = productRows[ONDO_ID]!.map((row, i) =>
      i === 0 ? { ...row, asset_class: "Other", asset_note: "Reinsurance" } : row,
    );
    server.use(http.get("*/rest/v1/products", () => HttpResponse.json(rows)));
    renderApp(ONDO_PATH);
    const section = await productsSection();
    const ousg = within(section).getByRole("heading", { level: 3, name: /^OUSG/ }).closest("li")!;
    expect(within(ousg).getByText("Other (Reinsurance)")).toBeInTheDocument();
    const usdy = within(section).getByRole("heading", { level: 3, name: /^USDY/ }).closest("li")!;
    expect(within(usdy).getByText("US Treasuries")).toBeInTheDocument();
  });
});

describe("the Products section on a phone (stacked)", () => {
  it("gives each product its own block with the same figures", async () => {
    renderApp(ONDO_PATH);
    const section = await productsSection();
    expect(within(section).queryByRole("table")).not.toBeInTheDocument();
    const usdy = within(section).getByRole("heading", { level: 3, name: /^USDY/ }).closest("li")!;
    expect(within(usdy).getByText("Time to cash").nextElementSibling).toHaveTextContent(
      /^Queue: usually under 24 h, no guaranteed maximum/,
    );
    expect(within(usdy).getByText("Minimum").nextElementSibling).toHaveTextContent(/^\$500/);
  });
});

describe("the page's minimum and terms with products", () => {
  it("reads 'from $500' with the products as its source, and shows no protocol-wide term sheet", async () => {
    renderApp(ONDO_PATH);
    await productsSection();
    const figures = screen.getByRole("heading", { level: 2, name: "Key figures" }).closest("section")!;
    const minimum = within(figures).getByText("Min Investment").closest("div")!;
    expect(minimum).toHaveTextContent(/from \$500/);
    expect(within(minimum).getByRole("link", { name: "Per product, below" })).toHaveAttribute("href", "#products");
    expect(screen.queryByRole("heading", { level: 2, name: "Terms" })).not.toBeInTheDocument();
    expect(productRows[ONDO_ID]).toHaveLength(2);
  });

  it("keeps the term sheet for a protocol without products, and asks for none", async () => {
    const asked: string[] = [];
    server.use(
      http.get("*/rest/v1/products", ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json([]);
      }),
    );
    renderApp("/protocols/apollo-acred-securitize");
    expect(await screen.findByRole("heading", { level: 2, name: "Terms" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { level: 2, name: /^Products/ })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
