import { QueryClient } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "../../tests/msw/server";
import { protocolQueryOptions, type ProtocolRead } from "./protocol-query";

const ROUTE = "*/rest/v1/protocol_things";
const read: ProtocolRead<string[]> = {
  key: "protocol-things",
  table: "protocol_things",
  select: "day,value",
  order: "day.asc",
  parse: (rows) => (Array.isArray(rows) ? rows.map((row: { day: string }) => row.day) : []),
  fallback: "Failed to load the things",
};
const fetchThings = (options = protocolQueryOptions(read, "p-1")) =>
  new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(options);

describe("protocolQueryOptions", () => {
  it("reads the protocol's rows of the table, in order, and hands them to the parse", async () => {
    const seen: URL[] = [];
    server.use(
      http.get(ROUTE, ({ request }) => {
        seen.push(new URL(request.url));
        return HttpResponse.json([{ day: "2026-09-04" }, { day: "2026-09-05" }]);
      }),
    );
    await expect(fetchThings()).resolves.toEqual(["2026-09-04", "2026-09-05"]);
    expect([...seen[0]!.searchParams]).toEqual([
      ["select", "day,value"],
      ["protocol_id", "eq.p-1"],
      ["order", "day.asc"],
    ]);
    expect(protocolQueryOptions(read, "p-1").queryKey).toEqual(["protocol-things", "p-1"]);
  });

  it("asks for no order when the table's rows have none", async () => {
    const seen: URL[] = [];
    server.use(http.get(ROUTE, ({ request }) => (seen.push(new URL(request.url)), HttpResponse.json([]))));
    await fetchThings(protocolQueryOptions({ ...read, order: undefined }, "p-2"));
    expect([...seen[0]!.searchParams.keys()]).toEqual(["select", "protocol_id"]);
  });

  it("fails with the server's message, the read's own when the server sent none, or the network's", async () => {
    server.use(http.get(ROUTE, () => HttpResponse.json({ message: "relation does not exist" }, { status: 404 })));
    await expect(fetchThings()).rejects.toThrow("relation does not exist");
    server.use(http.get(ROUTE, () => HttpResponse.json({}, { status: 500 })));
    await expect(fetchThings()).rejects.toThrow("Failed to load the things");
    // A network failure keeps the runtime's own words (Node's here; a browser says 'Failed to fetch').
    server.use(http.get(ROUTE, () => HttpResponse.error()));
    await expect(fetchThings()).rejects.toThrow("fetch failed");
  });
});
