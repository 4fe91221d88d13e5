// The refresh recomputes the rating (issue 32): npm run data:refresh against the local API on the
// real migrations (PGlite), with DefiLlama's saved list in which a protocol's audits flag, then its
// listing date, changes between runs. Each run writes the protocol's computed factors, its level and
// the change rows in the same transaction as its figure; a held figure writes none of them.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { day, refreshHarness, SAVED_LIST } from "./refresh-test-run.ts";

const { memory, rewind, refresh } = refreshHarness();
const dir = mkdtempSync(path.join(tmpdir(), "refresh-ratings-"));
const saved = JSON.parse(readFileSync(SAVED_LIST, "utf8")) as Array<Record<string, unknown>>;
const listedAt = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
const tvlOf = (slug: string) => Math.round(saved.find((e) => e.slug === slug)!.tvl as number);

/** DefiLlama's saved list with these fields changed per slug, saved for --source-file. */
function list(name: string, changes: Record<string, Record<string, unknown>>): string {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(saved.map((entry) => ({ ...entry, ...changes[entry.slug as string] }))));
  return file;
}

const run = (file: string, asOf: string) =>
  refresh(["--source-file", file, "--as-of", asOf], { now: "2026-12-05T07:00:00Z" });

/** A protocol's researched factors only, with these levels, and the level its row holds. */
async function researchedOnly(slug: string, levels: Record<string, string>, riskLevel: string | null) {
  await memory.db.query(
    `delete from public.protocol_risk_factors f using public.protocols p where p.id = f.protocol_id and p.defillama_slug = $1`,
    [slug],
  );
  await memory.db.query(
    `delete from public.protocol_launch_dates l using public.protocols p where p.id = l.protocol_id and p.defillama_slug = $1`,
    [slug],
  );
  for (const [factor, level] of Object.entries(levels)) {
    await memory.db.query(
      `insert into public.protocol_risk_factors
         (protocol_id, factor, level, finding, source_url, source_kind, source_tier, document_date, read_on, computed)
       select id, $2, $3, 'A researched finding.', 'https://example.org/evidence', 'Documentation', 'primary',
              'undated', '2026-11-27', false
       from public.protocols where defillama_slug = $1`,
      [slug, factor, level],
    );
  }
  await memory.db.query(`update public.protocols set risk_level = $2 where defillama_slug = $1`, [slug, riskLevel]);
}

/** Publishes a figure on a day, as a run before would have. */
async function published(slug: string, usd: number, asOf: string) {
  await memory.db.query(
    `update public.protocols set tvl_usd = $2, tvl = '$1M', tvl_as_of = $3, tvl_source = 'defillama',
       defillama_audits = null, defillama_listed_at = null where defillama_slug = $1`,
    [slug, usd, asOf],
  );
}

type FactorRow = {
  factor: string;
  level: string;
  computed: boolean;
  source_url: string;
  source_kind: string;
  source_tier: string;
  document_date: string;
  read_on: unknown;
};

async function factors(slug: string) {
  const { rows } = await memory.db.query<FactorRow>(
    `select f.factor, f.level, f.computed, f.source_url, f.source_kind, f.source_tier, f.document_date, f.read_on
     from public.protocol_risk_factors f join public.protocols p on p.id = f.protocol_id
     where p.defillama_slug = $1 order by f.factor`,
    [slug],
  );
  return rows.map((row) => ({ ...row, read_on: day(row.read_on) }));
}
const computedOf = async (slug: string) =>
  (await factors(slug)).filter((f) => f.computed).map((f) => `${f.factor} ${f.level} ${f.read_on}`);

async function level(slug: string) {
  const { rows } = await memory.db.query<{ risk_level: string | null }>(
    "select risk_level from public.protocols where defillama_slug = $1",
    [slug],
  );
  return rows[0]!.risk_level;
}

async function riskChanges(slug: string, on: string) {
  const { rows } = await memory.db.query<Record<string, unknown>>(
    `select c.kind, c.field, c.old_value, c.new_value, c.reason, c.source_url, c.recorded_by
     from public.protocol_changes c join public.protocols p on p.id = c.protocol_id
     where p.defillama_slug = $1 and c.day = $2 and c.kind in ('risk_factor', 'risk_level')
     order by c.kind, c.field`,
    [slug, on],
  );
  return rows;
}

// Paxos Gold: five researched factors (three High, two Medium); its contract and track record are
// computed. Tether Gold's figure is held on the second day.
const RESEARCHED = { asset: "High", legal: "High", custody: "High", redemption: "Medium", regulation: "Medium" };
const PAXOS = "https://defillama.com/protocol/paxos-gold";

beforeAll(async () => {
  await rewind();
  await memory.db.exec("delete from public.protocol_changes");
  await researchedOnly("paxos-gold", RESEARCHED, "High");
  await published("paxos-gold", tvlOf("paxos-gold"), "2026-11-30");
  await published("tether-gold", tvlOf("tether-gold"), "2026-11-30");
});

