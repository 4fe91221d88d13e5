// The plan of one run: compares the sources with the published rows and says what to write, what
// to hold and what to list. Covered rows first (plan-covered.ts), then tracked candidates
// (plan-tracked.ts), then yields (plan-yields.ts), in that order: a rename or a new row changes
// the slug a yield is read for. Runtime-neutral: no I/O.
import { planCovered } from "./plan-covered.ts";
import { byName, type Plan, type PlanInput, type PlanState } from "./plan-state.ts";
import { planTracked } from "./plan-tracked.ts";
import { planYields } from "./plan-yields.ts";

/** Compares the sources with the published rows: what to write, what to hold, what to list. */
export function planRefresh(input: PlanInput): Plan {
  const rows = [...input.rows].sort(byName);
  const plan: Plan = {
    changes: [],
    yields: [],
    held: [],
    notCovered: [],
    renames: [],
    tracked: [],
    dropped: [],
    withoutPools: [],
    payload: { identities: [], inserts: [], tvl: [], history: [], yields: [], dropped: [], ratings: [], log: [] },
    known: new Set(),
    released: new Set(),
    slugOf: new Map(),
  };
  const usedSlugs = new Set(rows.map((r) => r.defillama_slug).filter((s): s is string => s !== null));
  const state: PlanState = {
    usedSlugs,
    usedIds: new Set(rows.map((r) => r.defillama_id).filter((id): id is number => id !== null)),
    droppedNow: new Set(),
    acceptedInserts: new Set(),
    hold: (slug, line) => plan.held.push({ slug, line }),
  };
  for (const slug of usedSlugs) plan.known.add(slug);

  if (input.entries !== null) {
    const matched = planCovered(plan, rows, input.entries, input, state);
    planTracked(plan, rows, input.entries, matched, input, state);
  }
  if (input.pools !== null) planYields(plan, rows, input.pools, input, state);
  return plan;
}
