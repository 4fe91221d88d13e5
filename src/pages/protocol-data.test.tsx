// The protocol route's loader reads the page's own data before the page commits (pages/
// protocol-data.ts): the page opens whole, with no section still loading, and a failed read is
// still that section's own error, never a page that does not open.
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { productRows } from "../../tests/fixtures/products";
import { server } from "../../tests/msw/server";
import { apollo, APOLLO_PATH, history, POINTS } from "../../tests/protocol-page";
import { renderApp } from "../../tests/render";

vi.mock("@/features/protocols/history/history-chart", () => import("../../tests/history-chart-marker"));

const LOADING = [
  "Loading products...",
  "Loading TVL history...",
  "Loading yield history...",
  "Loading risk factors...",
  "Loading changes...",
];

/** The reads the page asked for, by table (the protocols list aside). */
function readsSeen(): string[] {
  const tables: string[] = [];
  server.events.on("request:start", ({ request }) => {
    const table = new URL(request.url).pathname.split("/").pop()!;
    if (request.method === "GET" && table !== "protocols") tables.push(table);
  });
  return tables;
}

describe("the protocol page's loader", () => {
  it("opens the page with every section's answer in its first render: no section is still loading", async () => {
    history(POINTS);
    const tables = readsSeen();
    renderApp(APOLLO_PATH);

    await screen.findByRole("heading", { level: 1, name: apollo.name });
    // Right away, with no waiting: the first commit already holds the answers.
    for (const text of LOADING) expect(screen.queryByText(text)).not.toBeInTheDocument();
    // Each read once (the risk section's two reads are both of protocol_changes' kind and of the
    // factors): the sections use the loader's answers and ask for nothing again.
    const expected = ["protocol_tvl_history", "protocol_yield_history", "protocol_risk_factors", "protocol_changes"];
    if ((productRows[apollo.id] ?? []).length > 0) expected.push("products");
    expect(new Set(tables)).toEqual(new Set(expected));
    expect(tables.filter((table) => table !== "protocol_changes").length).toBe(expected.length - 1);
  });

  it("still opens the page when a read fails: that section says so, the others show their answers", async () => {
    const seen = history([], 500);
    renderApp(APOLLO_PATH);

    await screen.findByRole("heading", { level: 1, name: apollo.name });
    expect(screen.getByText("Error loading TVL history")).toBeInTheDocument();
    expect(screen.getByText("relation does not exist")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Key figures" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Yield history" })).toBeInTheDocument();
    for (const text of LOADING) expect(screen.queryByText(text)).not.toBeInTheDocument();
    // Asked once: the section shows the loader's failure, it does not ask again as it mounts.
    expect(seen).toHaveLength(1);
  });

  it("reads nothing for a slug the list does not hold: the page says it was not found", async () => {
    const tables = readsSeen();
    // React Router's own log for a page not found (protocol.test.tsx checks it).
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderApp("/protocols/no-such-protocol");

    expect(await screen.findByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeInTheDocument();
    expect(tables).toEqual([]);
  });

  it("waits for a slow read rather than opening on a loading state", async () => {
    // The change list and the risk section's rating changes both read protocol_changes: both wait.
    const held: Array<() => void> = [];
    server.use(
      http.get("*/rest/v1/protocol_changes", async () => {
        await new Promise<void>((resolve) => held.push(resolve));
        return HttpResponse.json([]);
      }),
    );
    history(POINTS);
    renderApp(APOLLO_PATH);

    await vi.waitFor(() => expect(held).toHaveLength(2));
    expect(screen.queryByRole("heading", { level: 1, name: apollo.name })).not.toBeInTheDocument();
    for (const release of held) release();
    await screen.findByRole("heading", { level: 1, name: apollo.name });
    expect(screen.queryByText("Loading changes...")).not.toBeInTheDocument();
  });
});
