// data:push's curated edits in the change log (push-changes.ts, migration 20261127160100): a
// reviewed row's changed terms are recorded with the rows in one transaction, read by the feed in
// words, and nothing is recorded for a new row, a tracked row or an unchanged term.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { INVESTOR_ACCESS_LABELS } from "../../src/lib/terms.ts";
import { parseCsv, serializeCsv } from "./csv.ts";
import { ACCESS_WORDS, curatedChanges } from "./push-changes.ts";
import { pushData, resolveTarget, type Target } from "./push-core.ts";
import { checkCsv } from "./rules/protocols.ts";
import { FIXTURE, memoryApi } from "./test-api.ts";

const memory = memoryApi();
// The frozen fixture, its two rows past the freshness limit brought up to date (as sync-protocols.test.ts does).
const csvText = readFileSync(FIXTURE.csv, "utf8")
  .replace("2025-05-31", "2025-10-31")
  .replace(",2025-07-31,", ",2025-10-31,");
const BENJI = "Franklin Templeton BENJI (FOBXX)";

function edited(cells: Record<string, string>): string {
  const records = parseCsv(csvText).map((r) => r.cells);
  const header = records[0]!;
  for (const row of records) {
    if (row[0] !== BENJI) continue;
    for (const [column, value] of Object.entries(cells)) row[header.indexOf(column)] = value;
  }
  return serializeCsv(records);
}

const rowsOf = (text: string) => checkCsv(text, { today: "2025-12-19", freshness: false }).rows;

describe("curatedChanges", () => {
  it("gives each changed term of a reviewed row in the site's words, with the page that states it", () => {
    const before = rowsOf(csvText);
    const after = rowsOf(edited({ fees: "0.20% a year", redemption: "days", redemption_days: "1" }));
    expect(curatedChanges(before, after, "2025-12-19")).toEqual([
      {
        name: BENJI,
        day: "2025-12-19",
        kind: "terms",
        field: "redemption",
        old_value: "Unknown",
        new_value: "Within 1 day",
        reason: "Reviewed against the protocol's own terms.",
        source_url: after.find((r) => r.name === BENJI)!.terms_source_url,
      },
      expect.objectContaining({ field: "fees", old_value: "Unknown", new_value: "0.20% a year" }),
    ]);
  });

  it("records nothing for a new row, a tracked row or the same terms", () => {
    const rows = rowsOf(csvText);
    expect(curatedChanges(rows, rows, "2025-12-19")).toEqual([]);
    expect(curatedChanges([], rows, "2025-12-19")).toEqual([]);
    const tracked = rows.filter((r) => r.review_status === "tracked");
    const moved = tracked.map((r) => ({ ...r, fees: "1% a year" }));
    expect(curatedChanges(tracked, moved, "2025-12-19")).toEqual([]);
  });

  it("names investor access as the site does (src/lib/terms.ts)", () => {
    expect(ACCESS_WORDS).toEqual(INVESTOR_ACCESS_LABELS);
  });
});

describe("data:push records term changes with the rows", () => {
  let local: Target;
  beforeAll(async () => {
    await memory.reseed();
    local = { ...resolveTarget({}), url: memory.api.url };
  });
  const push = (text: string, lines: string[] = []) =>
    pushData({
      csvText: text,
      csvLabel: "csv",
      today: "2025-12-19",
      dryRun: false,
      target: local,
      log: (l) => lines.push(l),
    });
  const termChanges = async () =>
    (
      await memory.db.query<Record<string, unknown>>(
        `select c.day::text, p.name, c.field, c.old_value, c.new_value, c.recorded_by
         from public.protocol_changes c join public.protocols p on p.id = c.protocol_id
         where c.kind = 'terms' order by c.field`,
      )
    ).rows;

  it("writes the edit and its entry in one call, and the feed tells it", async () => {
    await push(csvText);
    expect(await termChanges()).toEqual([]);
    const lines: string[] = [];
    await push(edited({ fees: "0.20% a year" }), lines);
    expect(lines).toContain(
      "Pushed in one transaction: 0 inserted, 1 updated, 0 deleted, 1 term change(s) in the change log.",
    );
    expect(await termChanges()).toEqual([
      {
        day: "2025-12-19",
        name: BENJI,
        field: "fees",
        old_value: "Unknown",
        new_value: "0.20% a year",
        recorded_by: "review",
      },
    ]);
    const feed = await (await fetch(`${memory.api.url}/functions/v1/feed`)).text();
    expect(feed).toContain(`<title type="text">${BENJI} fees changed from Unknown to 0.20% a year</title>`);
  });

  it("is refused whole when an entry names no protocol, and only the service role may call it", async () => {
    const rows = rowsOf(csvText);
    const bad = [
      { name: "No Such Fund", day: "2025-12-19", kind: "terms", field: "fees", old_value: "a", new_value: "b" },
    ];
    await memory.db.exec("set role service_role");
    try {
      await expect(
        memory.db.query("select public.sync_protocols_logged($1::jsonb, $2::jsonb)", [
          JSON.stringify(rows),
          JSON.stringify(bad),
        ]),
      ).rejects.toThrow(/no protocol is named "No Such Fund"/);
    } finally {
      await memory.db.exec("reset role");
    }
    const { rows: fees } = await memory.db.query<{ fees: string }>(
      "select fees from public.protocols where name = $1",
      [BENJI],
    );
    expect(fees[0]!.fees, "the rows' sync was rolled back with it").toBe("0.20% a year");
    await memory.db.exec("set role anon");
    try {
      await expect(memory.db.query("select public.sync_protocols_logged('[]'::jsonb, '[]'::jsonb)")).rejects.toThrow(
        /permission denied for function sync_protocols_logged/,
      );
    } finally {
      await memory.db.exec("reset role");
    }
  });
});
