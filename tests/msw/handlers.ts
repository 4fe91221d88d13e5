import { http, HttpResponse } from "msw";
import { protocolRows } from "../fixtures/protocols";

// Default answers: the protocols table and a working waitlist function.
// Tests override these with server.use(...) for error paths.
export const defaultHandlers = [
  http.get("*/rest/v1/protocols", () => HttpResponse.json(protocolRows)),
  http.options("*/functions/v1/add-to-waitlist", () => new HttpResponse(null, { status: 204 })),
  http.post("*/functions/v1/add-to-waitlist", () => HttpResponse.json({ ok: true })),
];
