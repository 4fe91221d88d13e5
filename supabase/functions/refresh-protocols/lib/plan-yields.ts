// Yields: each row's (and each new tracked row's) range from the pools whose project is its slug,
// written, or held when it moved too far. Runtime-neutral: no I/O.
import { yieldHoldReason } from "./guardrail.ts";
import { byName, guardProtocol, type Plan, type PlanInput, type PlanState } from "./plan-state.ts";
import type { CurrentRow, YieldChange } from "./types.ts";
import { parsePoolFilter, pickYield, poolsByProject, type RawPool } from "./yields.ts";

/** Plans every row's yield (rows in name order) from the yields source's pools. */
export function planYields(
  plan: Plan,
  rows: readonly CurrentRow[],
  pools: readonly RawPool[],
  input: PlanInput,
  state: PlanState,
): void {
  const { day, accept } = input;
  const { acceptedInserts, hold } = state;
  const byProject = poolsByProject(pools);
  const yieldRows: { name: string; slug: string; row: CurrentRow | null }[] = [];
  for (const row of rows) {
    const slug = plan.slugOf.get(row.name) ?? row.defillama_slug;
    // A row DefiLlama no longer lists keeps taking its pools: they are DefiLlama's figure of the day (Theo thBill).
    if (slug === null) continue;
    yieldRows.push({ name: row.name, slug, row });
  }
  for (const insert of plan.payload.inserts)
    yieldRows.push({ name: insert.name, slug: insert.defillama_slug, row: null });
  for (const { name, slug, row } of yieldRows.sort(byName)) {
    // One protocol's yield: an error in it (a value no check foresaw) holds that yield alone.
    guardProtocol(plan, state, slug, "reading DefiLlama's pools", () => {
      const pick = pickYield(slug, byProject.get(slug) ?? [], parsePoolFilter(row?.yield_pools ?? null));
      if (pick.kind === "none") {
        plan.withoutPools.push(slug);
        return;
      }
      if (pick.kind === "bad") {
        hold(slug, `held for review: ${slug} yield: a pool is malformed (${pick.reason}); the yield was not written`);
        return;
      }
      const figure = pick.figure;
      const oldRange = row?.yield_range ?? "Unknown";
      const change: YieldChange = { name, slug, status: "unchanged", oldRange, newRange: figure.range, reason: null };
      if (row !== null && row.yield_as_of !== null && row.yield_as_of > day) {
        change.status = "kept-newer";
        change.newRange = oldRange;
        plan.yields.push(change);
        return;
      }
      const same =
        row !== null &&
        row.yield_range === figure.range &&
        row.yield_apy_min === figure.min &&
        row.yield_apy_max === figure.max &&
        row.yield_as_of === day &&
        row.yield_source === "defillama" &&
        row.yield_source_url === figure.sourceUrl;
      if (!same && row !== null) {
        const published =
          row.yield_source === "defillama" && row.yield_apy_min !== null && row.yield_apy_max !== null
            ? { min: row.yield_apy_min, max: row.yield_apy_max }
            : null;
        const base = input.baselines.get(row.defillama_slug ?? slug);
        const baseline =
          base && base.apy_min !== null && base.apy_max !== null ? { min: base.apy_min, max: base.apy_max } : null;
        change.reason = yieldHoldReason(published, baseline, figure);
      }
      if (change.reason !== null && !acceptedInserts.has(slug)) {
        const accepted = accept.has(slug) || (row?.defillama_slug != null && accept.has(row.defillama_slug));
        change.status = accepted ? "accepted" : "held";
        if (accepted) plan.released.add(slug).add(row?.defillama_slug ?? slug);
      } else {
        change.status = same ? "unchanged" : "updated";
      }
      plan.yields.push(change);
      if (change.status === "held") {
        hold(slug, `held for review: ${slug} yield ${oldRange} -> ${figure.range} (${change.reason})`);
        return;
      }
      plan.payload.yields.push({
        defillama_slug: slug,
        yield_range: figure.range,
        apy_min: figure.min,
        apy_max: figure.max,
        source_url: figure.sourceUrl,
      });
    });
  }
}
