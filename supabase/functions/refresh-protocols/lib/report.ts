// The run's report as text, one line each: every protocol with its old and new values, what was
// held and how to release it, then the counts. Runtime-neutral: no I/O.
import { percent } from "./guardrail.ts";
import type { ProtocolChange, RefreshReport } from "./types.ts";

function chainsText(chains: readonly string[]): string {
  return chains.length > 0 ? chains.join(", ") : "(none)";
}

const LABELS: Record<ProtocolChange["status"], string> = {
  updated: "updated  ",
  accepted: "accepted ",
  unchanged: "unchanged",
  held: "held     ",
  "kept-newer": "unchanged",
};

/** The run's report, one line each: every protocol with its old and new values, then the counts. */
export function formatReport(
  report: RefreshReport,
  accept: readonly string[] = [],
  released: ReadonlySet<string> = new Set(),
  acceptListed: readonly string[] = [],
): string[] {
  const lines = [
    `Source: ${report.source}${report.yieldsSource ? ` and ${report.yieldsSource}` : " (no yields read)"}. Run date: ${report.day}.`,
  ];
  for (const r of report.renames)
    lines.push(`renamed: ${r.from} -> ${r.to}${r.id !== null ? ` (id ${r.id})` : ""} (${r.name})`);
  for (const c of report.changes) {
    const tvlText =
      c.oldTvl === c.newTvl
        ? c.newTvl
        : `${c.oldTvl} -> ${c.newTvl}${c.newUsd === null ? "" : percent(c.oldUsd, c.newUsd)}`;
    const chainText =
      c.oldChains.join("\n") === c.newChains.join("\n")
        ? ""
        : `; chains ${chainsText(c.oldChains)} -> ${chainsText(c.newChains)}`;
    const note =
      c.status === "kept-newer"
        ? " (the database has a newer figure; nothing older is written over it)"
        : c.status === "accepted" && c.reason
          ? ` (${c.reason})`
          : "";
    lines.push(`  ${LABELS[c.status]} ${c.name} (${c.slug}): ${tvlText}${chainText}${note}`);
  }
  for (const n of report.notCovered) lines.push(`  not covered ${n.name}: ${n.reason}`);
  for (const d of report.dropped)
    lines.push(
      `  no longer tracked by DefiLlama: ${d.name} (${d.slug}), ${d.reason}, since ${d.since}: keeps its last figure`,
    );
  for (const y of report.yields) {
    if (y.status === "unchanged" || y.status === "kept-newer") continue;
    const note = y.status === "accepted" && y.reason ? ` (${y.reason})` : "";
    lines.push(`  yield ${LABELS[y.status]} ${y.name} (${y.slug}): ${y.oldRange} -> ${y.newRange}${note}`);
  }
  if (report.yieldsSource !== null && report.withoutPools.length > 0)
    lines.push(
      `  yields: no DefiLlama pool of at least $1M for ${report.withoutPools.join(", ")}; they keep their yield`,
    );
  for (const t of report.tracked) {
    if (t.status === "listed")
      lines.push(
        `new tracked row: ${t.slug} (${t.name}, ${t.category ?? "?"}, ${t.tvl}): held until --accept ${t.slug}`,
      );
    else if (t.status === "added") lines.push(`  added     ${t.name} (${t.slug}): tracked row, ${t.tvl}`);
    else lines.push(`new tracked row skipped: ${t.slug} (${t.name}): ${t.problem}`);
  }
  for (const h of report.held) lines.push(h.line);
  const heldSlugs = [...new Set(report.held.map((h) => h.slug))];
  if (heldSlugs.length > 0) {
    lines.push(`  To publish a held figure after checking it: --accept ${heldSlugs.join(" --accept ")}`);
  }
  const needless = accept.filter((slug) => !released.has(slug));
  if (needless.length > 0) lines.push(`  --accept had nothing to release for: ${needless.join(", ")}`);
  const fromList = [...new Set(acceptListed)].filter((slug) => released.has(slug) && !accept.includes(slug));
  if (fromList.length > 0) lines.push(`  released by the reviewed list (--accept-file): ${fromList.join(", ")}`);
  for (const b of report.backfill) {
    if (b.problem !== null) lines.push(`  history ${b.slug}: not loaded: ${b.problem}`);
    else if (b.points > 0)
      lines.push(
        `  history ${b.slug}: ${b.points} daily points${b.skipped > 0 ? ` (${b.skipped} malformed points skipped)` : ""}`,
      );
    else lines.push(`  history ${b.slug}: no saved history`);
  }
  const c = report.counts;
  lines.push(`Summary: ${c.updated} updated, ${c.unchanged} unchanged, ${c.held} held, ${c.notCovered} not covered.`);
  lines.push(
    `Tracked: ${c.newTracked} new RWA protocols listed for review, ${c.added} added, ${c.dropped} no longer tracked by DefiLlama, ${c.renamed} renamed.`,
  );
  lines.push(
    report.yieldsSource === null
      ? "Yields: not read."
      : `Yields: ${c.yieldsUpdated} updated, ${c.yieldsUnchanged} unchanged, ${c.yieldsHeld} held, ${report.withoutPools.length} without pools.`,
  );
  for (const f of report.failures)
    lines.push(
      f.source === "protocols"
        ? `The protocol list failed: ${f.message}. No TVL, rename, tracked row or dropped mark was written.`
        : `The yields failed: ${f.message}. No yield was written.`,
    );
  const logged = report.payload.log;
  lines.push(
    logged.length === 0
      ? "Change log: nothing to record."
      : `Change log: ${logged.map((e) => `${e.kind}${e.field ? ` ${e.field}` : ""} ${e.defillama_slug}`).join(", ")}.`,
  );
  const w = report.written;
  lines.push(
    report.dryRun
      ? "Dry run: nothing was written."
      : `Written in one transaction: ${w.updated} protocol rows changed, ${w.inserted} added, ${w.history} history rows written, ${w.yield_history} yield history rows written, ${w.product_yields ?? 0} product yields, ${w.risk_levels ?? 0} risk levels changed, ${w.risk_factors ?? 0} computed risk factor rows rewritten, ${w.changes} changes logged.`,
  );
  return lines;
}
