// The daily refresh, shared by `npm run data:refresh` (Node) and the refresh-protocols Edge
// Function (Deno): read DefiLlama's protocol list and its yields, plan every protocol's change,
// hold what a person should look at, and write the rest in one call
// (public.apply_protocol_refresh, one transaction). Runtime-neutral: the source and the store are
// injected.
//
// What it does (docs/data.md, "The daily refresh"):
// - matches entries by DefiLlama's id first, then by slug, and follows renames;
// - refreshes the TVL and chains of every covered row, and one history point a day;
// - refreshes yields from the pools whose project is the row's slug (yields.ts);
// - lists every RWA protocol above the threshold the directory lacks (tracked.ts), and adds the
//   ones a person accepted;
// - marks rows DefiLlama dropped, or tracked rows that fell below the threshold, never deleting;
// - holds a figure that moved too far (against the last figure and the 7-day median), a first
//   figure, and any value that is malformed, one protocol at a time.
import {
  entryId,
  entrySlug,
  formatTvl,
  parseProtocolHistory,
  parseProtocolList,
  readEntry,
  SLUG_PATTERN,
  SourceError,
  type HistoryPoint,
  type LlamaEntry,
  type RawEntry,
} from "./defillama.ts";
import { DEFAULT_TRACK_THRESHOLD_USD, TRACKED_CATEGORIES, trackedRow, type TrackedInsert } from "./tracked.ts";
import {
  parsePoolFilter,
  parseYieldsResponse,
  pickYield,
  poolsByProject,
  YIELD_HOLD_POINTS,
  YIELDS_API,
  type RawPool,
} from "./yields.ts";

/** A figure more than this far above or below the published one (or the 7-day median) is held for review. */
export const HOLD_THRESHOLD = 0.5;

/** The columns of public.protocols the refresh reads. */
export type CurrentRow = {
  name: string;
  defillama_slug: string | null;
  defillama_id: number | null;
  review_status: "reviewed" | "tracked";
  tvl: string;
  tvl_usd: number | null;
  tvl_as_of: string | null;
  tvl_source: string | null;
  blockchains: string[];
  yield_range: string;
  yield_apy_min: number | null;
  yield_apy_max: number | null;
  yield_as_of: string | null;
  yield_source: string | null;
  yield_source_url: string | null;
  yield_pools: string | null;
  defillama_dropped_on: string | null;
  defillama_listed_at: string | null;
  defillama_audits: number | null;
};

/** Per protocol, the median of its history over the 7 days before the run (public.protocol_refresh_baselines). */
export type Baseline = {
  defillama_slug: string;
  tvl_usd: number | null;
  apy_min: number | null;
  apy_max: number | null;
};

export type IdentityChange = {
  /** The row's slug before this run. */
  defillama_slug: string;
  new_slug?: string;
  defillama_id?: number;
  defillama_listed_at?: string;
  defillama_audits?: number;
};
export type TvlUpdate = { defillama_slug: string; tvl: string; tvl_usd: number; blockchains: string[] };
export type HistoryUpdate = { defillama_slug: string; day: string; tvl_usd: number };
export type YieldUpdate = {
  defillama_slug: string;
  yield_range: string;
  apy_min: number;
  apy_max: number;
  source_url: string;
};
export type DroppedUpdate = { defillama_slug: string; dropped_on: string | null };

/** One run's writes, as public.apply_protocol_refresh takes them (every slug after renames but identities'). */
export type RefreshChanges = {
  identities: IdentityChange[];
  inserts: TrackedInsert[];
  tvl: TvlUpdate[];
  history: HistoryUpdate[];
  yields: YieldUpdate[];
  dropped: DroppedUpdate[];
};

/** What the database actually changed. */
export type AppliedCounts = {
  /** Existing protocol rows changed (any column). */
  updated: number;
  inserted: number;
  renamed: number;
  tvl: number;
  yields: number;
  dropped: number;
  history: number;
  yield_history: number;
};

export type RefreshStore = {
  currentRows(): Promise<CurrentRow[]>;
  baselines(day: string): Promise<Baseline[]>;
  apply(day: string, changes: RefreshChanges): Promise<AppliedCounts>;
};

