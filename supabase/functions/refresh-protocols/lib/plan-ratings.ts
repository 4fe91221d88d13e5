// The rating a run's figures imply (issue 32; docs/methodology.md, "Changes"): for every protocol
// whose TVL the run writes, its computed factors (smart contract from DefiLlama's audits flag, track
// record from the launch or listing date, the TVL and our history) and its overall level, by the
// rule (_shared/risk-rating.ts), and the change log's risk_factor and risk_level entries. They
// travel in the same call as the figures (payload.ratings and payload.log, one transaction), so a
// held figure, which the run does not write, changes no rating and records nothing.
// Runtime-neutral: no I/O.
import type { ComputedInput } from "../../_shared/computed-factors.ts";
import { refreshRatingChanges } from "../../_shared/risk-changes.ts";
import type { Plan } from "./plan-state.ts";
import type { ChangeLogEntry, CurrentRow, RatingInput, RatingUpdate } from "./types.ts";

export type RatingPlanInput = {
  plan: Plan;
  rows: readonly CurrentRow[];
  day: string;
  /** What the rating reads of each protocol, by its slug before the run. */
  inputs: readonly RatingInput[];
};

/** The points a factor reads: the stored history, then the run's points (one a day, the newest wins). */
function historyAfter(stored: RatingInput["history"], added: ReadonlyArray<{ day: string; tvl_usd: number }>) {
  const byDay = new Map<string, number>();
  for (const point of [...stored, ...added]) byDay.set(point.day, point.tvl_usd);
  return [...byDay].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([day, tvlUsd]) => ({ day, tvlUsd }));
}

/**
 * The ratings and change-log entries of the protocols whose figures the plan writes. A protocol
 * whose rating fails (a value no check foresaw) is named in `failed` with the error, and the caller
 * holds it whole (issue 30, item 3): its figure is not written without its rating.
 */
export function planRatings({ plan, rows, day, inputs }: RatingPlanInput): {
  ratings: RatingUpdate[];
  log: ChangeLogEntry[];
  failed: Map<string, string>;
} {
  const payload = plan.payload;
  const ratings: RatingUpdate[] = [];
  const log: ChangeLogEntry[] = [];
  const failed = new Map<string, string>();
  const inputOf = new Map(inputs.map((input) => [input.defillama_slug, input]));
  // Each written figure's row by its slug after the run's renames; a new tracked row has none yet.
  const rowOf = new Map<string, CurrentRow>();
  for (const row of rows) {
    const slug = plan.slugOf.get(row.name) ?? row.defillama_slug;
    if (slug !== null) rowOf.set(slug, row);
  }
  const identityOf = new Map(
    payload.identities.map((identity) => [identity.new_slug ?? identity.defillama_slug, identity]),
  );
  const insertOf = new Map(payload.inserts.map((insert) => [insert.defillama_slug, insert]));

  const rate = (figure: (typeof payload.tvl)[number]) => {
    const slug = figure.defillama_slug;
    const row = rowOf.get(slug);
    const insert = insertOf.get(slug);
    if (!row && !insert) return;
    const stored = row?.defillama_slug ? inputOf.get(row.defillama_slug) : undefined;
    // A protocol the rating has not read (not in the table when the run read it) is not rated here.
    if (row && !stored) return;
    const identity = identityOf.get(slug);
    const after: ComputedInput = {
      defillamaSlug: slug,
      audits: identity?.defillama_audits ?? insert?.defillama_audits ?? row?.defillama_audits ?? null,
      listedAt: identity?.defillama_listed_at ?? insert?.defillama_listed_at ?? row?.defillama_listed_at ?? null,
      launch: stored?.launch ? { date: stored.launch.date, sourceUrl: stored.launch.source_url } : null,
      tvlUsd: figure.tvl_usd,
      tvlAsOf: day,
      history: historyAfter(stored?.history ?? [], [
        ...payload.history.filter((point) => point.defillama_slug === slug),
        { day, tvl_usd: figure.tvl_usd },
      ]),
    };
    const factors = stored?.factors ?? [];
    const researched = factors
      .filter((f) => !f.computed)
      .map((f) => ({ factor: f.factor, level: f.level, finding: f.finding, sourceUrl: f.source_url }));
    const result = refreshRatingChanges({
      researched,
      before: factors
        .filter((f) => f.computed)
        .map((f) => ({ factor: f.factor, level: f.level, finding: f.finding, sourceUrl: f.source_url })),
      after,
      levelBefore: stored?.risk_level ?? null,
    });
    ratings.push({
      defillama_slug: slug,
      risk_level: result.level,
      factors: result.computed.map((c) => ({
        factor: c.factor,
        level: c.level,
        finding: c.finding,
        source_url: c.sourceUrl,
      })),
    });
    // A new tracked row's first rating is a first assessment, not a change (its listing is logged).
    if (insert) return;
    for (const change of result.changes) {
      log.push({
        defillama_slug: slug,
        kind: change.kind,
        field: change.field,
        old_value: change.oldValue,
        new_value: change.newValue,
        reason: change.reason,
        source_url: change.sourceUrl,
      });
    }
  };
  for (const figure of payload.tvl) {
    try {
      rate(figure);
    } catch (error) {
      failed.set(figure.defillama_slug, error instanceof Error ? error.message : String(error));
    }
  }
  return { ratings, log, failed };
}
