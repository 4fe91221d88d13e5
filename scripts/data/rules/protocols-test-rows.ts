// data/protocols.csv rows for the rules' tests: one valid row, a file of rows built from it, and
// the problems data:check prints for one row with some cells changed. The tests hold one
// expectation per rule, each with the whole message data:check prints: the rows look alike
// (problemsFor(...) then the message) because every message is part of the contract.
import { serializeCsv } from "../csv.ts";
import { formatProblem } from "./problem.ts";
import { COLUMNS, type Column } from "./protocol-row.ts";
import { checkCsv } from "./protocols.ts";

export const TODAY = "2025-11-15";

/** A reviewed row every rule accepts (as of TODAY). */
export const valid: Record<Column, string> = {
  name: "Paxos Gold (PAXG)",
  description: "NYDFS-regulated token for one troy ounce of London Good Delivery gold.",
  asset_classes: "Commodities",
  blockchains: "Ethereum;Solana",
  tvl: "$1.2B",
  yield_range: "N/A",
  risk_level: "Medium",
  min_investment: "None (secondary market)",
  url: "https://paxos.com/paxgold",
  source_url: "https://paxos.com/paxgold/transparency",
  as_of: "2025-10-07",
  notes: "TVL: published figure (7 Oct 2025).",
  defillama_slug: "",
  tvl_usd: "1200000000",
  tvl_as_of: "2025-10-07",
  tvl_source_url: "https://paxos.com/paxgold/transparency",
  tvl_source: "curated",
  investor_access: "unknown",
  kyc: "unknown",
  redemption: "unknown",
  redemption_days: "",
  fees: "unknown",
  terms_source_url: "",
  terms_as_of: "",
  defillama_id: "",
  yield_apy_min: "",
  yield_apy_max: "",
  yield_as_of: "",
  yield_source: "",
  yield_source_url: "",
  yield_pools: "",
  review_status: "reviewed",
  defillama_dropped_on: "",
  defillama_listed_at: "",
  defillama_audits: "",
  min_investment_source_url: "https://paxos.com/paxgold/how-to-buy",
  yield_document_date: "",
  yield_source_kind: "",
};

/** data/protocols.csv text: the header, then each row (valid's cells where a row gives none). */
export function csv(...rows: Partial<Record<Column, string>>[]): string {
  return serializeCsv([[...COLUMNS], ...rows.map((r) => COLUMNS.map((c) => r[c] ?? valid[c]))]);
}

/** The problems data:check prints for a single data row (on line 2) with the given overrides. */
export function problemsFor(overrides: Partial<Record<Column, string>>, today = TODAY): string[] {
  return checkCsv(csv({ ...valid, ...overrides }), { today }).problems.map(formatProblem);
}
