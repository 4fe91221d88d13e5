import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { server } from "../../tests/msw/server";
import { renderApp } from "../../tests/render";

describe("a protocol page's recent changes", () => {
  // The TVL history has no default answer: these pages show none.
  beforeEach(() => server.use(http.get("*/rest/v1/protocol_tvl_history", () => HttpResponse.json([]))));

  it("lists the protocol's changes in words and links its own feed and the whole log", async () => {
    renderApp("/protocols/centrifuge");
    const section = await screen.findByRole("region", { name: "Recent changes" });
    expect(await within(section).findByText("Centrifuge TVL fell 25% to $1.2B")).toBeInTheDocument();
    expect(within(section).getAllByRole("listitem")).toHaveLength(1);
    expect(within(section).getByRole("link", { name: "Follow Centrifuge's changes (Atom feed)" })).toHaveAttribute(
      "href",
      "http://127.0.0.1:54321/functions/v1/feed?protocol=centrifuge",
    );
    expect(within(section).getByRole("link", { name: "All changes" })).toHaveAttribute("href", "/changes");
  });

  it("says so when the protocol has none", async () => {
    renderApp("/protocols/realt");
    const section = await screen.findByRole("region", { name: "Recent changes" });
    expect(await within(section).findByText("No changes recorded yet.")).toBeInTheDocument();
  });

  it("shows a failed read inside the section only: the figures stay", async () => {
    server.use(
      http.get("*/rest/v1/protocol_changes", () => HttpResponse.json({ message: "upstream timeout" }, { status: 504 })),
    );
    renderApp("/protocols/lofty");
    const section = await screen.findByRole("region", { name: "Recent changes" });
    expect(await within(section).findByRole("alert")).toHaveTextContent("Error loading changes: upstream timeout");
    expect(screen.getByRole("heading", { level: 1, name: "Lofty" })).toBeInTheDocument();
  });
});
