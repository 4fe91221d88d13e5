// The refresh writes the change log with its figures, and the feed serves it: npm run data:refresh
// on DefiLlama's saved 2025-12-19 list against the local API, then GET /functions/v1/feed parsed
// with a real XML parser and checked against RFC 4287 (tests/integration/atom.ts).
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { formatTvl } from "../../supabase/functions/refresh-protocols/lib/defillama.ts";
import { parseAtom } from "../../tests/integration/atom.ts";
import { fromFile, refreshHarness, SAVED_LIST } from "./refresh-test-run.ts";

const { memory, rewind, refresh } = refreshHarness();
const saved = new Map(
  (JSON.parse(readFileSync(SAVED_LIST, "utf8")) as { slug: string; tvl: number }[]).map((e) => [e.slug, e.tvl]),
);

/** The figure a protocol was published with the day before the saved list, and its history point. */
async function publishedDayBefore(slug: string, usd: number) {
  await memory.db.query(
    `update public.protocols set tvl_usd = $2, tvl = $3, tvl_as_of = '2025-12-18', tvl_source = 'defillama'
     where defillama_slug = $1`,
    [slug, usd, formatTvl(usd)],
  );
  await memory.db.query(
    `insert into public.protocol_tvl_history (protocol_id, day, tvl_usd, source)
     select id, '2025-12-18', $2, 'defillama' from public.protocols where defillama_slug = $1
     on conflict (protocol_id, day) do update set tvl_usd = excluded.tvl_usd`,
    [slug, usd],
  );
}

const feed = (query = "", headers: Record<string, string> = {}) =>
  fetch(`${memory.api.url}/functions/v1/feed${query}`, { headers });

let output: string[];
beforeAll(async () => {
  await rewind();
  await memory.db.exec("delete from public.protocol_changes");
  // Paxos Gold: $1.3B the day before, $1.53B in the saved list: +18% in a day.
  await publishedDayBefore("paxos-gold", 1_300_000_000);
  // Lofty: +4.4% in a day, under the 10% threshold.
  await publishedDayBefore("lofty", 95_000_000);
  // Tether Gold: a third of its saved figure the day before, so the new one is held for review.
  await publishedDayBefore("tether-gold", Math.round(saved.get("tether-gold")! / 3));
  const run = await refresh(fromFile);
  expect(run.err).toEqual([]);
  expect(run.code).toBe(0);
  output = run.out;
});

describe("the refresh's change log, as the feed serves it", () => {
  it("records the day's large move in the same transaction as the figure, and nothing for a small or held one", async () => {
    expect(output.filter((line) => line.startsWith("held for review: tether-gold"))).toHaveLength(1);
    expect(output.find((line) => line.startsWith("Change log:"))).toBe("Change log: tvl 1d paxos-gold.");
    const rows = await memory.db.query<{
      name: string;
      kind: string;
      field: string;
      old_value: string;
      new_value: string;
    }>(
      `select p.name, c.kind, c.field, c.old_value, c.new_value from public.protocol_changes c
       join public.protocols p on p.id = c.protocol_id order by p.name`,
    );
    expect(rows.rows).toEqual([
      {
        name: "Paxos Gold (PAXG)",
        kind: "tvl",
        field: "1d",
        old_value: "1300000000",
        new_value: String(Math.round(saved.get("paxos-gold")!)),
      },
    ]);
  });

  it("serves it as valid Atom with a readable title, the page link and the source", async () => {
    const response = await feed();
    expect(response.status).toBe(200);
    const atom = parseAtom(await response.text());
    expect(atom.entries).toHaveLength(1);
    const [entry] = atom.entries;
    expect(entry).toMatchObject({
      title: "Paxos Gold (PAXG) TVL rose 18% to $1.5B",
      updated: "2025-12-19T00:00:00Z",
      link: "http://127.0.0.1:5173/protocols/paxos-gold-paxg",
      summary:
        "TVL over 1 day: $1.3B → $1.5B. A move of 10% or more in a day. Source: https://defillama.com/protocol/paxos-gold",
      category: "tvl",
    });
  });

  it("gives each protocol only its own entries, and 404 for an unknown slug", async () => {
    const paxos = parseAtom(await (await feed("?protocol=paxos-gold-paxg")).text());
    expect(paxos.entries.map((e) => e.title)).toEqual(["Paxos Gold (PAXG) TVL rose 18% to $1.5B"]);
    expect(parseAtom(await (await feed("?protocol=lofty")).text()).entries).toEqual([]);
    expect((await feed("?protocol=no-such-protocol")).status).toBe(404);
  });

  it("records nothing twice: a second run of the same list leaves the feed as it was (304)", async () => {
    const first = await feed();
    const etag = first.headers.get("etag")!;
    const again = await refresh(fromFile);
    expect(again.code).toBe(0);
    expect(again.out.find((line) => line.startsWith("Change log:"))).toBe("Change log: nothing to record.");
    expect((await feed("", { "If-None-Match": etag })).status).toBe(304);
    expect((await feed("", { "If-Modified-Since": first.headers.get("last-modified")! })).status).toBe(304);
  });
});
