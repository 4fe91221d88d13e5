import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { protocolRows } from "../../../../tests/fixtures/protocols";
import { APOLLO_ID, riskFactorRows } from "../../../../tests/fixtures/risk-factors";
import { server } from "../../../../tests/msw/server";
import { renderApp } from "../../../../tests/render";

vi.mock("@/features/protocols/tvl-chart", () => ({ TvlChart: () => <div data-testid="tvl-chart" /> }));

const apollo = protocolRows.find((row) => row.id === APOLLO_ID)!;

/** The history is not under test here: an empty one. Returns the risk requests seen. */
function serve(factors?: { status: number; message: string }) {
  const seen: URL[] = [];
  server.use(
    http.get("*/rest/v1/protocol_tvl_history", () => HttpResponse.json([])),
    http.get("*/rest/v1/protocol_risk_factors", ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      if (factors) return HttpResponse.json({ message: factors.message }, { status: factors.status });
      return HttpResponse.json(riskFactorRows[url.searchParams.get("protocol_id")!.slice(3)] ?? []);
    }),
  );
  return seen;
}

/** The whole home page (cards, filters, stats) renders slowly on a loaded 2-core machine. */
const homeLoaded = () => screen.findByText(/^Showing \d+ of \d+ protocols/, {}, { timeout: 15_000 });

async function riskSection() {
  const section = await screen.findByRole("region", { name: "Risk" });
  await within(section).findByRole("list", { name: /^Risk factors of / });
  return section;
}

