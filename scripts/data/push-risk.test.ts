// data:push's risk step and public.sync_protocol_risk_factors (migration 20261127140000) on one
// in-memory local API: the factors with their source tiers and dates, the rating's changes recorded
// in the same transaction, and what is refused.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY } from "../../local-api/defaults.ts";
import { parseCsv, serializeCsv } from "./csv.ts";
import { pushData, resolveTarget, type Target } from "./push-core.ts";
import { EVIDENCE_COLUMNS } from "./rules/risk-evidence.ts";
import { FIXTURE, memoryApi } from "./test-api.ts";

const memory = memoryApi();
// The frozen fixture, with its two rows past the freshness limit brought up to date (as sync-protocols.test.ts does).
const csvText = readFileSync(FIXTURE.csv, "utf8")
  .replace("2025-05-31", "2025-10-31")
  .replace(",2025-07-31,", ",2025-10-31,");
const historyText = readFileSync(FIXTURE.history, "utf8");
const BENJI = "Franklin Templeton BENJI (FOBXX)";
const DOC = "https://www.franklintempleton.com/benji/prospectus";

/** The fixture CSV with BENJI's stored risk level set to `level`. */
function csvWithLevel(level: string): string {
  const records = parseCsv(csvText).map((r) => r.cells);
  const at = records[0]!.indexOf("risk_level");
  for (const cells of records) if (cells[0] === BENJI) cells[at] = level;
  return serializeCsv(records);
}

function evidence(levels: Partial<Record<string, string>>, url = DOC): string {
  const rows = Object.entries(levels).map(([factor, level]) => [
    BENJI,
    factor,
    level!,
    `The ${factor} reads ${level}.`,
    `${url}#${factor}`,
    "Prospectus",
    "primary",
    "2026-09-30",
    "2026-11-27",
  ]);
  return serializeCsv([[...EVIDENCE_COLUMNS], ...rows]);
}

const ALL_LOW = { asset: "Low", legal: "Low", custody: "Low", redemption: "Low", regulation: "Low" };

let local: Target;
const lines: string[] = [];
const push = (evidenceText: string, options: { csv?: string; dryRun?: boolean; launchText?: string } = {}) =>
  pushData({
    csvText: options.csv ?? csvText,
    csvLabel: "csv",
    today: "2025-12-19",
    dryRun: options.dryRun ?? false,
    target: local,
    log: (l) => lines.push(...l.split("\n")),
    risk: { evidenceText, historyText, launchText: options.launchText },
  });

async function benjiFactors() {
  return (
    await memory.db.query<Record<string, unknown>>(
      `select f.factor, f.level, f.source_kind, f.source_tier, f.document_date, f.read_on::text, f.computed
       from public.protocol_risk_factors f join public.protocols p on p.id = f.protocol_id
       where p.name = $1 order by f.factor`,
      [BENJI],
    )
  ).rows;
}

async function changes() {
  return (
    await memory.db.query<Record<string, unknown>>(
      `select c.day::text, p.name, c.kind, c.field, c.old_value, c.new_value, c.reason, c.source_url, c.recorded_by
       from public.protocol_changes c join public.protocols p on p.id = c.protocol_id
       where c.kind in ('risk_factor', 'risk_level') order by c.kind, c.field`,
    )
  ).rows;
}

describe("data:push's risk factors", () => {
  beforeAll(async () => {
    await memory.reseed();
    // A database whose factors were never pushed (as production's were not): the first push is a first assessment.
    await memory.db.exec("delete from public.protocol_risk_factors where true");
    local = { ...resolveTarget({}), url: memory.api.url };
  });

  it("writes nothing on --dry-run, then replaces every factor row with its source's kind, tier and date", async () => {
    await push(evidence(ALL_LOW), { dryRun: true });
    expect(lines.at(-1)).toBe("Dry run: no risk factor was written.");
    expect(await benjiFactors()).toEqual([]);

    await push(evidence(ALL_LOW));
    expect(await benjiFactors()).toContainEqual({
      factor: "asset",
      level: "Low",
      source_kind: "Prospectus",
      source_tier: "primary",
      document_date: "2026-09-30",
      read_on: "2026-11-27",
      computed: false,
    });
    expect(await benjiFactors()).toHaveLength(5);
    // A first assessment is not a change, and the stored level did not move.
    expect(await changes()).toEqual([]);
    const { rows } = await memory.db.query<{ n: number; without: number }>(
      "select count(*)::int as n, count(*) filter (where source_kind is null or source_tier is null or document_date is null)::int as without from public.protocol_risk_factors",
    );
    expect(rows[0]).toEqual({ n: 5, without: 0 });

    lines.length = 0;
    await push(evidence(ALL_LOW));
    expect(lines).toContain("Risk factors: the database already matches.");
  });

  it("records each change of a researched factor and of the stored level, with the finding and its page", async () => {
    const { custody: _custody, ...withoutCustody } = ALL_LOW;
    await push(evidence({ ...withoutCustody, legal: "High" }), { csv: csvWithLevel("Medium") });
    expect(lines).toContain(`  ${BENJI}: Legal structure and claim Low -> High`);
    expect(await changes()).toEqual([
      {
        day: "2025-12-19",
        name: BENJI,
        kind: "risk_factor",
        field: "custody",
        old_value: "Low",
        new_value: "Unknown",
        reason: "No acceptable source states it any more, so the factor is Unknown (never counted as safer).",
        source_url: null,
        recorded_by: "review",
      },
      {
        day: "2025-12-19",
        name: BENJI,
        kind: "risk_factor",
        field: "legal",
        old_value: "Low",
        new_value: "High",
        reason: "The legal reads High.",
        source_url: `${DOC}#legal`,
        recorded_by: "review",
      },
      expect.objectContaining({ kind: "risk_level", field: null, old_value: "Low", new_value: "Medium" }),
    ]);
  });

  it("refuses evidence that cites the never list, and changes nothing", async () => {
    const before = await benjiFactors();
    await expect(push(evidence(ALL_LOW, "https://es.scribd.com/document/1/benji"))).rejects.toThrow(
      /refused the risk factors: the evidence has 5 problem\(s\)/,
    );
    expect(lines.some((l) => l.includes("is on the never list (Mirrors of documents"))).toBe(true);
    expect(await benjiFactors()).toEqual(before);
  });
});

