// data:push's second step: the risk factors (data/risk-evidence.csv plus the computed ones) replace
// the live rows, and every change of a researched factor's level or of the overall level between
// the live tables and the new data is recorded in public.protocol_changes, in one transaction
// (public.sync_protocol_risk_factors).
import { NO_RATING, ratingState, type RatingState } from "../../src/lib/risk-changes.ts";
import { FACTOR_LABELS, isRiskFactor, isRiskStep, type RiskStep } from "../../src/lib/risk-rating.ts";
import { ratingStates, reviewChanges } from "./rating-states.ts";
import { riskEntries } from "./risk-factors.ts";
import { todayUtc } from "./rules/cells.ts";
import { checkHistoryCsv } from "./rules/history.ts";
import { formatProblem } from "./rules/problem.ts";
import type { ProtocolRow } from "./rules/protocol-row.ts";
import { checkLaunchDatesCsv } from "./rules/launch-dates.ts";
import { checkRiskEvidenceCsv, evidenceProtocols } from "./rules/risk-evidence.ts";
import { checkCsvSources } from "./rules/source-tiers.ts";

export const RISK_MIGRATION_FILE = "supabase/migrations/20261127140000_risk_evidence_provenance.sql";
export const LAUNCH_MIGRATION_FILE = "supabase/migrations/20261127140100_protocol_launch_dates.sql";

const FACTOR_COLUMNS = [
  "factor",
  "level",
  "finding",
  "source_url",
  "source_kind",
  "source_tier",
  "document_date",
  "read_on",
  "computed",
] as const;

/** The data the risk step reads; without `launchText` the launch dates are neither used nor replaced. */
export type RiskFiles = { evidenceText: string; historyText: string; launchText?: string };

type LiveFactor = Record<(typeof FACTOR_COLUMNS)[number], unknown> & { protocol_id: string };

export class RiskPushError extends Error {}

/** The live rating of every protocol: its factor rows and the level its row held before the push. */
function liveStates(
  factors: readonly LiveFactor[],
  names: ReadonlyMap<string, string>,
  before: readonly ProtocolRow[],
): Map<string, RatingState> {
  const grouped = new Map<string, LiveFactor[]>();
  for (const row of factors) {
    const name = names.get(row.protocol_id);
    if (name !== undefined) grouped.set(name, [...(grouped.get(name) ?? []), row]);
  }
  return new Map(
    before.map((row) => {
      const rows = (grouped.get(row.name) ?? []).flatMap((f) =>
        isRiskFactor(String(f.factor)) && isRiskStep(String(f.level))
          ? [
              {
                factor: String(f.factor) as never,
                level: String(f.level) as RiskStep,
                computed: f.computed === true,
                finding: String(f.finding),
                sourceUrl: String(f.source_url),
              },
            ]
          : [],
      );
      const state = rows.length === 0 ? { ...NO_RATING } : ratingState(rows);
      return [row.name, { ...state, level: (row.risk_level as RiskStep | null) ?? null }];
    }),
  );
}

const LAUNCH_OUT = ["launch_date", "source_url", "source_kind", "source_tier", "document_date", "read_on"] as const;

/** Whether the live rows (by protocol id) hold exactly the wanted ones (by name), in these columns. */
function sameRows(
  live: ReadonlyArray<Record<string, unknown>>,
  wanted: ReadonlyArray<Record<string, unknown>>,
  names: ReadonlyMap<string, string>,
  columns: readonly string[],
): boolean {
  const key = (name: unknown, row: Record<string, unknown>) =>
    JSON.stringify([name, ...columns.map((c) => row[c] ?? null)]);
  const liveKeys = new Set(live.map((row) => key(names.get(String(row.protocol_id)) ?? "", row)));
  return live.length === wanted.length && wanted.every((row) => liveKeys.has(key(row.name, row)));
}

