import { http, HttpResponse } from "msw";
import { protocolRows } from "../fixtures/protocols";
import { protocolChangeRows } from "../fixtures/rating-changes";
import { riskFactorRows } from "../fixtures/risk-factors";
import { yieldHistoryRows } from "../fixtures/yield-history";

// Default answers: the protocols table, the risk factors, the change log and the yield history (by
// protocol_id=eq.<id>) and a working waitlist function.
// Tests override these with server.use(...) for error paths.
export const defaultHandlers = [
  http.get("*/rest/v1/protocols", () => HttpResponse.json(protocolRows)),
  http.get("*/rest/v1/protocol_risk_factors", ({ request }) => {
    const id = new URL(request.url).searchParams.get("protocol_id")?.replace(/^eq\./, "") ?? "";
    return HttpResponse.json(riskFactorRows[id] ?? []);
  }),
  http.get("*/rest/v1/protocol_changes", ({ request }) => {
    const id = new URL(request.url).searchParams.get("protocol_id")?.replace(/^eq\./, "") ?? "";
    return HttpResponse.json(protocolChangeRows[id] ?? []);
  }),
  http.get("*/rest/v1/protocol_yield_history", ({ request }) => {
    const id = new URL(request.url).searchParams.get("protocol_id")?.replace(/^eq\./, "") ?? "";
    return HttpResponse.json(yieldHistoryRows[id] ?? []);
  }),
  http.options("*/functions/v1/add-to-waitlist", () => new HttpResponse(null, { status: 204 })),
  http.post("*/functions/v1/add-to-waitlist", () => HttpResponse.json({ ok: true })),
];
