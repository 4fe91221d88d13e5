import { COLUMNS, parseTvl, type Column, type ProtocolRow } from "./rules/protocol-row.ts";
import { compareBytes } from "./csv.ts";

export type FieldChange = { column: Column; before: string; after: string };
export type RowsDiff = {
  added: ProtocolRow[];
  removed: ProtocolRow[];
  changed: { name: string; changes: FieldChange[] }[];
  unchanged: number;
  totalBefore: number;
  totalAfter: number;
};

function show(value: ProtocolRow[Column]): string {
  if (value === null) return "(empty)";
  if (typeof value === "number") return String(value);
  return Array.isArray(value) ? value.join("; ") : value;
}

/** Compares two sets of rows by name. Order and list order inside a row's arrays both count. */
export function diffRows(before: readonly ProtocolRow[], after: readonly ProtocolRow[]): RowsDiff {
  const old = new Map(before.map((r) => [r.name, r]));
  const next = new Map(after.map((r) => [r.name, r]));
  const byName = (a: ProtocolRow, b: ProtocolRow) => compareBytes(a.name, b.name);
  const changed: RowsDiff["changed"] = [];
  let unchanged = 0;
  for (const row of [...after].sort(byName)) {
    const prior = old.get(row.name);
    if (!prior) continue;
    const changes = COLUMNS.filter((c) => show(prior[c]) !== show(row[c])).map((column) => ({
      column,
      before: show(prior[column]),
      after: show(row[column]),
    }));
    if (changes.length > 0) changed.push({ name: row.name, changes });
    else unchanged++;
  }
  return {
    added: after.filter((r) => !old.has(r.name)).sort(byName),
    removed: before.filter((r) => !next.has(r.name)).sort(byName),
    changed,
    unchanged,
    totalBefore: sumTvl(before),
    totalAfter: sumTvl(after),
  };
}

export function sumTvl(rows: readonly ProtocolRow[]): number {
  return rows.reduce((sum, r) => sum + (parseTvl(r.tvl) ?? 0), 0);
}

export function formatUsd(amount: number): string {
  if (amount >= 1e9) return `$${trim(amount / 1e9)}B`;
  return `$${trim(amount / 1e6)}M`;
}

function trim(n: number): string {
  return n.toFixed(n >= 100 ? 0 : n >= 10 ? 1 : 2).replace(/\.?0+$/, "");
}

function percent(before: number, after: number): string {
  const change = ((after - before) / before) * 100;
  return `${change >= 0 ? "+" : ""}${change.toFixed(1)}%`;
}

/** '$2.8B -> $3.1B (+10.7%)'; without a percentage when either side is not a number. */
export function tvlMovement(before: string, after: string): string {
  const a = parseTvl(before);
  const b = parseTvl(after);
  return a !== null && b !== null && a > 0 ? `${before} -> ${after} (${percent(a, b)})` : `${before} -> ${after}`;
}

export function formatDiff(diff: RowsDiff, labels: { before: string; after: string }): string {
  const lines = [`Changes from ${labels.before} to ${labels.after}:`];
  if (diff.added.length + diff.removed.length + diff.changed.length === 0) {
    lines.push("  No changes.");
  }
  for (const row of diff.added)
    lines.push(`  + added    ${row.name} (TVL ${row.tvl}, as of ${row.as_of ?? "unknown"})`);
  for (const row of diff.removed) lines.push(`  - removed  ${row.name} (TVL ${row.tvl})`);
  for (const { name, changes } of diff.changed) {
    lines.push(`  ~ changed  ${name}`);
    for (const change of changes) {
      const text =
        change.column === "tvl"
          ? tvlMovement(change.before, change.after)
          : `${quoteLong(change.before)} -> ${quoteLong(change.after)}`;
      lines.push(`      ${change.column}: ${text}`);
    }
  }
  const total =
    diff.totalBefore > 0
      ? `${formatUsd(diff.totalBefore)} -> ${formatUsd(diff.totalAfter)} (${percent(diff.totalBefore, diff.totalAfter)})`
      : `${formatUsd(diff.totalBefore)} -> ${formatUsd(diff.totalAfter)}`;
  lines.push(
    `Summary: ${diff.added.length} added, ${diff.removed.length} removed, ${diff.changed.length} changed, ${diff.unchanged} unchanged. Total TVL ${total}.`,
  );
  return lines.join("\n");
}

function quoteLong(value: string): string {
  return value.includes(" ") || value === "" ? JSON.stringify(value) : value;
}
