// The protocol page's tests' pieces: Apollo's row and page, serving its row with changes, and its
// TVL history (rows, or an error), with the requests it received.
import { http, HttpResponse } from "msw";
import { protocolRows } from "./fixtures/protocols";
import { server } from "./msw/server";

export const apollo = protocolRows[0]!;
export const APOLLO_PATH = "/protocols/apollo-acred-securitize";

/** Serves the fixture rows with Apollo's row changed by `overrides`. */
export function serveApollo(overrides: Record<string, unknown>) {
  server.use(
    http.get("*/rest/v1/protocols", () =>
      HttpResponse.json(protocolRows.map((row) => (row.name === apollo.name ? { ...row, ...overrides } : row))),
    ),
  );
}

/** Serves Apollo's TVL history (or an error with that status); returns the URLs it was asked for. */
export function history(rows: unknown[], status = 200) {
  const seen: URL[] = [];
  server.use(
    http.get("*/rest/v1/protocol_tvl_history", ({ request }) => {
      seen.push(new URL(request.url));
      return status === 200
        ? HttpResponse.json(rows)
        : HttpResponse.json({ message: "relation does not exist" }, { status });
    }),
  );
  return seen;
}

export const POINTS = [
  { day: "2024-10-01", tvl_usd: 50_000_000, source: "defillama" },
  { day: "2025-06-01", tvl_usd: 80_000_000, source: "defillama" },
  { day: "2025-09-15", tvl_usd: 90_000_000, source: "defillama" },
  { day: "2025-10-31", tvl_usd: 100_000_000, source: "defillama" },
];