describe("data:push's launch dates", () => {
  const PAXG = "Paxos Gold (PAXG)";
  const launchText = [
    "protocol,launch_date,source_url,source_kind,source_tier,document_date,read_on",
    `${PAXG},2019-09-05,https://paxos.com/2019/09/05/paxos-gold-launch/,Press release,primary,2019-09-05,2026-11-27`,
  ].join("\n");

  it("writes the launch dates with the factors, and counts the track record's age from them", async () => {
    await push(evidence(ALL_LOW), { launchText });
    const { rows } = await memory.db.query<Record<string, unknown>>(
      `select l.launch_date, l.source_tier, l.read_on::text, f.level, f.finding, f.computed
       from public.protocol_launch_dates l join public.protocols p on p.id = l.protocol_id
       join public.protocol_risk_factors f on f.protocol_id = p.id and f.factor = 'track_record'
       where p.name = $1`,
      [PAXG],
    );
    expect(rows).toEqual([
      {
        launch_date: "2019-09-05",
        source_tier: "primary",
        read_on: "2026-11-27",
        level: expect.any(String),
        finding: expect.stringContaining("launched 2019-09-05 per paxos.com (6 years)"),
        computed: true,
      },
    ]);
    lines.length = 0;
    await push(evidence(ALL_LOW), { launchText });
    expect(lines).toContain("Risk factors: the database already matches.");
  });

  it("lets a reviewed protocol be 'Not rated' (rule 1.1: fewer than five evidenced factors)", async () => {
    await expect(
      memory.db.query("update public.protocols set risk_level = null where name = $1 and review_status = 'reviewed'", [
        BENJI,
      ]),
    ).resolves.toMatchObject({ affectedRows: 1 });
  });
});

describe("public.sync_protocol_risk_factors", () => {
  const factor = {
    name: BENJI,
    factor: "asset",
    level: "Low",
    finding: "Bills.",
    source_url: `${DOC}#asset`,
    source_kind: "Prospectus",
    source_tier: "primary",
    document_date: "2026-09",
    read_on: "2026-11-27",
    computed: false,
  };
  const call = (factors: unknown, changesArg: unknown, role = "service_role") =>
    memory.db.transaction(async (tx) => {
      await tx.exec(`set local role ${role}`);
      return (
        await tx.query<{ r: Record<string, number> }>(
          "select public.sync_protocol_risk_factors($1::jsonb, $2::jsonb) as r",
          [JSON.stringify(factors), JSON.stringify(changesArg)],
        )
      ).rows[0]!.r;
    });

  it("rolls back the factors when a change cannot be recorded, and takes an empty change list", async () => {
    const before = await benjiFactors();
    const bad = [{ name: "Nobody", day: "2026-11-27", kind: "risk_level", old_value: "Low", new_value: "High" }];
    await expect(call([factor], bad)).rejects.toThrow(/no protocol is named "Nobody"/);
    expect(await benjiFactors()).toEqual(before);
    await expect(call([{ ...factor, tier: "primary" }], [])).rejects.toThrow(/unknown field "tier"/);
    expect(await call([factor], [])).toMatchObject({ inserted: 1, recorded: 0 });
  });

  it("rejects a finding without its provenance or with a tier or date outside the vocabulary", async () => {
    await expect(call([{ ...factor, source_tier: "tertiary" }], [])).rejects.toThrow(/source_tier_check/);
    await expect(call([{ ...factor, document_date: "30 Sep 2026" }], [])).rejects.toThrow(/document_date_check/);
    await expect(call([{ ...factor, document_date: "2026-13" }], [])).rejects.toThrow(/document_date_check/);
    const { source_kind: _kind, ...withoutKind } = factor;
    await expect(call([withoutKind], [])).rejects.toThrow(/provenance_check/);
    await expect(call([factor], [], "anon")).rejects.toThrow(/permission denied for function/);
  });

  it("is readable by anon with the new columns", async () => {
    const response = await fetch(
      `${memory.api.url}/rest/v1/protocol_risk_factors?select=factor,source_kind,source_tier,document_date,read_on&limit=1`,
      { headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` } },
    );
    expect(response.status).toBe(200);
    expect(Object.keys(((await response.json()) as object[])[0]!)).toEqual([
      "factor",
      "source_kind",
      "source_tier",
      "document_date",
      "read_on",
    ]);
  });
});