/** Where figures come from: DefiLlama over HTTP, or saved responses (CLI --source-file / --yields-file / --source-dir). */
export type RefreshSource = {
  label: string;
  /** GET /protocols, unparsed. */
  list(): Promise<unknown>;
  /** GET /protocol/{slug}, unparsed; null when a saved copy does not exist. */
  history(slug: string): Promise<unknown | null>;
  historyLabel(slug: string): string;
  /** GET https://yields.llama.fi/pools, unparsed; absent when this run reads no yields. */
  yields?: { label: string; read(): Promise<unknown> };
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
  /** Why a figure is held (or was, before --accept): null for an ordinary move. */
  reason: string | null;
};

export type YieldChange = {
  name: string;
  slug: string;
  status: "updated" | "unchanged" | "held" | "accepted" | "kept-newer";
  oldRange: string;
  newRange: string;
  reason: string | null;
};

export type HeldItem = { slug: string; line: string };

export type TrackedCandidate = {
  slug: string;
  name: string;
  tvl: string;
  category: string | null;
  status: "listed" | "added" | "skipped";
  problem: string | null;
};

export type RefreshReport = {
  day: string;
  source: string;
  yieldsSource: string | null;
  dryRun: boolean;
  changes: ProtocolChange[];
  yields: YieldChange[];
  /** Every held figure or value, one line each (TVL, yields, malformed entries). */
  held: HeldItem[];
  notCovered: { name: string; reason: string }[];
  renames: { name: string; from: string; to: string; id: number | null }[];
  tracked: TrackedCandidate[];
  dropped: { name: string; slug: string; reason: string; since: string }[];
  /** Protocols with no DefiLlama pool of at least $1M: they keep their yield. */
  withoutPools: string[];
  /** A source that failed (the other one's figures were still written). */
  failures: { source: "protocols" | "yields"; message: string }[];
  written: AppliedCounts;
  backfill: { slug: string; points: number; skipped: number; problem: string | null }[];
  counts: {
    updated: number;
    unchanged: number;
    held: number;
    notCovered: number;
    newTracked: number;
    added: number;
    renamed: number;
    dropped: number;
    yieldsUpdated: number;
    yieldsUnchanged: number;
    yieldsHeld: number;
  };
  /** What was sent to the database (for --write-csv). */
  payload: RefreshChanges;
};

export class RefreshUsageError extends Error {}