export async function pushRisk(args: {
  call: (path: string, init: RequestInit | undefined, action: string) => Promise<unknown>;
  /** The protocols as the database held them before this push (their old overall levels). */
  before: readonly ProtocolRow[];
  /** The protocols as pushed. */
  rows: readonly ProtocolRow[];
  files: RiskFiles;
  /** The day the changes take effect. */
  day: string;
  dryRun: boolean;
  log: (line: string) => void;
}): Promise<void> {
  const { call, log } = args;
  const evidence = checkRiskEvidenceCsv(args.files.evidenceText, evidenceProtocols(args.rows), todayUtc());
  const never = checkCsvSources(args.files.evidenceText);
  const launches =
    args.files.launchText === undefined
      ? null
      : checkLaunchDatesCsv(args.files.launchText, new Set(args.rows.map((r) => r.name)), todayUtc());
  const problems = [
    ...[...evidence.problems, ...never].map((p) => `data/risk-evidence.csv ${formatProblem(p)}`),
    ...(launches?.problems ?? []).map((p) => `data/launch-dates.csv ${formatProblem(p)}`),
  ];
  if (problems.length > 0) {
    for (const problem of problems) log(problem);
    throw new RiskPushError(
      `data:push refused the risk factors: the evidence has ${problems.length} problem(s) (see npm run data:check). The protocols above were pushed; the risk factors were not.`,
    );
  }
  const history = checkHistoryCsv(args.files.historyText, args.rows).rows;
  const entries = riskEntries(args.rows, history, evidence.rows, launches?.rows ?? []);
  const factors = entries.flatMap(({ name, records }) =>
    records.map((r) => ({ name, ...Object.fromEntries(FACTOR_COLUMNS.map((c) => [c, r[c]])) })),
  );

  let live: LiveFactor[];
  try {
    live = (await call(
      `/rest/v1/protocol_risk_factors?select=protocol_id,${FACTOR_COLUMNS.join(",")}`,
      undefined,
      "Reading the current risk factors",
    )) as LiveFactor[];
  } catch (error) {
    if (error instanceof Error && /source_kind|source_tier|document_date/.test(error.message))
      throw new RiskPushError(
        `The database's risk factors have no source tiers yet: apply ${RISK_MIGRATION_FILE} first.`,
      );
    throw error;
  }
  const ids = (await call("/rest/v1/protocols?select=id,name", undefined, "Reading the protocols' ids")) as Array<{
    id: string;
    name: string;
  }>;
  const names = new Map(ids.map((r) => [r.id, r.name]));
  const changes = reviewChanges(liveStates(live, names, args.before), ratingStates(entries, args.rows)).map(
    ({ protocol, change }) => ({
      name: protocol,
      day: args.day,
      kind: change.kind,
      field: change.field,
      old_value: change.oldValue,
      new_value: change.newValue,
      reason: change.reason,
      source_url: change.sourceUrl,
    }),
  );
  for (const c of changes)
    log(`  ${c.name}: ${c.field === null ? "overall" : FACTOR_LABELS[c.field]} ${c.old_value} -> ${c.new_value}`);

  const launchRows = launches?.rows.map(({ protocol, ...launch }) => ({ name: protocol, ...launch })) ?? null;
  let liveLaunches: Array<Record<string, unknown>> | null = null;
  if (launchRows !== null) {
    try {
      liveLaunches = (await call(
        `/rest/v1/protocol_launch_dates?select=protocol_id,${LAUNCH_OUT.join(",")}`,
        undefined,
        "Reading the current launch dates",
      )) as Array<Record<string, unknown>>;
    } catch (error) {
      if (error instanceof Error && error.message.includes("protocol_launch_dates"))
        throw new RiskPushError(`The database has no launch dates yet: apply ${LAUNCH_MIGRATION_FILE} first.`);
      throw error;
    }
  }
  const same =
    sameRows(live, factors, names, FACTOR_COLUMNS) &&
    (launchRows === null || sameRows(liveLaunches!, launchRows, names, LAUNCH_OUT));
  if (same && changes.length === 0) {
    log("Risk factors: the database already matches.");
    return;
  }
  log(`Risk factors: ${factors.length} row(s) to write, ${changes.length} rating change(s) to record.`);
  if (args.dryRun) {
    log("Dry run: no risk factor was written.");
    return;
  }
  const result = (await call(
    "/rest/v1/rpc/sync_protocol_risk_factors",
    {
      method: "POST",
      body: JSON.stringify({ factors, changes, ...(launchRows === null ? {} : { launches: launchRows }) }),
    },
    "Calling sync_protocol_risk_factors (nothing was changed)",
  )) as { deleted: number; inserted: number; recorded: number; launches: number | null };
  const launched = result.launches === null ? "" : `, ${result.launches} launch date(s)`;
  log(
    `Risk factors pushed in one transaction: ${result.deleted} replaced by ${result.inserted}${launched}, ${result.recorded} change(s) recorded.`,
  );
}
