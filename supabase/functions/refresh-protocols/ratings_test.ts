// The run's ratings under Deno (npm run test:deno): the real core over an in-memory store with what
// the rating reads (the store's ratingInputs); the computed factors, the level and their change-log
// entries travel in the payload of the one write call (payload.ratings, payload.log), for a figure
// the run writes and never for a held one. No network.
import * as assert from "../_shared/test_assert.ts";
import { ratingInputFrom } from "./lib/rating-inputs.ts";
import { refreshProtocols } from "./lib/refresh.ts";
import { currentRow } from "./test_deps.ts";
import type { CurrentRow, RatingInput, RefreshChanges, RefreshStore } from "./lib/types.ts";

const listed2020 = Date.parse("2020-01-01T00:00:00Z") / 1000;
// DefiLlama's 2025-12-19 figures, with an audits flag and a listing day.
const LIST = [
  {
    name: "Paxos Gold",
    slug: "paxos-gold",
    category: "RWA",
    tvl: 1528522378.09,
    chains: ["Ethereum"],
    audits: "0",
    listedAt: listed2020,
  },
  {
    name: "Meld Gold",
    slug: "meld-gold",
    category: "RWA",
    tvl: 10308312.92,
    chains: ["Algorand"],
    audits: "0",
    listedAt: listed2020,
  },
];

const row = (name: string, slug: string, usd: number): CurrentRow =>
  currentRow(name, slug, usd, { defillama_listed_at: "2020-01-01", defillama_audits: 2 });

const researched = (["asset", "legal", "custody"] as const).map((factor) => ({
  factor,
  level: "High" as const,
  finding: "A researched finding.",
  source_url: "https://example.org/evidence",
  computed: false,
}));
const computed = (factor: "contract" | "track_record", level: "Low" | "Medium") => ({
  factor,
  level,
  finding: "A computed finding.",
  source_url: "https://defillama.com/protocol/x",
  computed: true,
});
const input = (slug: string): RatingInput => ({
  defillama_slug: slug,
  risk_level: "Medium",
  factors: [
    ...researched,
    { ...researched[0]!, factor: "redemption", level: "Medium" },
    { ...researched[0]!, factor: "regulation", level: "Medium" },
    computed("contract", "Medium"),
    computed("track_record", "Low"),
  ],
  launch: null,
  history: [],
});

async function run(inputs: RatingInput[] = [input("paxos-gold"), input("meld-gold")]) {
  const applied: RefreshChanges[] = [];
  const store: RefreshStore = {
    // Paxos: $1.5B the day before. Meld: $2M the day before, so its $10M is held for review.
    currentRows: () =>
      Promise.resolve([
        row("Paxos Gold (PAXG)", "paxos-gold", 1_500_000_000),
        row("Meld Gold", "meld-gold", 2_000_000),
      ]),
    baselines: () => Promise.resolve([]),
    changeWindows: () => Promise.resolve([]),
    ratingInputs: () => Promise.resolve(inputs),
    apply(_day, changes) {
      applied.push(changes);
      return Promise.resolve({
        updated: 0,
        inserted: 0,
        renamed: 0,
        tvl: 0,
        yields: 0,
        dropped: 0,
        history: 0,
        yield_history: 0,
        changes: changes.log.length,
      });
    },
  };
  const source = {
    label: "saved list",
    list: () => Promise.resolve(LIST),
    history: () => Promise.resolve(null),
    historyLabel: (slug: string) => slug,
  };
  const report = await refreshProtocols({ store, source, day: "2025-12-19" });
  return { report, changes: applied[0] };
}

Deno.test(
  "a changed audits flag rewrites the computed factors and the level, and logs both, in the write call",
  async () => {
    const { report, changes } = await run();
    assert.deepEqual(
      report.held.map((h) => h.slug),
      ["meld-gold"],
    );
    // DefiLlama records no audit now (0): the contract is Unknown. 3+3+3+2+2+4+1 = 18/7: High. Meld
    // Gold, held, has no rating and no entry.
    assert.deepEqual(changes.ratings, [
      {
        defillama_slug: "paxos-gold",
        risk_level: "High",
        factors: [
          {
            factor: "track_record",
            level: "Low",
            finding: "TVL $1.5B on 2025-12-19, listed by DefiLlama since 2020-01-01 (5 years).",
            source_url: "https://defillama.com/protocol/paxos-gold",
          },
        ],
      },
    ]);
    assert.deepEqual(
      changes.log.map((e) => [e.defillama_slug, e.kind, e.field, e.old_value, e.new_value]),
      [
        ["paxos-gold", "risk_factor", "contract", "Medium", "Unknown"],
        ["paxos-gold", "risk_level", null, "Medium", "High"],
      ],
    );
  },
);

Deno.test(
  "a rating that fails on a value no check foresaw holds that protocol whole, named in the report",
  async () => {
    const broken = { ...input("paxos-gold"), factors: 1 as unknown as RatingInput["factors"] };
    const { report, changes } = await run([broken, input("meld-gold")]);
    assert.deepEqual(
      report.held.map((h) => h.slug),
      ["meld-gold", "paxos-gold"],
    );
    assert.ok(report.held[1]!.line.startsWith("held for review: paxos-gold: rating it failed ("));
    // Nothing about it is written (not even its audits flag), and nothing is logged for it.
    assert.deepEqual(changes!.identities, [{ defillama_slug: "meld-gold", defillama_audits: 0 }]);
    assert.deepEqual([changes!.tvl, changes!.history, changes!.ratings, changes!.log], [[], [], [], []]);
    assert.deepEqual(
      report.changes.map((c) => [c.slug, c.status]),
      [
        ["meld-gold", "held"],
        ["paxos-gold", "held"],
      ],
    );
  },
);

Deno.test("what the rating reads is read defensively: a value the tables would refuse counts as missing", () => {
  const [read] = ratingInputFrom({
    defillama_slug: "fund",
    risk_level: "Safe",
    factors: [
      { factor: "asset", level: "Low", finding: "Bills.", source_url: "https://example.org/a", computed: false },
      { factor: "asset", level: "Fine", finding: "Bills.", source_url: "https://example.org/a", computed: false },
      { factor: "moon", level: "Low", finding: "x", source_url: "https://example.org/a", computed: true },
    ],
    launch: { date: "2024-13", source_url: "https://example.org/launch" },
    history: [
      { day: "2026-11-20", tvl_usd: 1200000000 },
      { day: "2026-11-20T00:00:00Z", tvl_usd: 1 },
      { day: "2026-11-21", tvl_usd: "not a number" },
    ],
  });
  assert.deepEqual(read, {
    defillama_slug: "fund",
    risk_level: null,
    factors: [
      { factor: "asset", level: "Low", finding: "Bills.", source_url: "https://example.org/a", computed: false },
    ],
    launch: null,
    history: [{ day: "2026-11-20", tvl_usd: 1200000000 }],
  });
  assert.deepEqual(ratingInputFrom({ defillama_slug: null }), []);
});
