// The daily TVL refresh, shared by `npm run data:refresh` (Node) and the refresh-protocols Edge
// Function (Deno): read the source, plan every protocol's change, hold large jumps, write the rest
// in one call (public.refresh_protocol_tvl, one transaction). Runtime-neutral: the source and the
// store are injected.
import {
  formatTvl,
  mapChains,
  parseProtocolHistory,
  parseProtocolList,
  type HistoryPoint,
  type LlamaEntry,
} from "./defillama.ts";

/** A figure more than this far above or below the published one is held for review. */
export const HOLD_THRESHOLD = 0.5;

/** The columns of public.protocols the refresh reads. */
export type CurrentRow = {
  name: string;
  defillama_slug: string | null;
  tvl: string;
  tvl_usd: number | null;
  tvl_as_of: string | null;
  tvl_source: string | null;
  blockchains: string[];
};

export type TvlUpdate = { defillama_slug: string; tvl: string; tvl_usd: number; blockchains: string[] };
export type HistoryUpdate = { defillama_slug: string; day: string; tvl_usd: number };

export type RefreshStore = {
  currentRows(): Promise<CurrentRow[]>;
  apply(day: string, updates: TvlUpdate[], history: HistoryUpdate[]): Promise<{ updated: number; history: number }>;
};

/** Where figures come from: DefiLlama over HTTP, or saved responses (CLI --source-file / --source-dir). */
export type RefreshSource = {
  label: string;
  /** GET /protocols, unparsed. */
  list(): Promise<unknown>;
  /** GET /protocol/{slug}, unparsed; null when a saved copy does not exist. */
  history(slug: string): Promise<unknown | null>;
  historyLabel(slug: string): string;
};

export type ProtocolChange = {
  name: string;
  slug: string;
  status: "updated" | "unchanged" | "held" | "accepted" | "kept-newer";
  oldTvl: string;
  newTvl: string;
  /** In dollars, for the percentage (null when nothing was published). */
  oldUsd: number | null;
  newUsd: number | null;
  oldChains: string[];
  newChains: string[];
  outsideChains: string[];
};

export type RefreshReport = {
  day: string;
  source: string;
  dryRun: boolean;
  changes: ProtocolChange[];
  held: ProtocolChange[];
  notCovered: { name: string; reason: string }[];
  /** Rows the database actually changed (protocols) and history rows written. */
  written: { updated: number; history: number };
  backfill: { slug: string; points: number }[];
  counts: { updated: number; unchanged: number; held: number; notCovered: number };
  /** What was sent to the database (for --write-csv). */
  updates: TvlUpdate[];
  historyPoints: HistoryUpdate[];
};

export class RefreshUsageError extends Error {}

