// The refresh's shapes: the rows it reads, the writes it sends in one call
// (public.apply_protocol_refresh), the source and store it is given, and the report it returns.
// Runtime-neutral: types only.
import type { RiskFactor, RiskStep } from "../../_shared/risk-rating.ts";
import type { ChangeThresholds } from "./change-rules.ts";
import type { TrackedInsert } from "./tracked.ts";

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
/** A product's pool filter as the store reads it (public.products with its protocol's slug). */
export type ProductPools = { defillama_slug: string; symbol: string; pool_symbols: string[] };

export type ProductYieldUpdate = {
  defillama_slug: string;
  symbol: string;
  apy_min: number;
  apy_max: number;
  source_url: string;
};
export type YieldNoteUpdate = { defillama_slug: string; yield_note: string | null };

/** The products section of public.apply_protocol_refresh_with_products. */
export type ProductChanges = { yields: ProductYieldUpdate[]; notes: YieldNoteUpdate[] };

export type DroppedUpdate = { defillama_slug: string; dropped_on: string | null };

/**
 * One entry of the public change log (public.protocol_changes), recorded on the run's day for the
 * row that has `defillama_slug` once the run's writes are applied (plan-change-log.ts).
 */
export type ChangeLogEntry = {
  defillama_slug: string;
  kind: "listed" | "dropped" | "renamed" | "tvl" | "yield" | "risk_level" | "risk_factor";
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  reason: string | null;
  source_url: string | null;
};

/**
 * What the rating reads of one protocol (public.protocol_rating_inputs, by its slug before the run):
 * the level its row holds, its factor rows (researched and computed), its researched launch date and
 * its DefiLlama TVL history.
 */
export type RatingInput = {
  defillama_slug: string;
  risk_level: RiskStep | null;
  factors: { factor: RiskFactor; level: RiskStep; finding: string; source_url: string; computed: boolean }[];
  launch: { date: string; source_url: string } | null;
  history: { day: string; tvl_usd: number }[];
};

/**
 * One protocol's rating as the run writes it (after its figures, in the same transaction): its
 * computed factor rows, which replace the computed rows it has (read on the run's day; a researched
 * row for the same factor wins), and its overall level (null: 'Not rated').
 */
export type RatingUpdate = {
  defillama_slug: string;
  risk_level: RiskStep | null;
  factors: { factor: RiskFactor; level: RiskStep; finding: string; source_url: string }[];
};

/** Per protocol (its slug before the run): its TVL points of the 7 days before the run and its last recorded TVL move (public.protocol_change_windows). */
export type ChangeWindow = {
  defillama_slug: string;
  points: { day: string; usd: number }[];
  last_tvl_change: string | null;
};

/**
 * One run's writes, as public.apply_protocol_refresh_logged takes them (every slug after renames
 * but identities'): the figures, and the change log they make, in one transaction.
 */
export type RefreshChanges = {
  identities: IdentityChange[];
  inserts: TrackedInsert[];
  tvl: TvlUpdate[];
  history: HistoryUpdate[];
  yields: YieldUpdate[];
  dropped: DroppedUpdate[];
  /** The computed factors and the level of every protocol whose figure the run writes. */
  ratings: RatingUpdate[];
  log: ChangeLogEntry[];
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
  /** Change-log rows recorded (one already recorded for the day is not counted). */
  changes: number;
  /** Products whose DefiLlama yield was written, and yield notes set or cleared (issue 28). */
  product_yields?: number;
  yield_notes?: number;
  /** Protocols whose overall level the run changed, and computed factor rows written (issue 32). */
  risk_levels?: number;
  risk_factors?: number;
};

export type RefreshStore = {
  currentRows(): Promise<CurrentRow[]>;
  baselines(day: string): Promise<Baseline[]>;
  changeWindows(day: string): Promise<ChangeWindow[]>;
  /** What the rating reads of each protocol; a store without it rates nothing (tests of other parts). */
  ratingInputs?(): Promise<RatingInput[]>;
  /** Each product's pool filter; a store without it writes no product yield. */
  productPools?(): Promise<ProductPools[]>;
  /**
   * One transaction: the changes and the change log they make, and with `products` the products'
   * yields and the yield notes too.
   */
  apply(day: string, changes: RefreshChanges, products?: ProductChanges): Promise<AppliedCounts>;
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
  /** When a move goes into the change log (default DEFAULT_CHANGE_THRESHOLDS: 10% a day, 20% over 7 days, 1 point). */
  changeThresholds?: ChangeThresholds;
  log?: (line: string) => void;
};