describe("the refresh's rating", () => {
  it("writes the computed factors, the level and their changes with the figure", async () => {
    const first = await run(
      list("day1", { "paxos-gold": { audits: "2", listedAt: listedAt("2020-01-01") } }),
      "2026-12-01",
    );
    expect(first.err).toEqual([]);
    expect(first.code).toBe(0);
    // The summary counts the rating's writes: Paxos Gold's level and its two computed factors.
    expect(first.out.find((line) => line.startsWith("Written in one transaction"))).toMatch(
      /, 1 risk levels changed, 2 computed risk factor rows rewritten, 3 changes logged\.$/,
    );
    // Audited (2): Medium; listed six years ago with $1.5B: Low. 3+3+3+2+2+2+1 = 16/7: Medium.
    expect(await computedOf("paxos-gold")).toEqual(["contract Medium 2026-12-01", "track_record Low 2026-12-01"]);
    expect((await factors("paxos-gold")).find((f) => f.factor === "contract")).toMatchObject({
      source_url: PAXOS,
      source_kind: "Dataset",
      source_tier: "secondary",
      document_date: "2026-12-01",
    });
    expect(await level("paxos-gold")).toBe("Medium");
    const changes = await riskChanges("paxos-gold", "2026-12-01");
    expect(changes.map((c) => [c.kind, c.field, c.old_value, c.new_value, c.recorded_by])).toEqual([
      ["risk_factor", "contract", "Unknown", "Medium", "refresh"],
      ["risk_factor", "track_record", "Unknown", "Low", "refresh"],
      ["risk_level", null, "High", "Medium", "refresh"],
    ]);
    expect(changes[0]!.source_url).toBe(PAXOS);
    expect(changes[2]!.reason).toBe(
      "Rule 1.1 applied: Smart contract and platform Unknown -> Medium; Track record and scale Unknown -> Low.",
    );
    // The researched factors are untouched.
    expect((await factors("paxos-gold")).filter((f) => !f.computed).map((f) => `${f.factor} ${f.level}`)).toEqual(
      Object.entries(RESEARCHED)
        .map(([factor, step]) => `${factor} ${step}`)
        .sort(),
    );
  });

  it("records a changed audits flag the next day, and writes nothing for a held figure", async () => {
    const tetherBefore = { factors: await factors("tether-gold"), level: await level("tether-gold") };
    // Tether Gold: a third of the list's figure published, so the next figure is held for review.
    await memory.db.query("update public.protocols set tvl_usd = $1::numeric where defillama_slug = 'tether-gold'", [
      Math.round(tvlOf("tether-gold") / 3),
    ]);
    const second = await run(
      list("day2", {
        "paxos-gold": { audits: "0", listedAt: listedAt("2020-01-01") },
        "tether-gold": { audits: "1", listedAt: listedAt("2025-10-01") },
      }),
      "2026-12-02",
    );
    expect(second.code).toBe(0);
    expect(second.out.filter((line) => line.startsWith("held for review: tether-gold"))).toHaveLength(1);
    // DefiLlama records no audit (0): the contract is Unknown, scored as Very High. 17/7 -> 18/7: High.
    expect(await computedOf("paxos-gold")).toEqual(["track_record Low 2026-12-02"]);
    expect(await level("paxos-gold")).toBe("High");
    const changes = await riskChanges("paxos-gold", "2026-12-02");
    expect(changes.map((c) => [c.kind, c.field, c.old_value, c.new_value])).toEqual([
      ["risk_factor", "contract", "Medium", "Unknown"],
      ["risk_level", null, "Medium", "High"],
    ]);
    expect(changes[0]!.reason).toBe(
      "The data the factor was computed from is missing, so it is Unknown (never counted as safer).",
    );
    // The held protocol: its factors, level and change log are as they were.
    expect({ factors: await factors("tether-gold"), level: await level("tether-gold") }).toEqual(tetherBefore);
    expect(await riskChanges("tether-gold", "2026-12-02")).toEqual([]);
  });

  it("records a changed listing date as a track record change, and no level change when the level holds", async () => {
    const third = await run(
      list("day3", { "paxos-gold": { audits: "0", listedAt: listedAt("2026-06-01") } }),
      "2026-12-03",
    );
    expect(third.code).toBe(0);
    // Listed six months ago: High. 3+3+3+2+2+4+3 = 20/7: still High.
    expect(await computedOf("paxos-gold")).toEqual(["track_record High 2026-12-03"]);
    expect(await level("paxos-gold")).toBe("High");
    expect(
      (await riskChanges("paxos-gold", "2026-12-03")).map((c) => [c.kind, c.field, c.old_value, c.new_value]),
    ).toEqual([["risk_factor", "track_record", "Low", "High"]]);
  });

  it("records nothing twice: the same list again changes no rating and logs nothing", async () => {
    const again = await run(path.join(dir, "day3.json"), "2026-12-03");
    expect(again.code).toBe(0);
    expect(await computedOf("paxos-gold")).toEqual(["track_record High 2026-12-03"]);
    expect(await riskChanges("paxos-gold", "2026-12-03")).toHaveLength(1);
  });
});
