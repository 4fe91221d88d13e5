// What a push keeps from the database: the refresh's newer TVL figures and yields (push-core.ts).
import { TVL_COLUMNS, YIELD_COLUMNS, type ProtocolRow } from "./rules/protocol-row.ts";

/**
 * The daily refresh writes newer TVL figures and yields than the CSV holds. A push must not turn
 * them back: for a row whose database TVL (or DefiLlama yield) is dated after the CSV's, the
 * refresh's columns are kept.
 */
export function keepNewerTvl(
  current: readonly ProtocolRow[],
  rows: readonly ProtocolRow[],
): { rows: ProtocolRow[]; kept: { name: string; database: string; csv: string; what: "TVL" | "yield" }[] } {
  const byName = new Map(current.map((r) => [r.name, r]));
  const kept: { name: string; database: string; csv: string; what: "TVL" | "yield" }[] = [];
  const merged = rows.map((row) => {
    const live = byName.get(row.name);
    if (!live || live.defillama_slug !== row.defillama_slug) return row;
    const next: ProtocolRow = { ...row };
    const newer = (database: string | null, csv: string | null): database is string =>
      database !== null && (csv === null || database > csv);
    if (newer(live.tvl_as_of, row.tvl_as_of) && row.tvl_as_of !== null) {
      kept.push({ name: row.name, database: live.tvl_as_of, csv: row.tvl_as_of, what: "TVL" });
      for (const column of TVL_COLUMNS) (next as Record<string, unknown>)[column] = live[column];
    }
    if (live.yield_source === "defillama" && newer(live.yield_as_of, row.yield_as_of)) {
      kept.push({ name: row.name, database: live.yield_as_of, csv: row.yield_as_of ?? "none", what: "yield" });
      for (const column of YIELD_COLUMNS) (next as Record<string, unknown>)[column] = live[column];
    }
    return next;
  });
  return { rows: merged, kept };
}
