import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { changeRows } from "../../tests/fixtures/changes";
import { server } from "../../tests/msw/server";
import { chooseOption, renderApp } from "../../tests/render";

const titles = () =>
  within(screen.getByRole("list"))
    .getAllByRole("listitem")
    .map((item) => item.querySelector("p:nth-of-type(2)")?.textContent);

describe("the change log page", () => {
  it("lists the changes newest first, in words, each with old → new, its source and its protocol's page", async () => {
    renderApp("/changes");
    expect(await screen.findByRole("heading", { level: 1, name: "What changed" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("What changed | RWA Atlas"));
    expect(screen.getByText("Showing 3 of 3 changes")).toBeInTheDocument();
    // The change of a protocol the directory does not list is left out.
    expect(titles()).toEqual([
      "Goldfinch (Prime) yield rose 1.5 points to 10.5%",
      "Centrifuge TVL fell 25% to $1.2B",
      "Lofty minimum investment changed from $50 to $100",
    ]);
    const centrifuge = screen.getByRole("link", { name: "Centrifuge TVL fell 25% to $1.2B" });
    expect(centrifuge).toHaveAttribute("href", "/protocols/centrifuge");
    const item = centrifuge.closest("li")!;
    expect(item).toHaveTextContent("Nov 20, 2026TVL");
    expect(item).toHaveTextContent("$1.6B → to $1.2B · A move of 10% or more in a day. · Source");
    expect(within(item).getByRole("link", { name: /^Source of this change to Centrifuge/ })).toHaveAttribute(
      "href",
      "https://defillama.com/protocol/centrifuge",
    );
    // A source that is not an http(s) page is never a link.
    const lofty = screen.getByRole("link", { name: /^Lofty minimum/ }).closest("li")!;
    expect(within(lofty).queryByRole("link", { name: /^Source/ })).toBeNull();

    expect(screen.getByRole("link", { name: "Atom feed of every change" })).toHaveAttribute(
      "href",
      "http://127.0.0.1:54321/functions/v1/feed",
    );
    expect(screen.getByRole("link", { name: "Build on the data: the open API" })).toHaveAttribute("href", "/api");
  });

  it("filters by kind and by asset class, together, and keeps the filters in the address", async () => {
    const { user, router } = renderApp("/changes");
    await screen.findByText("Showing 3 of 3 changes");
    await chooseOption(user, screen.getByRole("combobox", { name: "Asset class" }), "Private Credit");
    expect(await screen.findByText("Showing 2 of 3 changes")).toBeInTheDocument();
    await chooseOption(user, screen.getByRole("combobox", { name: "Kind" }), "TVL");
    expect(await screen.findByText("Showing 1 of 3 changes")).toBeInTheDocument();
    expect(titles()).toEqual(["Centrifuge TVL fell 25% to $1.2B"]);
    expect(new URLSearchParams(router.location.search).get("kind")).toBe("tvl");
    expect(new URLSearchParams(router.location.search).get("class")).toBe("Private Credit");
    await chooseOption(user, screen.getByRole("combobox", { name: "Kind" }), "Renamed");
    expect(await screen.findByText("No changes match these filters.")).toBeInTheDocument();
  });

  it("opens with the filters of its address; an unknown value filters nothing", async () => {
    renderApp("/changes?kind=yield&class=Nonsense");
    expect(await screen.findByText("Showing 1 of 3 changes")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Kind" })).toHaveTextContent("Yield");
    expect(screen.getByRole("combobox", { name: "Asset class" })).toHaveTextContent("All asset classes");
  });

  it("lists the newest 50, then 50 older per press, and a new filter starts from the newest again", async () => {
    // 120 TVL moves of Centrifuge, one a day back from 2026-11-20, then the fixture's yield change.
    const [yieldChange, tvlChange] = changeRows;
    const moves = Array.from({ length: 120 }, (_, i) => ({
      ...tvlChange!,
      id: 1000 - i,
      day: new Date(Date.UTC(2026, 10, 20 - i)).toISOString().slice(0, 10),
    }));
    server.use(http.get("*/rest/v1/protocol_changes", () => HttpResponse.json([yieldChange, ...moves])));
    const { user } = renderApp("/changes");
    expect(await screen.findByText("Showing 121 of 121 changes")).toBeInTheDocument();
    const listed = () => within(screen.getByRole("list")).getAllByRole("listitem");
    expect(listed()).toHaveLength(50);
    expect(screen.getByText("The newest 50 of 121 are listed.")).toBeInTheDocument();
    expect(titles()[0]).toBe("Goldfinch (Prime) yield rose 1.5 points to 10.5%");

    await user.click(screen.getByRole("button", { name: "Show 50 older changes" }));
    expect(listed()).toHaveLength(100);
    await user.click(screen.getByRole("button", { name: "Show 21 older changes" }));
    expect(listed()).toHaveLength(121);
    expect(screen.queryByRole("button", { name: /older change/ })).toBeNull();
    expect(screen.queryByText(/are listed\.$/)).toBeNull();
    const days = within(screen.getByRole("list"))
      .getAllByRole("listitem")
      .map((item) => item.querySelector("time")!.getAttribute("datetime")!);
    expect(days).toEqual([...days].sort().reverse());

    await chooseOption(user, screen.getByRole("combobox", { name: "Kind" }), "TVL");
    expect(await screen.findByText("Showing 120 of 121 changes")).toBeInTheDocument();
    expect(listed()).toHaveLength(50);
    expect(screen.getByText("The newest 50 of 120 are listed.")).toBeInTheDocument();
  });

  it("says so when nothing was recorded yet", async () => {
    server.use(http.get("*/rest/v1/protocol_changes", () => HttpResponse.json([])));
    renderApp("/changes");
    expect(await screen.findByText("No changes recorded yet.")).toBeInTheDocument();
  });

  it.each([
    [{ message: "permission denied for table protocol_changes" }, "permission denied for table protocol_changes"],
    [{}, "Failed to load changes"],
  ])("shows a failed read with the server's message, or the fallback (%j)", async (body, message) => {
    server.use(http.get("*/rest/v1/protocol_changes", () => HttpResponse.json(body, { status: 500 })));
    renderApp("/changes");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Error loading changes");
    expect(alert).toHaveTextContent(message);
  });
});
