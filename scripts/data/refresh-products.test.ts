// The daily refresh writes each product's own DefiLlama yield (its protocol's pools narrowed by its
// pool_symbols) and each range's data-gap note, in the same transaction as the ranges, and holds a
// product's yield when its protocol's yield is held (issue 28).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { convertSnapshot } from "./open-defi-data.ts";
import { DEFILLAMA_DIR } from "./paths.ts";
import { refreshHarness } from "./refresh-test-run.ts";

const { memory, refresh } = refreshHarness();

const snapshots = path.join(DEFILLAMA_DIR, "open-defi-data");
const json = mkdtempSync(path.join(tmpdir(), "refresh-products-"));
for (const name of ["protocols-2026-09-05", "yields-2026-09-05"]) {
  const { json: converted } = convertSnapshot(readFileSync(path.join(snapshots, `${name}.csv`), "utf8"), name);
  writeFileSync(path.join(json, `${name}.json`), JSON.stringify(converted));
}

async function addProducts() {
  await memory.db.exec(`
    insert into public.products (protocol_id, symbol, name, asset_class, pool_symbols)
    select p.id, v.symbol, v.symbol, 'US Treasuries', v.pools
    from public.protocols p join (values
      ('ondo-yield-assets', 'OUSG', array['OUSG']),
      ('ondo-yield-assets', 'USDY', array['USDY']),
      ('centrifuge-protocol', 'JTRSY', array['USDS|Janus Henderson Treasury Fund']),
      ('centrifuge-protocol', 'NOPOOL', array[]::text[])
    ) as v(slug, symbol, pools) on p.defillama_slug = v.slug;
  `);
}

async function productYields() {
  const { rows } = await memory.db.query<{
    symbol: string;
    min: string | null;
    max: string | null;
    day: string | null;
  }>(`
    select symbol, pool_apy_min::text as min, pool_apy_max::text as max, to_char(pool_yield_as_of, 'YYYY-MM-DD') as day
    from public.products order by symbol`);
  return rows;
}

const run = (day: string, extra: string[] = []) =>
  refresh(
    [
      "--source-file",
      path.join(json, "protocols-2026-09-05.json"),
      "--yields-file",
      path.join(json, "yields-2026-09-05.json"),
      "--as-of",
      day,
      ...extra,
    ],
    { now: "2026-09-07T12:00:00Z" },
  );

describe("the refresh and the products", () => {
  it("writes each product's pool yield and the range's data-gap note with the ranges, and holds them with a held range", async () => {
    await memory.reseed();
    await addProducts();
    const first = await run("2026-09-05", ["--accept-file", path.join(snapshots, "accepted.txt")]);
    expect(first.err).toEqual([]);
    expect(await productYields()).toEqual([
      { symbol: "JTRSY", min: "3.25", max: "3.25", day: "2026-09-05" },
      { symbol: "NOPOOL", min: null, max: null, day: null },
      { symbol: "OUSG", min: "3.49", max: "3.49", day: "2026-09-05" },
      { symbol: "USDY", min: "3.56", max: "3.56", day: "2026-09-05" },
    ]);
    const { rows } = await memory.db.query<{ slug: string; range: string; note: string | null }>(`
      select defillama_slug as slug, yield_range as range, yield_note as note from public.protocols
      where defillama_slug in ('centrifuge-protocol', 'ondo-yield-assets') order by slug`);
    expect(rows[0]).toMatchObject({ slug: "centrifuge-protocol", range: "2.5-5.8%" });
    expect(rows[0]!.note).toMatch(
      /^Left out of the range as data gaps .*pool 1dee4660-d688-4800-8e0f-7af0d77bcde1 at 0% \(5\.78% a week before\); pool e259a7bc-d2b0-41e5-b12d-a3c7b984560c at 0%/,
    );
    expect(rows[1]).toMatchObject({ slug: "ondo-yield-assets", note: null });

    // A day later the same pools are written again, with the products'. A protocol whose range is
    // held (here: its published range moved by hand, so the same pools look like a jump) keeps its
    // products' yields of the day before.
    await memory.db.exec(
      `update public.protocols set yield_apy_min = 9, yield_apy_max = 9 where defillama_slug = 'ondo-yield-assets'`,
    );
    const second = await run("2026-09-06");
    expect(second.out.some((line) => line.startsWith("held for review: ondo-yield-assets yield"))).toBe(true);
    const after = await productYields();
    expect(after.find((p) => p.symbol === "JTRSY")).toMatchObject({ day: "2026-09-06" });
    expect(after.find((p) => p.symbol === "OUSG")).toMatchObject({ day: "2026-09-05" });
  });
});