export type RefreshOptions = {
  store: RefreshStore;
  source: RefreshSource;
  /** The run's date (YYYY-MM-DD): tvl_as_of, yield_as_of and the history day. */
  day: string;
  /** Slugs whose held figure (or new tracked row) is published anyway; a slug unknown to the run is an error (a typo). */
  accept?: readonly string[];
  /**
   * A standing reviewed list (CLI --accept-file) applied to every run of a series: like accept,
   * but a slug this run does not know (a protocol a saved list leaves out) is only reported.
   */
  acceptListed?: readonly string[];
  backfill?: boolean;
  dryRun?: boolean;
  /** The TVL from which an RWA protocol is tracked (default $10M). */
  trackThreshold?: number;
  /** data/asset-classes.csv: the reviewed classes of tracked rows, by slug. */
  assetClasses?: ReadonlyMap<string, readonly string[]>;
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

/** True when next is more than 50% above or below reference (a jump from 0 always is). */
export function isLargeJump(reference: number, next: number): boolean {
  if (reference === 0) return next > 0;
  return Math.abs(next - reference) / reference > HOLD_THRESHOLD;
}

function percent(before: number | null, after: number): string {
  if (before === null || before === 0) return "";
  const change = ((after - before) / before) * 100;
  return ` (${change >= 0 ? "+" : ""}${change.toFixed(1)}%)`;
}

/**
 * Why a new TVL figure is held, or null when it is not: the first figure of a row that has none
 * published, a move of more than 50% against the published figure ('': the report's percentage
 * says it), or against the 7-day median, so a rise of +50% a day cannot compound unnoticed.
 */
export function tvlHoldReason(published: number | null, baseline: number | null, next: number): string | null {
  if (published === null) return "first published figure";
  if (isLargeJump(published, next)) return "";
  if (baseline !== null && isLargeJump(baseline, next))
    return `${percent(baseline, next).trim().slice(1, -1)} against the 7-day median ${formatTvl(baseline)}`;
  return null;
}

/** Why a new yield range is held, or null: a first figure, or either end moving more than 3 points. */
export function yieldHoldReason(
  published: { min: number; max: number } | null,
  baseline: { min: number; max: number } | null,
  next: { min: number; max: number },
): string | null {
  const moved = (a: { min: number; max: number }) =>
    Math.abs(next.min - a.min) > YIELD_HOLD_POINTS || Math.abs(next.max - a.max) > YIELD_HOLD_POINTS;
  if (published === null) return "first DefiLlama yield";
  if (moved(published)) return `moved more than ${YIELD_HOLD_POINTS} points`;
  if (baseline !== null && moved(baseline))
    return `moved more than ${YIELD_HOLD_POINTS} points against the 7-day median ${baseline.min.toFixed(2)}-${baseline.max.toFixed(2)}%`;
  return null;
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

type PlanInput = {
  rows: readonly CurrentRow[];
  /** null when the protocol list failed (or was not read). */
  entries: readonly RawEntry[] | null;
  /** null when the yields failed or were not read. */
  pools: readonly RawPool[] | null;
  baselines: ReadonlyMap<string, Baseline>;
  day: string;
  accept: ReadonlySet<string>;
  threshold: number;
  assetClasses?: ReadonlyMap<string, readonly string[]>;
};

type Plan = Omit<
  RefreshReport,
  "day" | "source" | "yieldsSource" | "dryRun" | "failures" | "written" | "backfill" | "counts"
> & {
  /**
   * Every slug --accept may name: the rows' (before and after renames) and every slug in
   * DefiLlama's list (a protocol accepted on the day it first passes the threshold may be named
   * in the same --accept list on earlier days). Anything else is a typo.
   */
  known: Set<string>;
  released: Set<string>;
  /** Each covered row's slug after this run's renames. */
  slugOf: Map<string, string>;
};

/**
 * Whether the row holds something dated after the run's day: a figure, or the day DefiLlama stopped
 * listing it. A saved list replayed after a newer one then changes nothing about the row (its
 * figure, identity or mark), so no later knowledge is undone by an earlier day.
 */
function knownAfter(row: CurrentRow, day: string): boolean {
  return (
    (row.tvl_as_of !== null && row.tvl_as_of > day) ||
    (row.defillama_dropped_on !== null && row.defillama_dropped_on > day)
  );
}

/** Compares the sources with the published rows: what to write, what to hold, what to list. */
export function planRefresh(input: PlanInput): Plan {
  const { day, accept, threshold } = input;
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
    payload: { identities: [], inserts: [], tvl: [], history: [], yields: [], dropped: [] },
    known: new Set(),
    released: new Set(),
    slugOf: new Map(),
  };
  const hold = (slug: string, line: string) => plan.held.push({ slug, line });
  const usedSlugs = new Set(rows.map((r) => r.defillama_slug).filter((s): s is string => s !== null));
  const usedIds = new Set(rows.map((r) => r.defillama_id).filter((id): id is number => id !== null));
  for (const slug of usedSlugs) plan.known.add(slug);
  const droppedNow = new Set<string>();
  const acceptedInserts = new Set<string>();

  if (input.entries !== null) {
    const bySlug = new Map<string, RawEntry>();
    const byId = new Map<number, RawEntry>();
    for (const raw of input.entries) {
      const slug = entrySlug(raw);
      if (slug !== null) plan.known.add(slug);
      if (slug !== null && !bySlug.has(slug)) bySlug.set(slug, raw);
      const id = entryId(raw);
      if (id !== null && !byId.has(id)) byId.set(id, raw);
    }
    const matched = new Set<RawEntry>();

    for (const row of rows) {
      const slug = row.defillama_slug;
      if (slug === null) {
        plan.notCovered.push({
          name: row.name,
          reason: `no defillama_slug: keeps its ${row.tvl_source ?? "curated"} figure`,
        });
        continue;
      }
      plan.slugOf.set(row.name, slug);
      // The stable id first; the slug only for an entry that has no id of its own (the site's
      // lite list) or the same id.
      let raw = row.defillama_id !== null ? byId.get(row.defillama_id) : undefined;
      if (raw === undefined) {
        const candidate = bySlug.get(slug);
        const candidateId = candidate === undefined ? null : entryId(candidate);
        if (candidate !== undefined && (row.defillama_id === null || candidateId === null)) raw = candidate;
        else if (candidate !== undefined) {
          plan.notCovered.push({
            name: row.name,
            reason: `${slug} is DefiLlama id ${candidateId} there, but the row says id ${row.defillama_id}: check which protocol this is; keeps ${row.tvl}`,
          });
          matched.add(candidate);
          continue;
        }
      }
      const newer = knownAfter(row, day);
      if (raw === undefined) {
        const since = row.defillama_dropped_on ?? day;
        plan.notCovered.push({ name: row.name, reason: `${slug} is not in the response: keeps ${row.tvl}` });
        if (!newer) {
          plan.dropped.push({ name: row.name, slug, reason: "not in DefiLlama's list", since });
          droppedNow.add(slug);
          if (row.defillama_dropped_on === null) plan.payload.dropped.push({ defillama_slug: slug, dropped_on: day });
        }
        continue;
      }
      matched.add(raw);
      const read = readEntry(raw);
      if ("problem" in read) {
        hold(
          slug,
          `held for review: ${slug}: DefiLlama's entry is malformed (${read.problem}); nothing about it was written`,
        );
        continue;
      }
      const entry = read.entry;

      // Identity: DefiLlama's id, listing day and audits, and a renamed slug. A list older than what
      // the row knows (knownAfter: a saved day replayed later) is no word on its identity: it would
      // take back a rename a newer list made.
      const identity: IdentityChange = { defillama_slug: slug };
      let current = slug;
      if (!newer) {
        if (entry.slug !== slug) {
          if (!SLUG_PATTERN.test(entry.slug) || entry.slug.length > 100) {
            hold(slug, `held for review: ${slug}: DefiLlama renamed it to '${entry.slug}', which is not a slug`);
          } else if (usedSlugs.has(entry.slug)) {
            hold(
              slug,
              `held for review: ${slug}: DefiLlama renamed it to ${entry.slug}, which another row already has`,
            );
          } else {
            identity.new_slug = entry.slug;
            usedSlugs.add(entry.slug);
            current = entry.slug;
            plan.known.add(entry.slug);
            plan.renames.push({ name: row.name, from: slug, to: entry.slug, id: entry.id });
            plan.slugOf.set(row.name, entry.slug);
          }
        }
        if (entry.id !== null && entry.id !== row.defillama_id && !usedIds.has(entry.id)) {
          identity.defillama_id = entry.id;
          usedIds.add(entry.id);
        }
        if (entry.listedAt !== null && entry.listedAt !== row.defillama_listed_at)
          identity.defillama_listed_at = entry.listedAt;
        if (entry.audits !== null && entry.audits !== row.defillama_audits) identity.defillama_audits = entry.audits;
      }
      if (Object.keys(identity).length > 1) plan.payload.identities.push(identity);

      if (entry.tvl === null) {
        plan.notCovered.push({
          name: row.name,
          reason: `DefiLlama lists ${current} without a TVL figure: keeps ${row.tvl}`,
        });
        if (row.defillama_dropped_on !== null && !newer)
          plan.payload.dropped.push({ defillama_slug: current, dropped_on: null });
        continue;
      }
      if (row.review_status === "tracked" && entry.tvl < threshold) {
        plan.notCovered.push({
          name: row.name,
          reason: `${current} is below the tracking threshold (${formatTvl(entry.tvl)} < ${formatTvl(threshold)}): keeps ${row.tvl}`,
        });
        if (!newer) {
          plan.dropped.push({
            name: row.name,
            slug: current,
            reason: `below the tracking threshold of ${formatTvl(threshold)}`,
            since: row.defillama_dropped_on ?? day,
          });
          droppedNow.add(current);
          if (row.defillama_dropped_on === null)
            plan.payload.dropped.push({ defillama_slug: current, dropped_on: day });
        }
        continue;
      }
      // Back in the list: the mark goes, unless this list is older than what the row knows.
      if (row.defillama_dropped_on !== null && !newer)
        plan.payload.dropped.push({ defillama_slug: current, dropped_on: null });
      planTvl(plan, row, entry, current, input);
    }

    // Tracked candidates: every RWA protocol above the threshold that no row matched.
    const takenNames = new Set(rows.map((r) => r.name.toLowerCase()));
    const candidates = input.entries
      .filter(
        (raw) => !matched.has(raw) && typeof raw.category === "string" && TRACKED_CATEGORIES.includes(raw.category),
      )
      .filter((raw) => {
        const slug = entrySlug(raw);
        const id = entryId(raw);
        return slug !== null && !usedSlugs.has(slug) && (id === null || !usedIds.has(id));
      })
      .filter(
        (raw) => !(typeof raw.tvl === "number" && raw.tvl < threshold) && raw.tvl !== null && raw.tvl !== undefined,
      )
      .sort((a, b) => (typeof b.tvl === "number" ? b.tvl : 0) - (typeof a.tvl === "number" ? a.tvl : 0));
    const seen = new Set<string>();
    for (const raw of candidates) {
      const slug = entrySlug(raw)!;
      if (seen.has(slug)) continue;
      seen.add(slug);
      plan.known.add(slug);
      const read = readEntry(raw);
      const name = typeof raw.name === "string" ? raw.name.trim() : slug;
      const category = typeof raw.category === "string" ? raw.category : null;
      if ("problem" in read) {
        plan.tracked.push({
          slug,
          name,
          tvl: "?",
          category,
          status: "skipped",
          problem: `DefiLlama's entry is malformed (${read.problem})`,
        });
        continue;
      }
      const entry = read.entry;
      const tvl = formatTvl(entry.tvl ?? 0);
      const built = trackedRow(entry, { assetClasses: input.assetClasses, takenNames });
      if ("problem" in built) {
        plan.tracked.push({ slug, name, tvl, category, status: "skipped", problem: built.problem });
        continue;
      }
      if (!accept.has(slug)) {
        plan.tracked.push({ slug, name: built.row.name, tvl, category, status: "listed", problem: null });
        continue;
      }
      plan.released.add(slug);
      acceptedInserts.add(slug);
      takenNames.add(built.row.name.toLowerCase());
      usedSlugs.add(slug);
      if (entry.id !== null) usedIds.add(entry.id);
      plan.tracked.push({ slug, name: built.row.name, tvl, category, status: "added", problem: null });
      plan.payload.inserts.push(built.row);
      plan.slugOf.set(built.row.name, slug);
      // Its first figure needs no second --accept: accepting the row is the review.
      plan.payload.tvl.push({
        defillama_slug: slug,
        tvl,
        tvl_usd: Math.round(entry.tvl!),
        blockchains: entry.chains,
      });
    }
  }

  if (input.pools !== null) {
    const byProject = poolsByProject(input.pools);
    const yieldRows: { name: string; slug: string; row: CurrentRow | null }[] = [];
    for (const row of rows) {
      const slug = plan.slugOf.get(row.name) ?? row.defillama_slug;
      if (slug === null || droppedNow.has(slug)) continue;
      yieldRows.push({ name: row.name, slug, row });
    }
    for (const insert of plan.payload.inserts)
      yieldRows.push({ name: insert.name, slug: insert.defillama_slug, row: null });
    for (const { name, slug, row } of yieldRows.sort(byName)) {
      const pick = pickYield(slug, byProject.get(slug) ?? [], parsePoolFilter(row?.yield_pools ?? null));
      if (pick.kind === "none") {
        plan.withoutPools.push(slug);
        continue;
      }
      if (pick.kind === "bad") {
        hold(slug, `held for review: ${slug} yield: a pool is malformed (${pick.reason}); the yield was not written`);
        continue;
      }
      const figure = pick.figure;
      const oldRange = row?.yield_range ?? "Unknown";
      const change: YieldChange = { name, slug, status: "unchanged", oldRange, newRange: figure.range, reason: null };
      if (row !== null && row.yield_as_of !== null && row.yield_as_of > day) {
        change.status = "kept-newer";
        change.newRange = oldRange;
        plan.yields.push(change);
        continue;
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
        continue;
      }
      plan.payload.yields.push({
        defillama_slug: slug,
        yield_range: figure.range,
        apy_min: figure.min,
        apy_max: figure.max,
        source_url: figure.sourceUrl,
      });
    }
  }
  return plan;
}

/** One covered row's TVL and chains: unchanged, updated, or held (first figure, large move). */
function planTvl(plan: Plan, row: CurrentRow, entry: LlamaEntry, slug: string, input: PlanInput) {
  const { day, accept } = input;
  const tvlUsd = Math.round(entry.tvl!);
  const tvl = formatTvl(tvlUsd);
  // Every chain DefiLlama lists, in one naming; a row DefiLlama lists no chain for keeps its own.
  const newChains = entry.chains.length > 0 ? entry.chains : row.blockchains;
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
    reason: null,
  };
  if (knownAfter(row, day)) {
    change.status = "kept-newer";
    change.newTvl = row.tvl;
    change.newUsd = change.oldUsd;
    change.newChains = row.blockchains;
    plan.changes.push(change);
    return;
  }
  const same =
    row.tvl === tvl &&
    row.tvl_usd === tvlUsd &&
    row.tvl_as_of === day &&
    row.tvl_source === "defillama" &&
    row.blockchains.join("\n") === newChains.join("\n");
  const baseline = input.baselines.get(row.defillama_slug ?? slug)?.tvl_usd ?? null;
  const reason = same ? null : tvlHoldReason(change.oldUsd, baseline, tvlUsd);
  if (reason === null) {
    change.status = same ? "unchanged" : "updated";
  } else {
    change.reason = reason === "" ? null : reason;
    change.status = accept.has(slug) || accept.has(row.defillama_slug ?? slug) ? "accepted" : "held";
    if (change.status === "accepted") plan.released.add(slug).add(row.defillama_slug ?? slug);
  }
  plan.changes.push(change);
  if (change.status === "held") {
    plan.held.push({
      slug,
      line: `held for review: ${slug} ${row.tvl} -> ${tvl}${change.reason ? ` (${change.reason})` : ""}`,
    });
    return;
  }
  plan.payload.tvl.push({ defillama_slug: slug, tvl, tvl_usd: tvlUsd, blockchains: newChains });
}

