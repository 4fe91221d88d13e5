import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { protocolRows } from "../../tests/fixtures/protocols";
import { server } from "../../tests/msw/server";
import { renderApp } from "../../tests/render";

const apollo = protocolRows[0]!;
const APOLLO_PATH = "/protocols/apollo-acred-securitize";

/** Holds the protocols read until `release()`, and counts the reads. */
function holdProtocols() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const reads = { count: 0 };
  server.use(
    http.get("*/rest/v1/protocols", async () => {
      reads.count += 1;
      await held;
      return HttpResponse.json(protocolRows);
    }),
    http.get("*/rest/v1/protocol_tvl_history", () => HttpResponse.json([])),
    http.get("*/rest/v1/protocol_yield_history", () => HttpResponse.json([])),
  );
  return { release, reads };
}

describe("routes", () => {
  it("keeps the current page, saying 'Loading page...', until the next page's data is in", async () => {
    const { release, reads } = holdProtocols();
    const { router } = renderApp("/privacy-policy");
    await screen.findByRole("heading", { level: 1, name: "Privacy Policy" });
    expect(reads.count).toBe(0);
    expect(screen.queryByText("Loading page...")).not.toBeInTheDocument();

    await router.navigate(APOLLO_PATH);
    expect(await screen.findByRole("status")).toHaveTextContent("Loading page...");
    expect(screen.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument();
    expect(reads.count).toBe(1);

    release();
    expect(await screen.findByRole("heading", { level: 1, name: apollo.name })).toBeInTheDocument();
    expect(screen.queryByText("Loading page...")).not.toBeInTheDocument();
  });

  it("opens a protocol page straight on the protocol, behind the site's header and footer until then", async () => {
    const { release } = holdProtocols();
    renderApp(APOLLO_PATH);
    expect(await screen.findByRole("status")).toHaveTextContent("Loading page...");
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();

    release();
    expect(await screen.findByRole("heading", { level: 1, name: apollo.name })).toBeInTheDocument();
    expect(screen.queryByText("Loading page...")).not.toBeInTheDocument();
  });

  it("never reads the list again after a failed read: after the home page's read failed, a protocol page shows that failure", async () => {
    let reads = 0;
    server.use(
      http.get("*/rest/v1/protocols", () => {
        reads += 1;
        return HttpResponse.json({ message: "Database unavailable" }, { status: 503 });
      }),
    );
    const { router } = renderApp("/");
    expect(await screen.findByText("Error loading protocols")).toBeInTheDocument();

    await router.navigate(APOLLO_PATH);
    expect(await screen.findByRole("heading", { level: 1, name: "Protocol details" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Database unavailable");
    expect(reads).toBe(1);
  });
});

describe("the live mark on #root (src/app/live-mark.ts)", () => {
  it("is set once the app's own tree is in, for the tests that must not act on a prerendered frame", async () => {
    const root = document.body.appendChild(document.createElement("div"));
    root.id = "root";
    expect(root).not.toHaveAttribute("data-live");
    renderApp("/privacy-policy");
    await screen.findByRole("heading", { level: 1, name: "Privacy Policy" });
    expect(root).toHaveAttribute("data-live", "");
    root.remove();
  });
});
