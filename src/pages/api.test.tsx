import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../tests/render";

describe("the open API page", () => {
  it("explains the REST API, the feed, the files, the licence and the limits, with commands to copy", async () => {
    renderApp("/api");
    expect(await screen.findByRole("heading", { level: 1, name: "Build on the data" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Open API | RWA Atlas"));
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "The REST API",
      "The Atom feed",
      "Files",
      "Licence",
      "Rate limits",
    ]);
    expect(screen.getByRole("link", { name: "OpenAPI 3.1 document" })).toHaveAttribute("href", "/openapi.json");

    const rest = screen.getByRole("region", { name: "The REST API" });
    const protocols = within(rest).getByRole("figure", { name: "Every protocol's TVL with its date and source" });
    expect(protocols).toHaveTextContent(
      'curl "http://127.0.0.1:54321/rest/v1/protocols?select=id,name,tvl_usd,tvl_as_of,tvl_source_url&order=name.asc"',
    );
    expect(protocols).toHaveTextContent(/-H "apikey: eyJ/);

    const feed = screen.getByRole("region", { name: "The Atom feed" });
    expect(within(feed).getByRole("figure", { name: "One protocol's feed" })).toHaveTextContent(
      'curl "http://127.0.0.1:54321/functions/v1/feed?protocol=centrifuge"',
    );
    expect(within(feed).getByRole("link", { name: "What changed" })).toHaveAttribute("href", "/changes");

    const licence = screen.getByRole("region", { name: "Licence" });
    expect(within(licence).getByRole("link", { name: "CC BY 4.0" })).toHaveAttribute(
      "href",
      "https://creativecommons.org/licenses/by/4.0/",
    );
    expect(screen.getByRole("region", { name: "Rate limits" })).toHaveTextContent(
      "We set no limit per visitor on reads. One REST answer holds at most 1,000 rows",
    );
  });

  it("is linked from every page's footer, with the change log", async () => {
    renderApp("/privacy-policy");
    await screen.findByRole("heading", { level: 1, name: "Privacy Policy" });
    const footer = screen.getByRole("navigation", { name: "Footer" });
    expect(within(footer).getByRole("link", { name: "Open API" })).toHaveAttribute("href", "/api");
    expect(within(footer).getByRole("link", { name: "What changed" })).toHaveAttribute("href", "/changes");
  });
});
