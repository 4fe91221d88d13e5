// The home page through the whole app: loading and errors, the loaded directory (statistics,
// grids, cards), and hostile data. Filters, the selection and the comparison:
// home-selection.test.tsx.
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { hostileRows } from "../../tests/fixtures/protocol-cases";
import { protocolRows } from "../../tests/fixtures/protocols";
import { card, cardNames, renderLoadedHome, TOTAL } from "../../tests/home-page";
import { server } from "../../tests/msw/server";
import { renderApp } from "../../tests/render";

describe("home: loading and errors", () => {
  it("says 'Loading protocols...' while the request is open and placeholders, not numbers, in the stats", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get("*/rest/v1/protocols", async () => {
        await held;
        return HttpResponse.json(protocolRows);
      }),
    );
    renderApp("/");
    expect(await screen.findByText("Loading protocols...")).toBeInTheDocument();
    const stats = screen.getByRole("heading", { name: "Explore the RWA Protocol Ecosystem" }).closest("section")!;
    expect(within(stats).getAllByText("—")).toHaveLength(3);
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();

    release();
    expect(await screen.findByText(`Showing ${TOTAL} of ${TOTAL} protocols`)).toBeInTheDocument();
    expect(screen.queryByText("Loading protocols...")).not.toBeInTheDocument();
  });

  it("shows the server's message under 'Error loading protocols', once, with no retry", async () => {
    let calls = 0;
    server.use(
      http.get("*/rest/v1/protocols", () => {
        calls += 1;
        return HttpResponse.json(
          { code: "XX000", message: "permission denied for table protocols", details: null, hint: null },
          { status: 500 },
        );
      }),
    );
    renderApp("/");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Error loading protocols")).toBeInTheDocument();
    expect(within(alert).getByText("permission denied for table protocols")).toBeInTheDocument();
    expect(screen.queryByText("Failed to load protocols")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /retry|try again/i })).not.toBeInTheDocument();
    expect(screen.queryAllByRole("article")).toHaveLength(0);
    expect(calls).toBe(1);
  });

  it("falls back to 'Failed to load protocols' when the error has no message", async () => {
    server.use(http.get("*/rest/v1/protocols", () => HttpResponse.json({ message: "" }, { status: 500 })));
    renderApp("/");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Error loading protocols")).toBeInTheDocument();
    expect(within(alert).getByText("Failed to load protocols")).toBeInTheDocument();
  });
});

