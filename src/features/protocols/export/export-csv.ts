import type { Protocol } from "../model/types";

/**
 * Saves the list as `rwa-atlas-{kind}-YYYY-MM-DD.csv`. The CSV writer loads on the first click:
 * nobody needs it to see the page, and the first load's JS budget (docs/performance.md) has no room for it.
 */
export function downloadProtocolsCsv(protocols: readonly Protocol[], kind: "protocols" | "comparison"): Promise<void> {
  return import("./save-csv").then((m) => m.saveProtocolsCsv(protocols, kind));
}
