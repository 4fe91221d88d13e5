import type { Row } from "./budgets";

const HEADERS = ["Section", "Metric", "Ours", "Baseline", "Budget / goal", "Result"] as const;

function cells(row: Row): string[] {
  return [row.section, row.metric, row.value, row.baseline ?? "", row.target ?? "", row.verdict];
}

/** A plain-text table for the terminal. */
export function textTable(rows: Row[]): string {
  const data = rows.map(cells);
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...data.map((r) => r[i]!.length)));
  const line = (r: readonly string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd();
  return [line(HEADERS), widths.map((w) => "-".repeat(w)).join("  "), ...data.map(line)].join("\n");
}

function escapeMd(text: string): string {
  return text.replace(/\|/g, "\\|");
}

export function markdownTable(rows: Row[]): string {
  const line = (r: readonly string[]) => `| ${r.map(escapeMd).join(" | ")} |`;
  return [line(HEADERS), line(HEADERS.map(() => "---")), ...rows.map((r) => line(cells(r)))].join("\n");
}

export function failedBudgets(rows: Row[]): Row[] {
  return rows.filter((r) => r.kind === "budget" && r.verdict === "FAIL");
}
