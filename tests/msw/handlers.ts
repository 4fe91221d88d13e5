import { http, HttpResponse } from "msw";
import { productRows } from "../fixtures/products";
import { changeRows, changeRowsOf } from "../fixtures/changes";
import { protocolRows } from "../fixtures/protocols";
import { protocolChangeRows } from "../fixtures/rating-changes";
import { riskFactorRows } from "../fixtures/risk-factors";
import { yieldHistoryRows } from "../fixtures/yield-history";

// Default answers: the protocols table, the risk factors, the products, the yield history and the
// change log (by protocol_id=eq.<id>, the change log also whole) and a working waitlist function.
// Tests override these with server.use(...) for error paths.
export const defaultHandlers = [
  http.get("*/rest/v1/protocols", () => HttpResponse.json(protocolRows)),
  http.get("*/rest/v1/protocol_risk_factors", ({ request }) => {
    const id = new URL(request.url).searchParams.get("protocol_id")?.replace(/^eq\./, "") ?? "";
    return HttpResponse.json(riskFactorRows[id] ?? []);
  }),
  http.get("*/rest/v1/products", ({ request }) => {
    const id = new URL(request.url).searchParams.get("protocol_id")?.replace(/^eq\./, "") ?? "";
    return HttpResponse.json(productRows[id] ?? []);
  }),
  http.get("*/rest/v1/protocol_yield_history", ({ request }) => {
    const id = new URL(request.url).searchParams.get("protocol_id")?.replace(/^eq\./, "") ?? "";
    return HttpResponse.json(yieldHistoryRows[id] ?? []);
  }),
  http.get("*/rest/v1/protocol_changes", ({ request }) => {
    const params = new URL(request.url).searchParams;
    const id = params.get("protocol_id")?.replace(/^eq\./, "");
    // The page's recent changes read every kind; the Risk section asks for the rating's kinds only
    // (kind=in.(risk_factor,risk_level), rating-changes.ts).
    const kinds = /^in\.\((.*)\)$/.exec(params.get("kind") ?? "")?.[1]?.split(",");
    const rows = id === undefined ? changeRows : [...changeRowsOf(id), ...(protocolChangeRows[id] ?? [])];
    return HttpResponse.json(kinds ? rows.filter((row) => kinds.includes(String(row.kind))) : rows);
  }),
  http.options("*/functions/v1/add-to-waitlist", () => new HttpResponse(null, { status: 204 })),
  http.post("*/functions/v1/add-to-waitlist", () => HttpResponse.json({ ok: true })),
];
