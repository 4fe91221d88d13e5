// Shared by the comparison dialog's tests (src/features/compare/comparison-dialog*.test.tsx): the
// fixture protocols, a render inside a router and a query client (as on the site), served factors.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render as renderInPage } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { parseProtocolRows } from "@/features/protocols/model/model";
import { protocolRows } from "./fixtures/protocols";
import { riskFactorRows } from "./fixtures/risk-factors";
import { server } from "./msw/server";

export const all = parseProtocolRows(protocolRows);
export const byName = (name: string) => all.find((p) => p.name === name)!;
// A DefiLlama-sourced TVL beside a sourced term sheet.
export const live = {
  ...byName("Ondo Finance (OUSG + USDY)"),
  tvlSource: "defillama" as const,
  tvlSourceUrl: "https://defillama.com/protocol/ondo-finance",
  tvlAsOf: "2025-12-19",
};
// The dialog links each name to the protocol's page, so it renders inside a router, as on the site,
// and reads the compared protocols' risk factors through the query client.
export const render = (ui: ReactNode) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderInPage(ui, {
    wrapper: ({ children }) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    ),
  });
};

/** Counts the factor requests (per protocol id) while serving the fixtures; `failFor` answers 500 for that id. */
export function serveFactors(failFor?: string) {
  const seen: string[] = [];
  server.use(
    http.get("*/rest/v1/protocol_risk_factors", ({ request }) => {
      const id = new URL(request.url).searchParams.get("protocol_id")!.slice(3);
      seen.push(id);
      if (id === failFor) return HttpResponse.json({ message: "boom" }, { status: 500 });
      return HttpResponse.json(riskFactorRows[id] ?? []);
    }),
  );
  return seen;
}
