// What a rule over one row of data/protocols.csv is given (rules/protocols.ts runs them in order):
// the row's cells, the day the check runs on, the check's options and the rows before it.
import type { Add } from "./cells.ts";
import type { Column } from "./protocol-row.ts";

export type CheckOptions = {
  /** The date the rules are evaluated on (YYYY-MM-DD): "future" and "too old" are relative to it. */
  today: string;
  /** false skips the 120-day freshness rule (data:build: an old snapshot is still a valid seed). */
  freshness?: boolean;
  /**
   * The reviewed asset classes (data/asset-classes.csv) by DefiLlama slug: a tracked row must
   * carry its mapping, or 'Unclassified' when it has none. Not checked when absent.
   */
  assetClassMap?: ReadonlyMap<string, readonly string[]>;
};

/** Reports a problem in one of the row's columns. */
export type RowAdd = Add<Column>;

/** One data row as the row rules read it. */
export type Row = {
  line: number;
  cell: (column: Column) => string;
  /** review_status 'tracked': listed from DefiLlama, its terms and risk not reviewed yet. */
  tracked: boolean;
  today: string;
  todayMs: number;
  options: CheckOptions;
  /** The rows before this one, for the rules that keep a value unique. */
  seen: FirstLines;
  add: RowAdd;
};

/** The line each name (lower case), DefiLlama slug and DefiLlama id first stands on. */
export type FirstLines = { names: Map<string, number>; slugs: Map<string, number>; ids: Map<number, number> };

/** A rule over one row: it reports each problem it finds with add(column, message). */
export type RowRule = (row: Row) => void;

/** Remembers the first line a key stands on; returns that line when the key came before. */
export function firstLineOf<K>(firstLines: Map<K, number>, key: K, line: number): number | undefined {
  const first = firstLines.get(key);
  if (first === undefined) firstLines.set(key, line);
  return first;
}