export type RefreshOptions = {
  store: RefreshStore;
  source: RefreshSource;
  /** The run's date (YYYY-MM-DD): tvl_as_of and the history day. */
  day: string;
  /** Slugs whose held figure is published anyway. */
  accept?: readonly string[];
  backfill?: boolean;
  dryRun?: boolean;
  log?: (line: string) => void;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The figure a change is measured against: tvl_usd, else the display text. */
export function publishedUsd(row: Pick<CurrentRow, "tvl" | "tvl_usd">): number | null {
  if (typeof row.tvl_usd === "number" && Number.isFinite(row.tvl_usd)) return row.tvl_usd;
  const match = /^\$([0-9]+(?:\.[0-9]+)?)([MB])$/.exec(row.tvl);
  return match ? Number(match[1]) * (match[2] === "B" ? 1e9 : 1e6) : null;
}

/** True when next is more than 50% above or below published (a jump from 0 always is). */
export function isLargeJump(published: number | null, next: number): boolean {
  if (published === null) return false;
  if (published === 0) return next > 0;
  return Math.abs(next - published) / published > HOLD_THRESHOLD;
}

function percent(before: number | null, after: number): string {
  if (before === null || before === 0) return "";
  const change = ((after - before) / before) * 100;
  return ` (${change >= 0 ? "+" : ""}${change.toFixed(1)}%)`;
}

/** Compares the source with the published rows: what to write, what to hold, what is not covered. */
export function planRefresh(
  rows: readonly CurrentRow[],
  entries: readonly LlamaEntry[],
  day: string,
  accept: readonly string[],
) {
  const bySlug = new Map(entries.map((entry) => [entry.slug, entry]));
  const changes: ProtocolChange[] = [];
  const notCovered: RefreshReport["notCovered"] = [];
  const updates: TvlUpdate[] = [];
  for (const row of [...rows].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const slug = row.defillama_slug;
    if (slug === null) {
      notCovered.push({ name: row.name, reason: `no defillama_slug: keeps its ${row.tvl_source ?? "curated"} figure` });
      continue;
    }
    const entry = bySlug.get(slug);
    if (!entry) {
      notCovered.push({ name: row.name, reason: `${slug} is not in the response: keeps ${row.tvl}` });
      continue;
    }
    if (entry.tvl === null) {
      notCovered.push({ name: row.name, reason: `DefiLlama lists ${slug} without a TVL figure: keeps ${row.tvl}` });
      continue;
    }
    const tvlUsd = Math.round(entry.tvl);
    const tvl = formatTvl(tvlUsd);
    const { ours, outside } = mapChains(entry.chains);
    const newChains = ours.length > 0 ? ours : row.blockchains;
    const change: ProtocolChange = {
      name: row.name,
      slug,
      status: "unchanged",
      oldTvl: row.tvl,
      newTvl: tvl,
      oldUsd: publishedUsd(row),
      newUsd: tvlUsd,
      oldChains: row.blockchains,
      newChains,
      outsideChains: outside,
    };
    if (row.tvl_as_of !== null && row.tvl_as_of > day) {
      change.status = "kept-newer";
      change.newTvl = row.tvl;
      change.newUsd = change.oldUsd;
      change.newChains = row.blockchains;
      changes.push(change);
      continue;
    }
    const same =
      row.tvl === tvl &&
      row.tvl_usd === tvlUsd &&
      row.tvl_as_of === day &&
      row.tvl_source === "defillama" &&
      row.blockchains.join("\n") === newChains.join("\n");
    if (!same && isLargeJump(change.oldUsd, tvlUsd)) {
      change.status = accept.includes(slug) ? "accepted" : "held";
    } else {
      change.status = same ? "unchanged" : "updated";
    }
    changes.push(change);
    if (change.status !== "held") updates.push({ defillama_slug: slug, tvl, tvl_usd: tvlUsd, blockchains: newChains });
  }
  return { changes, notCovered, updates };
}

/**
 * One refresh run. Every source failure (unreachable, HTTP error, malformed, timeout) throws
 * SourceError before anything is written; the database is written by one call at the end.
 */
export async function refreshProtocols(options: RefreshOptions): Promise<RefreshReport> {
  const log = options.log ?? (() => {});
  const { day, source, store } = options;
  if (!isIsoDay(day)) throw new RefreshUsageError(`The run's date must be a real YYYY-MM-DD day, got '${day}'.`);
  const accept = [...new Set(options.accept ?? [])];

  const entries = parseProtocolList(await source.list(), source.label);
  const rows = await store.currentRows();
  const slugs = new Set(rows.map((r) => r.defillama_slug).filter((s): s is string => s !== null));
  const unknown = accept.filter((slug) => !slugs.has(slug));
  if (unknown.length > 0) {
    throw new RefreshUsageError(
      `--accept ${unknown.join(", ")}: no protocol has that defillama_slug. Nothing was written.`,
    );
  }

  const { changes, notCovered, updates } = planRefresh(rows, entries, day, accept);

  const backfill: RefreshReport["backfill"] = [];
  const historyPoints: HistoryUpdate[] = [];
  if (options.backfill) {
    for (const row of rows) {
      if (row.defillama_slug === null) continue;
      const body = await source.history(row.defillama_slug);
      if (body === null) {
        backfill.push({ slug: row.defillama_slug, points: 0 });
        continue;
      }
      const points: HistoryPoint[] = parseProtocolHistory(body, source.historyLabel(row.defillama_slug));
      // The run's own day comes from the list (the figure the guardrail checked), not the history.
      const kept = points.filter((p) => p.day < day);
      backfill.push({ slug: row.defillama_slug, points: kept.length });
      for (const point of kept)
        historyPoints.push({ defillama_slug: row.defillama_slug, day: point.day, tvl_usd: point.tvlUsd });
    }
  }

  const held = changes.filter((c) => c.status === "held");
  let written = { updated: 0, history: 0 };
  if (!options.dryRun && (updates.length > 0 || historyPoints.length > 0)) {
    written = await store.apply(day, updates, historyPoints);
  }

  const report: RefreshReport = {
    day,
    source: source.label,
    dryRun: options.dryRun === true,
    changes,
    held,
    notCovered,
    written,
    backfill,
    counts: {
      updated: changes.filter((c) => c.status === "updated" || c.status === "accepted").length,
      unchanged: changes.filter((c) => c.status === "unchanged" || c.status === "kept-newer").length,
      held: held.length,
      notCovered: notCovered.length,
    },
    updates,
    historyPoints,
  };
  for (const line of formatReport(report, accept)) log(line);
  return report;
}

function chainsText(chains: readonly string[]): string {
  return chains.length > 0 ? chains.join(", ") : "(none)";
}

/** The run's report, one line each: every protocol with its old and new values, then the counts. */
export function formatReport(report: RefreshReport, accept: readonly string[] = []): string[] {
  const lines = [`Source: ${report.source}. Run date: ${report.day}.`];
  for (const c of report.changes) {
    const tvlText =
      c.oldTvl === c.newTvl
        ? c.newTvl
        : `${c.oldTvl} -> ${c.newTvl}${c.newUsd === null ? "" : percent(c.oldUsd, c.newUsd)}`;
    const chainText =
      c.oldChains.join("\n") === c.newChains.join("\n")
        ? ""
        : `; chains ${chainsText(c.oldChains)} -> ${chainsText(c.newChains)}`;
    const label = {
      updated: "updated  ",
      accepted: "accepted ",
      unchanged: "unchanged",
      held: "held     ",
      "kept-newer": "unchanged",
    }[c.status];
    const note =
      c.status === "kept-newer" ? " (the database has a newer figure; nothing older is written over it)" : "";
    lines.push(`  ${label} ${c.name} (${c.slug}): ${tvlText}${chainText}${note}`);
    if (c.outsideChains.length > 0)
      lines.push(`            chains outside our list, not stored: ${c.outsideChains.join(", ")}`);
  }
  for (const n of report.notCovered) lines.push(`  not covered ${n.name}: ${n.reason}`);
  for (const h of report.held) lines.push(`held for review: ${h.slug} ${h.oldTvl} -> ${h.newTvl}`);
  if (report.held.length > 0) {
    lines.push(
      `  To publish a held figure after checking it: --accept ${report.held.map((h) => h.slug).join(" --accept ")}`,
    );
  }
  const needless = accept.filter((slug) => !report.changes.some((c) => c.slug === slug && c.status === "accepted"));
  if (needless.length > 0) lines.push(`  --accept had nothing to release for: ${needless.join(", ")}`);
  for (const b of report.backfill) {
    lines.push(
      b.points > 0 ? `  history ${b.slug}: ${b.points} daily points` : `  history ${b.slug}: no saved history`,
    );
  }
  const { updated, unchanged, held, notCovered } = report.counts;
  lines.push(`Summary: ${updated} updated, ${unchanged} unchanged, ${held} held, ${notCovered} not covered.`);
  lines.push(
    report.dryRun
      ? "Dry run: nothing was written."
      : `Written in one transaction: ${report.written.updated} protocol rows changed, ${report.written.history} history rows written.`,
  );
  return lines;
}

/** A source over HTTP: DefiLlama itself (the default base) with the 10 s deadline per request. */
export function httpSource(fetchJsonImpl: (url: string) => Promise<unknown>, base: string): RefreshSource {
  return {
    label: `${base}/protocols`,
    list: () => fetchJsonImpl(`${base}/protocols`),
    history: (slug) => fetchJsonImpl(`${base}/protocol/${encodeURIComponent(slug)}`),
    historyLabel: (slug) => `${base}/protocol/${slug}`,
  };
}