const NO_WRITES: AppliedCounts = {
  updated: 0,
  inserted: 0,
  renamed: 0,
  tvl: 0,
  yields: 0,
  dropped: 0,
  history: 0,
  yield_history: 0,
};

/** Reads one source, turning its failure into a report line instead of an exception. */
async function readSource<T>(
  read: () => Promise<unknown>,
  parse: (body: unknown) => T,
): Promise<{ value: T } | { error: string }> {
  try {
    return { value: parse(await read()) };
  } catch (error) {
    if (error instanceof SourceError) return { error: error.message };
    throw error;
  }
}

/**
 * One refresh run. The two sources fail independently: a failed protocol list writes no TVL,
 * identity, tracked or dropped change, a failed yields source writes no yield, and the other
 * source's changes are still written. When every source read fails, SourceError is thrown and
 * nothing is written. The database is written by one call at the end (one transaction).
 */
export async function refreshProtocols(options: RefreshOptions): Promise<RefreshReport> {
  const log = options.log ?? (() => {});
  const { day, source, store } = options;
  if (!isIsoDay(day)) throw new RefreshUsageError(`The run's date must be a real YYYY-MM-DD day, got '${day}'.`);
  const accept = new Set([...(options.accept ?? []), ...(options.acceptListed ?? [])]);
  const threshold = options.trackThreshold ?? DEFAULT_TRACK_THRESHOLD_USD;
  if (!Number.isFinite(threshold) || threshold < 0)
    throw new RefreshUsageError(`The tracking threshold must be a non-negative amount of dollars, got ${threshold}.`);

  const failures: RefreshReport["failures"] = [];
  const list = await readSource(
    () => source.list(),
    (body) => parseProtocolList(body, source.label),
  );
  if ("error" in list) failures.push({ source: "protocols", message: list.error });
  let pools: RawPool[] | null = null;
  if (source.yields) {
    const yields = source.yields;
    const read = await readSource(
      () => yields.read(),
      (body) => parseYieldsResponse(body, yields.label),
    );
    if ("error" in read) failures.push({ source: "yields", message: read.error });
    else pools = read.value;
  }
  const entries = "value" in list ? list.value : null;
  if (entries === null && pools === null) {
    throw new SourceError(failures.map((f) => f.message).join("; and "));
  }

  const rows = await store.currentRows();
  const baselines = new Map((await store.baselines(day)).map((b) => [b.defillama_slug, b]));
  const plan = planRefresh({
    rows,
    entries,
    pools,
    baselines,
    day,
    accept,
    threshold,
    assetClasses: options.assetClasses,
  });
  if (entries !== null) {
    const unknown = [...new Set(options.accept ?? [])].filter((slug) => !plan.known.has(slug));
    if (unknown.length > 0) {
      throw new RefreshUsageError(
        `--accept ${unknown.join(", ")}: no protocol has that defillama_slug and DefiLlama's list has no such slug. Nothing was written.`,
      );
    }
  }

  const backfill: RefreshReport["backfill"] = [];
  if (options.backfill && entries !== null) {
    for (const row of [...rows].sort(byName)) {
      const slug = plan.slugOf.get(row.name);
      if (slug === undefined) continue;
      const body = await source.history(slug);
      if (body === null) {
        backfill.push({ slug, points: 0, skipped: 0, problem: null });
        continue;
      }
      let parsed: { points: HistoryPoint[]; skipped: number };
      try {
        parsed = parseProtocolHistory(body, source.historyLabel(slug));
      } catch (error) {
        if (!(error instanceof SourceError)) throw error;
        backfill.push({ slug, points: 0, skipped: 0, problem: error.message });
        continue;
      }
      // The run's own day comes from the list (the figure the guardrail checked), not the history.
      const kept = parsed.points.filter((p) => p.day < day);
      backfill.push({ slug, points: kept.length, skipped: parsed.skipped, problem: null });
      for (const point of kept)
        plan.payload.history.push({ defillama_slug: slug, day: point.day, tvl_usd: point.tvlUsd });
    }
  }

  const payload = plan.payload;
  const anything = Object.values(payload).some((section) => section.length > 0);
  let written = NO_WRITES;
  if (!options.dryRun && anything) written = await store.apply(day, payload);

  const report: RefreshReport = {
    day,
    source: source.label,
    yieldsSource: source.yields?.label ?? null,
    dryRun: options.dryRun === true,
    changes: plan.changes,
    yields: plan.yields,
    held: plan.held,
    notCovered: plan.notCovered,
    renames: plan.renames,
    tracked: plan.tracked,
    dropped: plan.dropped,
    withoutPools: plan.withoutPools,
    failures,
    written,
    backfill,
    counts: {
      updated: plan.changes.filter((c) => c.status === "updated" || c.status === "accepted").length,
      unchanged: plan.changes.filter((c) => c.status === "unchanged" || c.status === "kept-newer").length,
      held: plan.changes.filter((c) => c.status === "held").length,
      notCovered: plan.notCovered.length,
      newTracked: plan.tracked.filter((t) => t.status === "listed").length,
      added: plan.tracked.filter((t) => t.status === "added").length,
      renamed: plan.renames.length,
      dropped: plan.dropped.length,
      yieldsUpdated: plan.yields.filter((y) => y.status === "updated" || y.status === "accepted").length,
      yieldsUnchanged: plan.yields.filter((y) => y.status === "unchanged" || y.status === "kept-newer").length,
      yieldsHeld: plan.yields.filter((y) => y.status === "held").length,
    },
    payload,
  };
  for (const line of formatReport(report, [...new Set(options.accept ?? [])], plan.released, options.acceptListed))
    log(line);
  return report;
}

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
  const w = report.written;
  lines.push(
    report.dryRun
      ? "Dry run: nothing was written."
      : `Written in one transaction: ${w.updated} protocol rows changed, ${w.inserted} added, ${w.history} history rows written, ${w.yield_history} yield history rows written.`,
  );
  return lines;
}

/** A source over HTTP: DefiLlama itself (the default bases) with the 10 s deadline per request. */
export function httpSource(
  fetchJsonImpl: (url: string) => Promise<unknown>,
  base: string,
  yieldsUrl: string | null = YIELDS_API,
): RefreshSource {
  return {
    label: `${base}/protocols`,
    list: () => fetchJsonImpl(`${base}/protocols`),
    history: (slug) => fetchJsonImpl(`${base}/protocol/${encodeURIComponent(slug)}`),
    historyLabel: (slug) => `${base}/protocol/${slug}`,
    ...(yieldsUrl === null ? {} : { yields: { label: yieldsUrl, read: () => fetchJsonImpl(yieldsUrl) } }),
  };
}
