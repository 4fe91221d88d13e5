// The run's change log under Deno (npm run test:deno): the real core over an in-memory store and a
// saved list; the entries travel in the payload of the one write call (payload.log), for figures
// the run writes and never for a small move or a held one. No network.
import * as assert from "../_shared/test_assert.ts";
import { DEFAULT_CHANGE_THRESHOLDS } from "./lib/change-rules.ts";
import { planChangeLog } from "./lib/plan-change-log.ts";
import { currentRow } from "./test_deps.ts";
import type { Plan, PlanInput } from "./lib/plan-state.ts";
import { planRefresh } from "./lib/plan.ts";
import { refreshProtocols } from "./lib/refresh.ts";
import { screenPayload } from "./lib/screen.ts";
import type { ChangeWindow, CurrentRow, RefreshChanges, RefreshSource, RefreshStore } from "./lib/types.ts";

// DefiLlama's 2025-12-19 figures for three protocols.
const SAVED_LIST = [
  { name: "Lofty", slug: "lofty", category: "RWA", tvl: 99180168.09804487, chains: ["Algorand"] },
  { name: "Paxos Gold", slug: "paxos-gold", category: "RWA", tvl: 1528522378.0911238, chains: ["Ethereum"] },
  { name: "Meld Gold", slug: "meld-gold", category: "RWA", tvl: 10308312.924253188, chains: ["Algorand"] },
];

const row = (name: string, slug: string, usd: number): CurrentRow => currentRow(name, slug, usd);

const source: RefreshSource = {
  label: "saved list",
  list: () => Promise.resolve(SAVED_LIST),
  history: () => Promise.resolve(null),
  historyLabel: (slug) => slug,
};

async function run(
  rows: CurrentRow[],
  windows: ChangeWindow[],
  thresholds?: { tvlDayPct: number; tvlWeekPct: number; yieldPoints: number },
) {
  const applied: RefreshChanges[] = [];
  const store: RefreshStore = {
    currentRows: () => Promise.resolve(rows),
    baselines: () => Promise.resolve([]),
    changeWindows: () => Promise.resolve(windows),
    apply(_day, changes) {
      applied.push(changes);
      const counts = {
        updated: 0,
        inserted: 0,
        renamed: 0,
        tvl: 0,
        yields: 0,
        dropped: 0,
        history: 0,
        yield_history: 0,
      };
      return Promise.resolve({ ...counts, changes: changes.log.length });
    },
  };
  const report = await refreshProtocols({ store, source, day: "2025-12-19", changeThresholds: thresholds });
  return { report, log: applied[0]?.log ?? [] };
}

const rows = () => [
  // Paxos: $1.2B a week ago, +27%. Lofty: $95M the day before, +4.4%. Meld: $2M the day before, a jump held for review.
  row("Paxos Gold (PAXG)", "paxos-gold", 1_250_000_000),
  row("Lofty", "lofty", 95_000_000),
  row("Meld Gold", "meld-gold", 2_000_000),
];
const windows: ChangeWindow[] = [
  { defillama_slug: "paxos-gold", points: [{ day: "2025-12-14", usd: 1_200_000_000 }], last_tvl_change: null },
  { defillama_slug: "lofty", points: [{ day: "2025-12-18", usd: 95_000_000 }], last_tvl_change: null },
  { defillama_slug: "meld-gold", points: [{ day: "2025-12-18", usd: 2_000_000 }], last_tvl_change: null },
];

Deno.test("a move past the thresholds is logged with its figure; a small or held one is not", async () => {
  const { report, log } = await run(rows(), windows);
  assert.deepEqual(
    report.held.map((h) => h.slug),
    ["meld-gold"],
  );
  // Paxos: +22% against the day before (1.25B), so a '1d' move, measured against the published figure.
  assert.deepEqual(log, [
    {
      defillama_slug: "paxos-gold",
      kind: "tvl",
      field: "1d",
      old_value: "1250000000",
      new_value: "1528522378",
      reason: "A move of 10% or more in a day.",
      source_url: "https://defillama.com/protocol/paxos-gold",
    },
  ]);
  assert.equal(report.written.changes, 1);
});

Deno.test("the thresholds are settings: a stricter day threshold logs Lofty's 4.4% too", async () => {
  const { log } = await run(rows(), windows, { tvlDayPct: 4, tvlWeekPct: 20, yieldPoints: 1 });
  assert.deepEqual(
    log.map((e) => `${e.defillama_slug} ${e.field}`),
    ["lofty 1d", "paxos-gold 1d"],
  );
});

Deno.test("a week's move is measured from the last one recorded, so one drop is told once", async () => {
  const week: ChangeWindow[] = [
    {
      defillama_slug: "paxos-gold",
      points: [
        { day: "2025-12-14", usd: 1_200_000_000 },
        { day: "2025-12-16", usd: 1_500_000_000 },
      ],
      last_tvl_change: "2025-12-16",
    },
  ];
  const published = [{ ...row("Paxos Gold (PAXG)", "paxos-gold", 1_500_000_000), tvl_as_of: "2025-12-16" }];
  assert.deepEqual((await run(published, week)).log, []);
  const { log } = await run(published, [{ ...week[0]!, last_tvl_change: null }]);
  assert.deepEqual(
    log.map((e) => `${e.kind} ${e.field} ${e.old_value}`),
    ["tvl 7d 1200000000"],
  );
});

Deno.test("a rename the last check before SQL takes out is not logged, so it cannot abort the call", () => {
  // DefiLlama renamed Paxos' entry (same id, new slug) and moved its TVL 22% in a day.
  const renamed = [{ ...SAVED_LIST[1]!, id: "4242", slug: "paxos-gold-v2" }];
  const input = (): PlanInput => ({
    rows: [{ ...row("Paxos Gold (PAXG)", "paxos-gold", 1_250_000_000), defillama_id: 4242 }],
    entries: renamed,
    pools: null,
    baselines: new Map(),
    day: "2025-12-19",
    accept: new Set(),
    threshold: 1_000_000_000_000,
  });
  const logOf = (plan: Plan) =>
    planChangeLog({
      plan,
      rows: input().rows,
      day: "2025-12-19",
      windows: new Map(),
      thresholds: DEFAULT_CHANGE_THRESHOLDS,
    }).map((e) => `${e.kind} ${e.defillama_slug}`);

  const clean = planRefresh(input());
  assert.deepEqual(
    screenPayload(clean, () => {}),
    [],
  );
  assert.deepEqual(logOf(clean), ["renamed paxos-gold-v2", "tvl paxos-gold-v2"]);

  // A value a future field lets through (a NUL in the identity's listing day) holds the protocol.
  const dirty = planRefresh(input());
  dirty.payload.identities[0]!.defillama_listed_at = "2025-12-19\u0000";
  assert.deepEqual(
    screenPayload(dirty, () => {}),
    ["paxos-gold"],
  );
  assert.deepEqual(dirty.payload.identities, []);
  assert.deepEqual(logOf(dirty), [], "no entry names paxos-gold-v2, a slug no row will have");
});