describe("the protocol page's Risk section", () => {
  it("shows the overall level and all seven factors with their evidence, Unknown muted", async () => {
    const seen = serve();
    renderApp("/protocols/apollo-acred-securitize");
    const section = await riskSection();
    expect(section).toHaveAttribute("id", "risk");

    // The exact request: one protocol's rows, only on its page.
    expect(seen).toHaveLength(1);
    expect(seen[0]!.search).toBe(
      `?select=factor%2Clevel%2Cfinding%2Csource_url%2Csource_kind%2Csource_tier%2Cdocument_date%2Cread_on%2Ccomputed&protocol_id=eq.${APOLLO_ID}`,
    );

    expect(within(section).getByText("Overall").parentElement).toHaveTextContent(/^OverallMedium$/);
    expect(section).toHaveTextContent(
      "Computed from the seven factors below by our published rule. 6 of 7 factors have evidence.",
    );
    expect(section).toHaveTextContent("Rule version 1.1.");
    expect(within(section).getByRole("link", { name: "How we rate risk" })).toHaveAttribute("href", "/methodology");

    const list = within(section).getByRole("list", { name: `Risk factors of ${apollo.name}` });
    // The factors themselves, not the changes listed inside them.
    const items = within(list)
      .getAllByRole("listitem")
      .filter((item) => item.parentElement === list);
    expect(items.map((item) => within(item).getByRole("heading", { level: 3 }).textContent)).toEqual([
      "Underlying asset",
      "Legal structure and claim",
      "Custody and transparency",
      "Redemption liquidity",
      "Smart contract and platform",
      "Track record and scale",
      "Regulation",
    ]);
    // The assessment in words, the finding, the kind of document, its date, the day read, the tier
    // and the page that states it.
    const asset = items[0]!;
    expect(asset).toHaveTextContent("Assessment: High");
    expect(asset).toHaveTextContent("The fund lends mostly as private credit.");
    expect(asset).toHaveTextContent("Fact sheet, 30 Sep 2026 · read on 25 Nov 2026 · primary");
    expect(within(asset).getByText("30 Sep 2026")).toHaveAttribute("datetime", "2026-09-30");
    expect(within(asset).getByText("25 Nov 2026")).toHaveAttribute("datetime", "2026-11-25");
    // A month, and 'undated', as the document states them.
    expect(items[1]).toHaveTextContent("Press article, Jun 2025 · read on 25 Nov 2026 · secondary");
    expect(within(items[1]!).getByText("Jun 2025")).toHaveAttribute("datetime", "2025-06");
    expect(items[2]).toHaveTextContent("SEC filing, undated · read on 25 Nov 2026 · primary");
    const link = within(asset).getByRole("link", {
      name: `Underlying asset source for ${apollo.name}: example.com (opens in a new tab)`,
    });
    expect(link).toHaveAttribute("href", "https://example.com/apollo/fact-sheet.pdf");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    // 'www.' is not part of the name a reader sees.
    expect(within(items[2]!).getByRole("link")).toHaveTextContent("sec.gov");

    // A computed factor says what it was computed from, and when.
    expect(items[5]).toHaveTextContent("Computed from DefiLlama data of 5 Sep 2026");
    // No evidence: 'Unknown', with the reason; never blank, never a link (its muted look: the screenshots).
    const contract = items[4]!;
    expect(contract).toHaveTextContent("Assessment: Unknown");
    expect(within(contract).getByText("No evidence found yet")).toBeVisible();
    expect(within(contract).getByText("Unknown", { exact: true })).toBeVisible();
    expect(within(contract).queryByRole("link")).not.toBeInTheDocument();
  });

  it("lists the rating's changes: each factor's under it, the overall level's under the summary, newest first", async () => {
    serve();
    renderApp("/protocols/apollo-acred-securitize");
    const section = await riskSection();
    const overall = await within(section).findByRole("list", { name: "Changes to the overall level" });
    expect(
      within(overall)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Changed on 27 Nov 2026: High → Medium", "Changed on 1 Oct 2026: Not rated → High"]);
    const legal = within(section).getByRole("list", { name: "Changes to Legal structure and claim" });
    expect(legal).toHaveTextContent(/^Changed on 27 Nov 2026: High → Medium$/);
    expect(within(legal).getByText("27 Nov 2026")).toHaveAttribute("datetime", "2026-11-27");
    // Only the factors that changed list changes; a TVL move is not the rating's.
    expect(within(section).getAllByRole("list", { name: /^Changes to / })).toHaveLength(2);
    expect(section).not.toHaveTextContent("$120M");
  });

  it("keeps the factors when the changes fail to load, and says so", async () => {
    serve();
    server.use(
      http.get("*/rest/v1/protocol_changes", () =>
        HttpResponse.json({ message: 'relation "protocol_changes" does not exist' }, { status: 404 }),
      ),
    );
    renderApp("/protocols/apollo-acred-securitize");
    const section = await riskSection();
    expect(await within(section).findByRole("alert")).toHaveTextContent(
      'Error loading the rating\'s changes: relation "protocol_changes" does not exist',
    );
    expect(within(section).getByRole("list", { name: `Risk factors of ${apollo.name}` })).toHaveTextContent(
      "The fund lends mostly as private credit.",
    );
  });

  it("says 'Not rated' and why when fewer than five factors have evidence", async () => {
    serve();
    server.use(
      http.get("*/rest/v1/protocols", () =>
        HttpResponse.json(protocolRows.map((row) => (row.name === "Centrifuge" ? { ...row, risk_level: null } : row))),
      ),
    );
    renderApp("/protocols/centrifuge");
    const section = await riskSection();
    expect(within(section).getByText("Overall").parentElement).toHaveTextContent(/^OverallNot rated$/);
    expect(section).toHaveTextContent(
      "Not rated: 2 of 7 factors have evidence, and we rate a protocol only once at least five do. We do not guess.",
    );
    expect(within(section).getAllByText("No evidence found yet")).toHaveLength(5);
  });

  it("says 'not reviewed yet' when the evidence suffices but no level is on record", async () => {
    serve();
    server.use(
      http.get("*/rest/v1/protocols", () =>
        HttpResponse.json(protocolRows.map((row) => (row.id === APOLLO_ID ? { ...row, risk_level: null } : row))),
      ),
    );
    renderApp("/protocols/apollo-acred-securitize");
    const section = await riskSection();
    expect(section).toHaveTextContent("Not rated: not reviewed yet.");
  });

  it("opens with the error, without hiding the rest of the page", async () => {
    serve({ status: 500, message: 'relation "protocol_risk_factors" does not exist' });
    renderApp("/protocols/apollo-acred-securitize");
    const section = await screen.findByRole("region", { name: "Risk" });
    // The route's loader met the failure before the page opened (pages/protocol-data.ts): no loading state.
    expect(within(section).queryByText("Loading risk factors...")).not.toBeInTheDocument();
    const alert = within(section).getByRole("alert");
    expect(alert).toHaveTextContent("Error loading the risk factors");
    expect(alert).toHaveTextContent('relation "protocol_risk_factors" does not exist');
    expect(screen.getByRole("region", { name: "Key figures" })).toBeInTheDocument();
    // The overall level is the protocol's own, and stays.
    expect(within(section).getByText("Overall").parentElement).toHaveTextContent(/^OverallMedium$/);
  });

  it("never loads the factors on the home page", async () => {
    const seen = serve();
    renderApp("/");
    await homeLoaded();
    expect(seen).toHaveLength(0);
  });
});

describe("the card's risk badge", () => {
  it("links to the protocol page's Risk section, which is scrolled into view", async () => {
    serve();
    const scrolled = vi.spyOn(Element.prototype, "scrollIntoView");
    const { user, router } = renderApp("/");
    await homeLoaded();

    const card = screen.getByRole("article", { name: apollo.name });
    const badge = within(card).getByRole("link", { name: "Risk: Medium, see the evidence" });
    expect(badge).toHaveAttribute("href", "/protocols/apollo-acred-securitize#risk");
    // The name's link and the badge's are the card's two ways to the page.
    expect(within(card).getByRole("link", { name: apollo.name })).toHaveAttribute(
      "href",
      "/protocols/apollo-acred-securitize",
    );

    await user.click(badge);
    const section = await riskSection();
    expect(router.location.pathname).toBe("/protocols/apollo-acred-securitize");
    await waitFor(() => expect(scrolled.mock.contexts).toContain(section));
  });

  it("names a protocol without a level 'Not rated'", async () => {
    serve();
    server.use(
      http.get("*/rest/v1/protocols", () =>
        HttpResponse.json(protocolRows.map((row) => (row.id === APOLLO_ID ? { ...row, risk_level: null } : row))),
      ),
    );
    renderApp("/");
    await homeLoaded();
    const card = screen.getByRole("article", { name: apollo.name });
    expect(within(card).getByRole("link", { name: "Risk: Not rated, see why" })).toHaveTextContent("Not rated");
  });

  it("does not scroll a page opened without #risk", async () => {
    serve();
    const scrolled = vi.spyOn(Element.prototype, "scrollIntoView");
    renderApp("/protocols/apollo-acred-securitize");
    await riskSection();
    expect(scrolled).not.toHaveBeenCalled();
  });
});
