// The seed's change log: the committed TVL and yield history (data/tvl-history.csv,
// data/yield-history.csv) replayed through the daily refresh's own rule (change-rules.ts), so the
// local stack's feed, /changes and each protocol page show the real moves between the saved days.
// data:build writes them into supabase/seed.sql; the build's prerendered /changes reads the same.
import {
  DEFAULT_CHANGE_THRESHOLDS,
  replayChanges,
  type ChangeThresholds,
  type ReplayedChange,
} from "../../supabase/functions/refresh-protocols/lib/change-rules.ts";
import { compareBytes } from "./csv.ts";
import type { HistoryRow, YieldHistoryRow } from "./rules/history.ts";
import type { ProtocolRow } from "./rules/protocol-row.ts";
import { sqlString } from "./seed-sql.ts";

export type LoggedChange = ReplayedChange & { source_url: string | null };

/** The page that states the figure: DefiLlama's protocol page for its TVL, the row's yield source for a yield. */
function sourceOf(row: ProtocolRow | undefined, kind: ReplayedChange["kind"]): string | null {
  if (!row) return null;
  if (kind === "yield") return row.yield_source_url;
  return row.defillama_slug ? `https://defillama.com/protocol/${row.defillama_slug}` : row.tvl_source_url;
}

/** Every change the committed history holds, newest first (day, then name). */
export function committedChanges(
  rows: readonly ProtocolRow[],
  history: readonly HistoryRow[],
  yieldHistory: readonly YieldHistoryRow[],
  thresholds: ChangeThresholds = DEFAULT_CHANGE_THRESHOLDS,
): LoggedChange[] {
  const byName = new Map(rows.map((row) => [row.name, row]));
  return replayChanges(history, yieldHistory, thresholds)
    .map((change) => ({ ...change, source_url: sourceOf(byName.get(change.name), change.kind) }))
    .sort(
      (a, b) =>
        compareBytes(b.day, a.day) ||
        compareBytes(a.name, b.name) ||
        compareBytes(a.kind, b.kind) ||
        compareBytes(a.field ?? "", b.field ?? ""),
    );
}

const sqlValue = (value: string | null) => (value === null ? "null" : sqlString(value));

/**
 * The INSERT for supabase/seed.sql (after the protocols it names); '' when there is nothing to
 * record. Rows go in oldest first (`n`), so the newest-first order readers ask for (day, then id,
 * descending) is the order committedChanges gives, the one the prerendered /changes shows.
 */
export function buildChangesSeedSql(changes: readonly LoggedChange[]): string {
  if (changes.length === 0) return "";
  const lines = [...changes]
    .reverse()
    .map(
      (c, i) =>
        `  (${i + 1}, ${sqlString(c.name)}, date ${sqlString(c.day)}, ${sqlString(c.kind)}, ${sqlValue(c.field)}, ${sqlString(c.old_value)}, ${sqlString(c.new_value)}, ${sqlString(c.reason)}, ${sqlValue(c.source_url)})`,
    );
  return [
    `-- ${changes.length} changes: the committed history replayed through the refresh's change rule (supabase/functions/refresh-protocols/lib/change-rules.ts).`,
    "insert into public.protocol_changes (protocol_id, day, kind, field, old_value, new_value, reason, source_url, recorded_by)",
    "select p.id, c.day, c.kind, c.field, c.old_value, c.new_value, c.reason, c.source_url, 'refresh'",
    "from (values",
    lines.join(",\n"),
    ") as c(n, name, day, kind, field, old_value, new_value, reason, source_url)",
    "join public.protocols p on p.name = c.name",
    "order by c.n;",
    "",
  ].join("\n");
}