describe("home: loaded directory", () => {
  it("shows the statistics for the data in the hero and the ecosystem section, and sets the title", async () => {
    await renderLoadedHome();
    const stats = screen.getByRole("heading", { name: "Explore the RWA Protocol Ecosystem" }).closest("section")!;
    const tile = (label: string) => within(stats).getByText(label).nextElementSibling?.firstElementChild?.textContent;
    expect(tile("Protocols")).toBe("16");
    expect(tile("Asset Classes")).toBe("6");
    expect(tile("Total TVL")).toBe("$15.1B");
    expect(within(stats).getByText(/Across 10 blockchains/)).toBeInTheDocument();

    const hero = screen.getByRole("heading", { level: 1 }).closest("section")!;
    expect(hero).toHaveTextContent(/Wall Street/);
    expect(within(hero).getByText("$15.1B")).toBeInTheDocument();
    expect(within(hero).getByText("16")).toBeInTheDocument();
    expect(within(hero).getByText("6")).toBeInTheDocument();
    // The target, or 'opening soon' once it has passed (launch-target.test.tsx fixes the day).
    expect(hero).toHaveTextContent(/Early access (Q1 2026|opening soon)/);
    await waitFor(() => expect(document.title).toMatch(/RWA Atlas/));
  });

  it("shows the first 9 in the first grid, the promo, then 3 + 3 faded of the rest, and expands on demand", async () => {
    const { user } = await renderLoadedHome();
    const names = protocolRows.map((row) => row.name);
    // 9 + 3 clear cards are reachable; the 3 faded ones are hidden from assistive tech.
    expect(cardNames()).toEqual(names.slice(0, 12));
    const faded = document.querySelectorAll("[data-faded]");
    expect(faded).toHaveLength(3);
    for (const item of faded) {
      expect(item).toHaveAttribute("aria-hidden", "true");
      expect(item).toHaveAttribute("inert");
    }
    expect(faded[0]).toHaveTextContent(names[12]!);
    // The 16th is not rendered at all while collapsed.
    expect(screen.queryByText(names[15]!)).not.toBeInTheDocument();

    expect(screen.getByText("COMING SOON")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Want Portfolio Analytics?" })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Track your RWA holdings. Calculate risk metrics. Optimize allocation. Built with TradFi expertise.",
      ),
    ).toBeInTheDocument();

    const showAll = screen.getByRole("button", { name: `Show All ${TOTAL} Protocols` });
    expect(showAll).toHaveAttribute("aria-expanded", "false");
    await user.click(showAll);
    expect(cardNames()).toEqual(names);
    expect(document.querySelectorAll("[data-faded]")).toHaveLength(0);
    const showLess = screen.getByRole("button", { name: "Show Less" });
    expect(showLess).toHaveAttribute("aria-expanded", "true");
    await user.click(showLess);
    expect(cardNames()).toHaveLength(12);
  });

  it("renders a card's figures, tags, '+N' chains and a safe external link", async () => {
    await renderLoadedHome();
    const backed = card("Backed Finance (bTokens)");
    expect(within(backed).getByText(/Swiss 1:1-backed tracker certificates/)).toHaveAttribute(
      "title",
      expect.stringMatching(/^Swiss/),
    );
    expect(within(backed).getByText("TVL").nextElementSibling).toHaveTextContent("$100M");
    expect(within(backed).getByText("Yield").nextElementSibling).toHaveTextContent("N/A");
    expect(within(backed).getByText("Risk").nextElementSibling).toHaveTextContent("Medium");
    expect(within(backed).getByText("Min Investment").nextElementSibling).toHaveTextContent("None (secondary market)");
    const chains = within(backed).getByRole("list", { name: "Blockchains" });
    expect(
      within(chains)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Ethereum", "Base", "Gnosis Chain", "+2"]);
    expect(within(chains).getByText("+2")).toHaveAttribute("aria-label", "2 more: Polygon, Optimism");
    expect(within(backed).getByRole("list", { name: "Asset classes" })).toHaveTextContent("EquitiesUS Treasuries");

    const link = within(backed).getByRole("link", {
      name: "Visit Protocol: Backed Finance (bTokens) (opens in a new tab)",
    });
    expect(link).toHaveTextContent("Visit Protocol");
    expect(link).toHaveAttribute("href", "https://backed.fi");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");

    // Three chains exactly: no '+N'.
    expect(within(card("Centrifuge")).queryByText(/^\+\d/)).not.toBeInTheDocument();
  });
});

describe("home: hostile data", () => {
  it("renders bad rows as text without links or crashes, and keeps them out of totals", async () => {
    server.use(http.get("*/rest/v1/protocols", () => HttpResponse.json(hostileRows)));
    renderApp("/");
    await screen.findByText("Showing 2 of 2 protocols");
    const evil = screen.getByRole("article", { name: "<img src=x onerror=alert(1)>Evil Yield" });
    expect(document.querySelector("img")).toBeNull();
    expect(within(evil).getByText("Not rated")).toBeInTheDocument();
    expect(within(evil).getByText("TVL").nextElementSibling).toHaveTextContent("lots");
    expect(within(evil).getByText("Min Investment").nextElementSibling).toHaveTextContent("—");
    expect(within(evil).queryByRole("link", { name: /Visit Protocol/ })).not.toBeInTheDocument();
    expect(within(evil).getByRole("link", { name: "<img src=x onerror=alert(1)>Evil Yield" })).toHaveAttribute(
      "href",
      "/protocols/img-src-x-onerror-alert-1-evil-yield",
    );
    expect(within(evil).queryByRole("list", { name: "Asset classes" })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole("article", { name: "Data Link Fund" })).queryByRole("link", { name: /Visit Protocol/ }),
    ).not.toBeInTheDocument();
    const stats = screen.getByRole("heading", { name: "Explore the RWA Protocol Ecosystem" }).closest("section")!;
    expect(within(stats).getByText("Total TVL").nextElementSibling).toHaveTextContent(/^\$5M/);
  });

  it("shows an empty directory honestly when the table has no rows", async () => {
    server.use(http.get("*/rest/v1/protocols", () => HttpResponse.json([])));
    renderApp("/");
    await screen.findByText("Showing 0 of 0 protocols");
    expect(screen.queryByText("Want Portfolio Analytics?")).not.toBeInTheDocument();
  });
});
