// npm run data:refresh end to end against the local API (the server npm run local-api starts, in
// memory), with saved DefiLlama responses only: data/defillama/ and injected fetch failures.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY } from "../../local-api/defaults.ts";
import { convertSnapshot } from "./open-defi-data.ts";
import { main } from "./refresh-cli.ts";
import { checkHistoryCsv } from "./history.ts";
import { DEFILLAMA_DIR } from "./paths.ts";
import { FIXTURE, memoryApi } from "./test-api.ts";
import { checkCsv } from "./rules.ts";

const SAVED_LIST = path.join(DEFILLAMA_DIR, "protocols-2025-12-19.json");
const SAVED_HISTORY_DIR = path.join(DEFILLAMA_DIR, "protocol");

const memory = memoryApi();

/** The committed seed, then Lofty and Paxos Gold turned back to their October 2025 curated figures. */
async function rewind() {
  await memory.reseed();
  await memory.db.exec(`
    update public.protocols set tvl = '$20M', tvl_usd = 20000000, tvl_as_of = '2025-10-31', tvl_source = 'curated'
      where defillama_slug = 'lofty';
    update public.protocols set tvl = '$1.2B', tvl_usd = 1200000000, tvl_as_of = '2025-10-07', tvl_source = 'curated',
      blockchains = array['Ethereum', 'Solana']
      where defillama_slug = 'paxos-gold';
    delete from public.protocol_tvl_history h using public.protocols p
      where p.id = h.protocol_id and p.defillama_slug in ('lofty', 'paxos-gold');
  `);
}

/** Everything the refresh may write, as one comparable value. */
async function snapshot(): Promise<string> {
  const { rows } = await memory.db.query<{ s: string }>(`
    select json_build_object(
      'protocols', (select json_agg(p order by name) from public.protocols p),
      'history', (select json_agg(h order by protocol_id, day) from public.protocol_tvl_history h),
      'yields', (select json_agg(y order by protocol_id, day) from public.protocol_yield_history y)
    )::text as s`);
  return rows[0]!.s;
}

type Run = { code: number; out: string[]; err: string[] };

async function refresh(
  args: string[],
  options: {
    llama?: typeof fetch;
    env?: Record<string, string>;
    csv?: { csvPath: string; historyPath: string; yieldHistoryPath?: string };
    now?: string;
  } = {},
): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const fetchImpl = async (input: string, init?: RequestInit) => {
    if (input.startsWith("https://api.llama.fi/") || input.startsWith("https://yields.llama.fi/")) {
      if (!options.llama) throw new Error(`test tried the network: ${input}`);
      return options.llama(input, init);
    }
    return fetch(input, init);
  };
  const code = await main(args, {
    env: { LOCAL_API_PORT: String(memory.api.port), ...options.env },
    fetch: fetchImpl,
    log: (line) => out.push(...line.split("\n")),
    error: (line) => err.push(line),
    now: () => new Date(options.now ?? "2025-12-19T07:00:00Z"),
    timeoutMs: 200,
    ...options.csv,
  });
  return { code, out, err };
}

const anonGet = async (pathAndQuery: string) => {
  const response = await fetch(`${memory.api.url}/rest/v1/${pathAndQuery}`, {
    headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` },
  });
  return { status: response.status, body: (await response.json()) as unknown };
};

async function served(slug: string) {
  const { body } = await anonGet(
    `protocols?select=id,name,tvl,tvl_usd,tvl_as_of,tvl_source,tvl_source_url,blockchains&order=name.asc`,
  );
  return (body as Record<string, unknown>[]).find(
    (r) => (r.tvl_source_url as string | null)?.endsWith(`/${slug}`) || r.name === slug,
  )!;
}

const fromFile = ["--source-file", SAVED_LIST, "--as-of", "2025-12-19"];

describe("data:refresh with the saved 2025-12-19 list", () => {
  beforeEach(rewind);

  it("updates covered rows, writes their history, holds a jump over 50% and reports each protocol", async () => {
    const run = await refresh(fromFile);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.out).toContain(
      "  updated   Paxos Gold (PAXG) (paxos-gold): $1.2B -> $1.5B (+27.4%); chains Ethereum, Solana -> Ethereum",
    );
    expect(run.out).toContain("  held      Lofty (lofty): $20M -> $99M (+395.9%)");
    expect(run.out).toContain("held for review: lofty $20M -> $99M");
    expect(run.out).toContain("  not covered Reental: no defillama_slug: keeps its curated figure");
    // Every chain is stored now, in one naming (BSC is BNB Chain, OP Mainnet is Optimism): none is dropped.
    expect(run.out).toContain(
      "  updated   BlackRock BUIDL (Securitize) (blackrock-buidl): $2.0B; chains Ethereum, Solana, Optimism, Polygon -> Aptos, BNB Chain, Ethereum, Solana, Avalanche, Arbitrum, Optimism, Polygon",
    );
    // RWA protocols above $10M that the directory lacks are listed, not added, until someone accepts them.
    expect(run.out).toContain(
      "new tracked row: ethena-usdtb (Ethena USDtb, RWA, $851M): held until --accept ethena-usdtb",
    );
    expect(run.out.filter((l) => l.startsWith("new tracked row: "))).toHaveLength(34);
    expect(run.out).toContain("Summary: 18 updated, 9 unchanged, 1 held, 6 not covered.");
    expect(run.out).toContain(
      "Tracked: 34 new RWA protocols listed for review, 0 added, 0 no longer tracked by DefiLlama, 0 renamed.",
    );
    expect(run.out).toContain("Yields: not read.");
    expect(run.out).toContain(
      "Written in one transaction: 18 protocol rows changed, 0 added, 1 history rows written, 0 yield history rows written.",
    );

    // What the site reads, as anon.
    const paxg = await served("paxos-gold");
    expect(paxg).toMatchObject({
      tvl: "$1.5B",
      tvl_usd: 1528522378,
      tvl_as_of: "2025-12-19",
      tvl_source: "defillama",
      tvl_source_url: "https://defillama.com/protocol/paxos-gold",
      blockchains: ["Ethereum"],
    });
    const history = await anonGet(
      `protocol_tvl_history?select=day,tvl_usd,source&protocol_id=eq.${paxg.id as string}&order=day.asc`,
    );
    expect(history).toEqual({ status: 200, body: [{ day: "2025-12-19", tvl_usd: 1528522378, source: "defillama" }] });
    expect(await served("lofty")).toMatchObject({ tvl: "$20M", tvl_as_of: "2025-10-31", tvl_source: "curated" });
  });

  it("changes nothing on a second run with the same input", async () => {
    await refresh(fromFile);
    const before = await snapshot();
    const again = await refresh(fromFile);
    expect(again.code).toBe(0);
    expect(again.out).toContain("Summary: 0 updated, 27 unchanged, 1 held, 6 not covered.");
    expect(again.out).toContain(
      "Written in one transaction: 0 protocol rows changed, 0 added, 0 history rows written, 0 yield history rows written.",
    );
    expect(await snapshot()).toBe(before);
  });

  it("publishes a held figure with --accept, and says when --accept had nothing to release", async () => {
    const run = await refresh([...fromFile, "--accept", "lofty", "--accept", "paxos-gold"]);
    expect(run.code).toBe(0);
    expect(run.out).toContain("  accepted  Lofty (lofty): $20M -> $99M (+395.9%)");
    expect(run.out).toContain("  --accept had nothing to release for: paxos-gold");
    expect(run.out.some((l) => l.startsWith("held for review"))).toBe(false);
    expect(await served("lofty")).toMatchObject({
      tvl: "$99M",
      tvl_usd: 99180168,
      tvl_as_of: "2025-12-19",
      tvl_source: "defillama",
    });
  });

  it("never writes an older figure over a newer one", async () => {
    await memory.db.exec("update public.protocols set tvl_as_of = '2025-12-20' where defillama_slug = 'lofty'");
    const run = await refresh([...fromFile, "--accept", "lofty"]);
    expect(run.out).toContain(
      "  unchanged Lofty (lofty): $20M (the database has a newer figure; nothing older is written over it)",
    );
    expect(await served("lofty")).toMatchObject({ tvl: "$20M", tvl_as_of: "2025-12-20" });
  });

  it("backfills history from saved /protocol/{slug} files, one point per day, and reports slugs without one", async () => {
    await memory.db.exec("delete from public.protocol_tvl_history");
    const run = await refresh([...fromFile, "--backfill", "--source-dir", SAVED_HISTORY_DIR]);
    expect(run.code).toBe(0);
    expect(run.out).toContain("  history etherfuse: 28 daily points");
    expect(run.out).toContain("  history lofty: no saved history");
    const etherfuse = await served("etherfuse");
    const { body } = await anonGet(
      `protocol_tvl_history?select=day,tvl_usd,source&protocol_id=eq.${etherfuse.id as string}&order=day.asc`,
    );
    const points = body as { day: string; tvl_usd: number; source: string }[];
    expect(points).toHaveLength(29);
    expect(points[0]).toEqual({ day: "2025-11-13", tvl_usd: 25155, source: "defillama" });
    // The saved file has two points on 12 Dec; the day keeps the later one.
    expect(points.find((p) => p.day === "2025-12-12")).toEqual({
      day: "2025-12-12",
      tvl_usd: 7764842,
      source: "defillama",
    });
    expect(points.at(-1)).toEqual({ day: "2025-12-19", tvl_usd: 7762215, source: "defillama" });
  });

  it("writes the refreshed fields and the day's points back to the CSV files with --write-csv", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "refresh-csv-"));
    const csvPath = path.join(dir, "protocols.csv");
    const historyPath = path.join(dir, "tvl-history.csv");
    const csv = readFileSync(FIXTURE.csv, "utf8").replace(
      /^Lofty,(.*),\$99M,(.*),99180168,2025-12-19,/m,
      (_, a: string, b: string) => `Lofty,${a},$20M,${b},20000000,2025-10-31,`,
    );
    expect(csv).not.toBe(readFileSync(FIXTURE.csv, "utf8"));
    writeFileSync(csvPath, csv);
    writeFileSync(historyPath, "name,day,tvl_usd,source\n");
    const yieldHistoryPath = path.join(dir, "yield-history.csv");
    writeFileSync(yieldHistoryPath, "name,day,apy_min,apy_max,source\n");
    const run = await refresh([...fromFile, "--accept", "lofty", "--write-csv"], {
      csv: { csvPath, historyPath, yieldHistoryPath },
    });
    expect(run.code).toBe(0);
    const line = (text: string, name: string) => text.split("\n").find((l) => l.startsWith(`${name},`));
    expect(line(readFileSync(csvPath, "utf8"), "Lofty")).toBe(line(readFileSync(FIXTURE.csv, "utf8"), "Lofty"));
    const rows = checkCsv(readFileSync(csvPath, "utf8"), { today: "2025-12-19", freshness: false }).rows;
    // Every chain DefiLlama lists is written back too.
    expect(rows.find((r) => r.name === "Circle USYC (ex-Hashnote)")?.blockchains).toEqual([
      "BNB Chain",
      "Ethereum",
      "Near",
      "Noble",
    ]);
    const history = checkHistoryCsv(readFileSync(historyPath, "utf8"), rows);
    expect(history.problems).toEqual([]);
    expect(history.rows).toHaveLength(28);
    expect(history.rows.find((h) => h.name === "Lofty")).toEqual({
      name: "Lofty",
      day: "2025-12-19",
      tvl_usd: 99180168,
      source: "defillama",
    });
    // The committed history holds these same points.
    const committed = checkHistoryCsv(readFileSync(FIXTURE.history, "utf8"), rows).rows;
    for (const point of history.rows) expect(committed).toContainEqual(point);
  });
});

describe("data:refresh failures write nothing and exit 1 with a clear message", () => {
  beforeEach(rewind);

  const failures: [string, () => { args: string[]; llama?: typeof fetch }, RegExp][] = [
    [
      "a malformed file",
      () => {
        const file = path.join(mkdtempSync(path.join(tmpdir(), "refresh-bad-")), "list.json");
        writeFileSync(file, JSON.stringify({ protocols: [{ name: "Lofty", tvl: 1 }] }));
        return { args: ["--source-file", file, "--as-of", "2025-12-19"] };
      },
      /is not a DefiLlama protocol list \(an array of objects with name and tvl\): got object instead of an array; nothing was written\.$/,
    ],
    [
      "a list in which no entry has a numeric tvl",
      () => {
        const file = path.join(mkdtempSync(path.join(tmpdir(), "refresh-bad-")), "list.json");
        writeFileSync(file, JSON.stringify([{ name: "Lofty", slug: "lofty", tvl: "99M" }]));
        return { args: ["--source-file", file, "--as-of", "2025-12-19"] };
      },
      /is not a DefiLlama protocol list \(an array of objects with name and tvl\): no entry has a tvl; nothing was written\.$/,
    ],
    [
      "a file that is not JSON",
      () => {
        const file = path.join(mkdtempSync(path.join(tmpdir(), "refresh-bad-")), "list.json");
        writeFileSync(file, "<html>rate limited</html>");
        return { args: ["--source-file", file, "--as-of", "2025-12-19"] };
      },
      /list\.json is not JSON; nothing was written\.$/,
    ],
    [
      "HTTP 500",
      () => ({
        args: [],
        llama: async () => new Response("upstream error", { status: 500, statusText: "Internal Server Error" }),
      }),
      /^data:refresh failed: https:\/\/api\.llama\.fi\/protocols answered HTTP 500 Internal Server Error; and https:\/\/yields\.llama\.fi\/pools answered HTTP 500 Internal Server Error; nothing was written\.$/,
    ],
    [
      "a hang",
      () => ({
        args: [],
        llama: (_input, init) =>
          new Promise<Response>((_, reject) =>
            init?.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
          ),
      }),
      /^data:refresh failed: https:\/\/api\.llama\.fi\/protocols did not answer within 0\.2 s \(timeout\); and https:\/\/yields\.llama\.fi\/pools did not answer within 0\.2 s \(timeout\); nothing was written\.$/,
    ],
    [
      "a hang that ignores the abort signal",
      () => ({ args: [], llama: () => new Promise<Response>(() => {}) }),
      /did not answer within 0\.2 s \(timeout\)/,
    ],
  ];

  it.each(failures)("%s", async (_name, setup, message) => {
    const before = await snapshot();
    const { args, llama } = setup();
    const run = await refresh([...args, "--accept", "lofty"], { llama });
    expect(run.code).toBe(1);
    expect(run.err).toHaveLength(1);
    expect(run.err[0]).toMatch(message);
    expect(await snapshot()).toBe(before);
  });

  it("refuses bad options before reading anything", async () => {
    const before = await snapshot();
    const cases: [string[], string][] = [
      [
        ["--source-file", SAVED_LIST],
        "data:refresh failed: --source-file needs --as-of YYYY-MM-DD: the day the saved response was taken.",
      ],
      [
        ["--as-of", "2025-12-01"],
        "data:refresh failed: --as-of 2025-12-01 with the live API: live figures are today's (2025-12-19). Use --source-file for a saved response.",
      ],
      [
        [...fromFile.slice(0, 2), "--as-of", "2025-12-20"],
        "data:refresh failed: --as-of 2025-12-20 is in the future (today is 2025-12-19).",
      ],
      [
        [...fromFile.slice(0, 2), "--as-of", "2025-02-30"],
        "data:refresh failed: --as-of must be a real YYYY-MM-DD date, got '2025-02-30'.",
      ],
      [
        [...fromFile, "--accept", "nope"],
        "data:refresh failed: --accept nope: no protocol has that defillama_slug and DefiLlama's list has no such slug. Nothing was written.",
      ],
      [
        [...fromFile, "--write-csv", "--dry-run"],
        "data:refresh failed: --write-csv writes what the run wrote; it cannot be combined with --dry-run.",
      ],
    ];
    for (const [args, message] of cases) {
      const run = await refresh(args);
      expect(run).toMatchObject({ code: 1, err: [message] });
    }
    expect((await refresh(["--bogus"])).err[0]).toMatch(
      /^data:refresh failed: Unknown option '--bogus'.*Usage: npm run data:refresh/,
    );
    expect(await snapshot()).toBe(before);
  });

  it("explains an unreachable local API and a rejected key", async () => {
    const down = await refresh(fromFile, { env: { LOCAL_API_PORT: "1" } });
    expect(down.code).toBe(1);
    expect(down.err[0]).toMatch(
      /^data:refresh failed: Could not reach http:\/\/127\.0\.0\.1:1 \(.+\)\. Start it with npm run local-api/,
    );
    const anonKey = await refresh(fromFile, {
      env: { SUPABASE_URL: memory.api.url, SUPABASE_SERVICE_ROLE_KEY: "not-a-jwt" },
    });
    expect(anonKey.code).toBe(1);
    expect(anonKey.err[0]).toMatch(/Reading the published protocols was refused \(HTTP 401/);
  });

  it("cannot be written by anon: apply_protocol_refresh is service_role only", async () => {
    const response = await fetch(`${memory.api.url}/rest/v1/rpc/apply_protocol_refresh`, {
      method: "POST",
      headers: {
        apikey: LOCAL_ANON_KEY,
        Authorization: `Bearer ${LOCAL_ANON_KEY}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({
        run_day: "2025-12-19",
        changes: { tvl: [{ defillama_slug: "lofty", tvl: "$1B", tvl_usd: 1e9, blockchains: ["Algorand"] }] },
      }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "42501" });
  });
});

// Entries and pools as DefiLlama published them on 2026-09-05 (the values of
// data/defillama/open-defi-data/, in the API's own shape), a few of each.
const at = (iso: string) => Date.parse(iso) / 1000;
const SEPT_ENTRIES = {
  buidl: {
    id: "4853",
    name: "BlackRock BUIDL",
    slug: "blackrock-buidl",
    category: "RWA",
    chains: ["Solana", "Aptos", "Ethereum", "Avalanche", "Binance", "Optimism", "Arbitrum", "Polygon"],
    tvl: 3620971156.060449,
    url: "https://securitize.io/",
    description: "BlackRock USD Institutional Digital Liquidity Fund",
    audits: "0",
    listedAt: at("2024-07-06T19:00:39.000Z"),
  },
  paxg: {
    id: "4862",
    name: "Paxos Gold",
    slug: "paxos-gold",
    category: "RWA",
    chains: ["Ethereum"],
    tvl: 1905897293.7092156,
    url: "https://paxos.com/paxgold/",
    audits: "0",
    listedAt: at("2024-07-09T18:16:57.000Z"),
  },
  ustb: {
    id: "4265",
    name: "Invesco USTB",
    slug: "invesco-ustb",
    category: "RWA",
    chains: ["Ethereum", "Solana", "Plume Mainnet"],
    tvl: 587443217.7426004,
    url: "https://superstate.com/",
    audits: "0",
    listedAt: at("2024-03-08T16:07:21.000Z"),
  },
  midas: {
    id: "4873",
    name: "Midas RWA",
    slug: "midas-rwa",
    category: "RWA",
    chains: ["Ethereum", "Monad", "Hyperliquid L1", "Solana", "Binance", "Optimism"],
    tvl: 154543770.8600001,
    url: "https://midas.app",
    description:
      "Midas is an asset tokenization protocol bringing regulatory-compliant exposure to\nreal-world assets.",
    audits: "2",
    listedAt: at("2024-07-12T09:17:10.000Z"),
  },
  lofty: {
    id: "1952",
    name: "Lofty",
    slug: "lofty",
    category: "RWA",
    chains: ["Algorand"],
    tvl: 100554621.03971477,
    url: "https://www.lofty.ai",
    description: "Fractionalized real estate on Algorand.",
    audits: "0",
    listedAt: at("2022-08-04T10:38:25.000Z"),
  },
};
const pool = (pool: string, project: string, symbol: string, tvlUsd: number, apy: number, outlier = false) => ({
  pool,
  project,
  chain: "Ethereum",
  symbol,
  tvlUsd,
  apy,
  outlier,
  stablecoin: true,
});
const SEPT_POOLS = [
  pool("590d770e-ed5d-4c8d-ad96-5178c2072295", "blackrock-buidl", "BUIDL", 977902118, 3.56329),
  pool("bd0f5a2a-5d74-40bd-a7db-bf1538b314a2", "blackrock-buidl", "BUIDL", 967087609, 3.25307),
  pool("b663ca59-c7e6-4435-ae4a-28d339ce6a15", "blackrock-buidl", "BUIDL", 723689712, 3.59429),
  pool("0715f02b-1803-417f-98ec-4e6e950ff498", "blackrock-buidl", "BUIDL", 4892749, 3.56329),
  // Under $1M and an outlier: left out of the range.
  pool("00000000-0000-4000-8000-000000000001", "blackrock-buidl", "BUIDL", 900000, 0.5),
  pool("00000000-0000-4000-8000-000000000002", "blackrock-buidl", "BUIDL", 5000000, 40, true),
  pool("1910847a-f8b5-40ce-a1ab-1dafdded5fbb", "invesco-ustb", "USTB", 580071164, 3.51833),
  pool("b8d0d351-ac04-40de-9768-1fb9fdc68114", "midas-rwa", "USDC", 72168946, 3.64),
  pool("7d491f26-a03b-4eca-ae2c-e068391b15d3", "midas-rwa", "USDC", 64639149, 7.55),
  pool("d2b2bdd9-6535-4acc-8e84-2b0838bd63bb", "midas-rwa", "BTC", 23354972, 1.85),
  // A malformed pool of a protocol the directory does not list: it must not reject the response.
  { pool: "broken", project: "someone-else", tvlUsd: "lots", apy: null },
];
const SEPT_DAY = "2026-09-05";
const SEPT_NOW = "2026-09-06T07:00:00Z";

function saved(name: string, value: unknown): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "refresh-sept-")), name);
  writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value));
  return file;
}
const septList = (entries: unknown[] = Object.values(SEPT_ENTRIES)) => saved("protocols.json", entries);
const septYields = (pools: unknown[] = SEPT_POOLS) => saved("pools.json", { status: "success", data: pools });
const sept = (args: string[] = [], list = septList(), yields: string | null = septYields()) =>
  refresh(["--source-file", list, ...(yields ? ["--yields-file", yields] : []), "--as-of", SEPT_DAY, ...args], {
    now: SEPT_NOW,
  });

async function row(slugOrName: string): Promise<Record<string, unknown>> {
  const { rows } = await memory.db.query<Record<string, unknown>>(
    "select * from public.protocols where defillama_slug = $1 or name = $1",
    [slugOrName],
  );
  return rows[0]!;
}
async function yieldHistory(slug: string) {
  const { rows } = await memory.db.query<{ day: string; apy_min: string; apy_max: string; source: string }>(
    `select to_char(y.day, 'YYYY-MM-DD') as day, y.apy_min::text, y.apy_max::text, y.source
     from public.protocol_yield_history y join public.protocols p on p.id = y.protocol_id
     where p.defillama_slug = $1 order by y.day`,
    [slug],
  );
  return rows;
}
const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);

describe("data:refresh with saved 2026-09-05 responses: yields and tracked rows", () => {
  beforeEach(rewind);

  it("matches a renamed slug by DefiLlama's id, reports the rename and follows it", async () => {
    const run = await sept();
    expect(run.err).toEqual([]);
    expect(run.out).toContain("renamed: superstate-ustb -> invesco-ustb (id 4265) (Superstate USTB)");
    const ustb = await row("Superstate USTB");
    expect(ustb).toMatchObject({
      defillama_slug: "invesco-ustb",
      defillama_id: 4265,
      defillama_audits: 0,
      tvl: "$587M",
      tvl_source_url: "https://defillama.com/protocol/invesco-ustb",
      source_url: "https://defillama.com/protocol/invesco-ustb",
      blockchains: ["Ethereum", "Solana", "Plume Mainnet"],
    });
    expect(day(ustb.defillama_listed_at)).toBe("2024-03-08");
    // Stored ids keep matching: the next run finds it by id, with nothing left to rename.
    expect((await sept()).out.some((l) => l.startsWith("renamed:"))).toBe(false);
  });

  it("takes the yield range over pools of at least $1M that are not outliers, holding a first figure until --accept", async () => {
    const first = await sept();
    expect(first.out).toContain("held for review: blackrock-buidl yield 3.8-4.2% -> 3.3-3.6% (first DefiLlama yield)");
    expect(await row("blackrock-buidl")).toMatchObject({ yield_range: "3.8-4.2%", yield_source: null });

    // The first run renamed USTB: --accept names it by its slug now.
    const accepted = await sept(["--accept", "blackrock-buidl,invesco-ustb"]);
    expect(accepted.out).toContain(
      "  yield accepted  BlackRock BUIDL (Securitize) (blackrock-buidl): 3.8-4.2% -> 3.3-3.6% (first DefiLlama yield)",
    );
    const buidl = await row("blackrock-buidl");
    expect(buidl).toMatchObject({
      yield_range: "3.3-3.6%",
      yield_apy_min: "3.25", // numeric, as Postgres returns it
      yield_apy_max: "3.59",
      yield_source: "defillama",
      yield_source_url: "https://defillama.com/yields?project=blackrock-buidl",
    });
    expect(day(buidl.yield_as_of)).toBe(SEPT_DAY);
    // One pool: its own page.
    expect(await row("invesco-ustb")).toMatchObject({
      yield_range: "3.5%",
      yield_source_url: "https://defillama.com/yields/pool/1910847a-f8b5-40ce-a1ab-1dafdded5fbb",
    });
    expect(await yieldHistory("blackrock-buidl")).toEqual([
      { day: SEPT_DAY, apy_min: "3.25", apy_max: "3.59", source: "defillama" },
    ]);
    // What the protocol page reads, as anon, through the local API.
    const served = await anonGet(
      `protocol_yield_history?select=day,apy_min,apy_max,source&protocol_id=eq.${buidl.id as string}&order=day.asc`,
    );
    expect(served).toEqual({
      status: 200,
      body: [{ day: SEPT_DAY, apy_min: 3.25, apy_max: 3.59, source: "defillama" }],
    });
    // Protocols without pools keep their yield, and say so.
    expect(accepted.out.find((l) => l.startsWith("  yields: no DefiLlama pool"))).toMatch(/lofty/);
    expect(await row("lofty")).toMatchObject({ yield_range: "5-10%", yield_source: null });
  });

  it("holds a yield that moves more than 3 points, against the last figure or the 7-day median", async () => {
    await memory.db.exec(`
      update public.protocols set yield_range = '7.3-7.6%', yield_apy_min = 7.25, yield_apy_max = 7.59,
        yield_as_of = '2026-09-04', yield_source = 'defillama',
        yield_source_url = 'https://defillama.com/yields?project=blackrock-buidl'
        where defillama_slug = 'blackrock-buidl';`);
    const moved = await sept();
    expect(moved.out).toContain(
      "held for review: blackrock-buidl yield 7.3-7.6% -> 3.3-3.6% (moved more than 3 points)",
    );
    await memory.db.exec(`
      update public.protocols set yield_range = '5.0-5.3%', yield_apy_min = 5, yield_apy_max = 5.3
        where defillama_slug = 'blackrock-buidl';
      insert into public.protocol_yield_history (protocol_id, day, apy_min, apy_max, source)
        select id, d::date, 8, 8.2, 'defillama' from public.protocols, generate_series('2026-08-29'::date, '2026-09-04', '1 day') d
        where defillama_slug = 'blackrock-buidl';`);
    const baseline = await sept();
    expect(baseline.out).toContain(
      "held for review: blackrock-buidl yield 5.0-5.3% -> 3.3-3.6% (moved more than 3 points against the 7-day median 8.00-8.20%)",
    );
    expect(await row("blackrock-buidl")).toMatchObject({ yield_range: "5.0-5.3%" });
  });

  it("holds a row's first TVL figure, and a figure far from the 7-day median, until --accept", async () => {
    await memory.db.exec(`
      update public.protocols set tvl = 'N/A', tvl_usd = null, tvl_source = 'curated' where defillama_slug = 'lofty';
      update public.protocols set tvl = '$1.3B', tvl_usd = 1300000000 where defillama_slug = 'paxos-gold';
      insert into public.protocol_tvl_history (protocol_id, day, tvl_usd, source)
        select id, d::date, 500000000, 'defillama' from public.protocols, generate_series('2026-08-29'::date, '2026-09-04', '1 day') d
        where defillama_slug = 'paxos-gold';`);
    const run = await sept();
    expect(run.out).toContain("held for review: lofty N/A -> $101M (first published figure)");
    // +46.6% on the last figure passes, but +281% on the week's median does not: +50% a day cannot compound.
    expect(run.out).toContain("held for review: paxos-gold $1.3B -> $1.9B (+281.2% against the 7-day median $500M)");
    expect(await row("lofty")).toMatchObject({ tvl: "N/A" });
    expect(await row("paxos-gold")).toMatchObject({ tvl: "$1.3B" });
    const accepted = await sept(["--accept", "lofty,paxos-gold"]);
    expect(accepted.out).toContain("  accepted  Lofty (lofty): N/A -> $101M (first published figure)");
    expect(await row("lofty")).toMatchObject({ tvl: "$101M", tvl_source: "defillama" });
    expect(await row("paxos-gold")).toMatchObject({ tvl: "$1.9B" });
  });

  it("lists a new RWA protocol above the threshold, and adds it as a tracked row once accepted", async () => {
    const listed = await sept();
    expect(listed.out).toContain("new tracked row: midas-rwa (Midas RWA, RWA, $155M): held until --accept midas-rwa");
    expect(await row("midas-rwa")).toBeUndefined();
    expect((await sept(["--track-threshold", "200000000"])).out.some((l) => l.includes("midas-rwa"))).toBe(false);

    const added = await sept(["--accept", "midas-rwa"]);
    expect(added.out).toContain("  added     Midas RWA (midas-rwa): tracked row, $155M");
    expect(added.out).toContain(
      "Written in one transaction: 0 protocol rows changed, 1 added, 1 history rows written, 1 yield history rows written.",
    );
    const midas = await row("midas-rwa");
    expect(midas).toMatchObject({
      name: "Midas RWA",
      review_status: "tracked",
      risk_level: null,
      asset_classes: ["Unclassified"],
      min_investment: "Unknown",
      investor_access: "unknown",
      kyc: "unknown",
      redemption: "unknown",
      fees: "unknown",
      description:
        "Midas is an asset tokenization protocol bringing regulatory-compliant exposure to real-world assets.",
      url: "https://midas.app",
      source_url: "https://defillama.com/protocol/midas-rwa",
      tvl: "$155M",
      tvl_source: "defillama",
      blockchains: ["Ethereum", "Monad", "Hyperliquid L1", "Solana", "BNB Chain", "Optimism"],
      defillama_id: 4873,
      defillama_audits: 2,
      // A tracked row accepted in this run publishes its first figures without a second --accept.
      yield_range: "1.9-7.5%",
      yield_source: "defillama",
    });
    expect(midas.notes).toMatch(/^Tracked from DefiLlama's RWA category/);
    expect(await yieldHistory("midas-rwa")).toEqual([
      { day: SEPT_DAY, apy_min: "1.85", apy_max: "7.55", source: "defillama" },
    ]);
  });

  it("keeps a row DefiLlama dropped with its last figure and the day it went, and clears the mark when it is back", async () => {
    const { buidl, paxg, ustb, midas, lofty } = SEPT_ENTRIES;
    await sept(["--accept", "midas-rwa"]);
    // Maple is not in this list; Midas fell below the threshold.
    const run = await sept([], septList([buidl, paxg, ustb, { ...midas, tvl: 4_000_000 }, lofty]));
    expect(run.out).toContain(
      "  no longer tracked by DefiLlama: Maple Finance (Syrup) (maple), not in DefiLlama's list, since 2026-09-05: keeps its last figure",
    );
    expect(run.out).toContain(
      "  no longer tracked by DefiLlama: Midas RWA (midas-rwa), below the tracking threshold of $10M, since 2026-09-05: keeps its last figure",
    );
    const maple = await row("maple");
    expect(maple).toMatchObject({ tvl: "$2.7B" });
    expect(day(maple.tvl_as_of)).toBe("2025-12-19");
    expect(day(maple.defillama_dropped_on)).toBe(SEPT_DAY);
    expect(await row("midas-rwa")).toMatchObject({ tvl: "$155M" });
    expect(day((await row("midas-rwa")).defillama_dropped_on)).toBe(SEPT_DAY);

    await sept([], septList([buidl, paxg, ustb, midas, lofty]));
    expect((await row("midas-rwa")).defillama_dropped_on).toBeNull();
  });

  it("takes no rename, id or dropped mark back from a saved list older than a row's figure", async () => {
    const { buidl, paxg, ustb, midas, lofty } = SEPT_ENTRIES;
    await sept(["--accept", "midas-rwa"]);
    const identity = async () => {
      const [u, m] = [await row("Superstate USTB"), await row("maple")];
      return {
        slug: u.defillama_slug,
        id: u.defillama_id,
        audits: u.defillama_audits,
        mapleDropped: day(m.defillama_dropped_on),
      };
    };
    // Maple is not in the 2026-09-05 list, so it is marked dropped; USTB was renamed.
    const before = await identity();
    expect(before).toEqual({ slug: "invesco-ustb", id: 4265, audits: 0, mapleDropped: SEPT_DAY });

    // An earlier day, replayed afterwards: USTB under its old slug, Maple listed again.
    const older = saved("protocols.json", [
      buidl,
      paxg,
      { ...ustb, id: "", name: "Superstate USTB", slug: "superstate-ustb", audits: "2" },
      midas,
      lofty,
      { id: "", name: "Maple", slug: "maple", category: "RWA Lending", chains: ["Ethereum"], tvl: 2_900_000_000 },
    ]);
    const run = await refresh(["--source-file", older, "--as-of", "2026-09-01"], { now: SEPT_NOW });
    expect(run.err).toEqual([]);
    expect(run.out.filter((l) => l.startsWith("renamed:"))).toEqual([]);
    expect(await identity()).toEqual(before);
  });

  it("changes nothing on a second run with the same input", async () => {
    const args = ["--accept", "midas-rwa,blackrock-buidl,superstate-ustb,paxos-gold,lofty"];
    // --accept may name a row by the slug it had before this run's rename.
    const list = septList();
    const yields = septYields();
    await sept(args, list, yields);
    const before = await snapshot();
    const again = await sept(["--accept", "midas-rwa"], list, yields);
    expect(again.code).toBe(0);
    expect(again.out).toContain(
      "Written in one transaction: 0 protocol rows changed, 0 added, 0 history rows written, 0 yield history rows written.",
    );
    expect(await snapshot()).toBe(before);
  });

  it("writes the new rows, renames, yields and dropped marks back to the CSV files with --write-csv", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "refresh-sept-csv-"));
    const csv = {
      csvPath: path.join(dir, "protocols.csv"),
      historyPath: path.join(dir, "tvl-history.csv"),
      yieldHistoryPath: path.join(dir, "yield-history.csv"),
    };
    await memory.reseed();
    writeFileSync(csv.csvPath, readFileSync(FIXTURE.csv, "utf8"));
    writeFileSync(csv.historyPath, readFileSync(FIXTURE.history, "utf8"));
    writeFileSync(csv.yieldHistoryPath, "name,day,apy_min,apy_max,source\n");
    const run = await refresh(
      [
        "--source-file",
        septList(),
        "--yields-file",
        septYields(),
        "--as-of",
        SEPT_DAY,
        "--accept",
        "midas-rwa,blackrock-buidl,paxos-gold",
        "--write-csv",
      ],
      { now: SEPT_NOW, csv },
    );
    expect(run.err).toEqual([]);
    const rows = checkCsv(readFileSync(csv.csvPath, "utf8"), { today: SEPT_DAY, freshness: false }).rows;
    expect(rows).toHaveLength(35);
    expect(rows.find((r) => r.name === "Midas RWA")).toMatchObject({
      review_status: "tracked",
      risk_level: null,
      as_of: SEPT_DAY,
      tvl_as_of: SEPT_DAY,
      yield_as_of: SEPT_DAY,
      defillama_listed_at: "2024-07-12",
    });
    expect(rows.find((r) => r.name === "Superstate USTB")).toMatchObject({
      defillama_slug: "invesco-ustb",
      defillama_id: 4265,
    });
    expect(rows.find((r) => r.name === "Maple Finance (Syrup)")?.defillama_dropped_on).toBe(SEPT_DAY);
    expect(readFileSync(csv.yieldHistoryPath, "utf8")).toContain("Midas RWA,2026-09-05,1.85,7.55,defillama");
    expect(readFileSync(csv.historyPath, "utf8")).toContain("Midas RWA,2026-09-05,154543771,defillama");
  });
});

describe("data:refresh: one bad figure or source stops only itself", () => {
  beforeEach(rewind);

  it("ignores a malformed entry the directory does not use, and holds a malformed one it uses alone", async () => {
    const { buidl, paxg, ustb } = SEPT_ENTRIES;
    const run = await sept(
      [],
      septList([
        buidl,
        paxg,
        ustb,
        { name: "Someone Else", slug: "someone-else", category: "Dexs", tvl: "lots", chains: "all" },
        { name: 42 },
        "not even an object",
        { ...SEPT_ENTRIES.lofty, tvl: 5e21 },
        { ...SEPT_ENTRIES.midas, slug: "maple", id: "587", tvl: -5 },
        { name: "Spiko", slug: "spiko", id: "4231", category: "RWA", tvl: 5e8, chains: ["Ethereum", 7] },
      ]),
    );
    expect(run.code).toBe(0);
    expect(run.out).toContain(
      "held for review: lofty: DefiLlama's entry is malformed (tvl 5e+21 is not an amount of dollars (0 to below 1e15)); nothing about it was written",
    );
    expect(run.out).toContain(
      "held for review: maple: DefiLlama's entry is malformed (tvl -5 is not an amount of dollars (0 to below 1e15)); nothing about it was written",
    );
    expect(run.out).toContain(
      "held for review: spiko: DefiLlama's entry is malformed (chain 7 is not a chain name); nothing about it was written",
    );
    expect(day((await row("Superstate USTB")).tvl_as_of)).toBe(SEPT_DAY);
    expect(await row("lofty")).toMatchObject({ tvl: "$20M" });
  });

  it("holds a protocol whose pool is malformed, and writes every other yield", async () => {
    const run = await sept(
      ["--accept", "blackrock-buidl,invesco-ustb"],
      septList(),
      septYields([...SEPT_POOLS, pool("bad-apy", "invesco-ustb", "USTB", 2_000_000, Number.NaN)]),
    );
    expect(run.out).toContain(
      "held for review: invesco-ustb yield: a pool is malformed (pool bad-apy has apy null); the yield was not written",
    );
    expect(await row("blackrock-buidl")).toMatchObject({ yield_range: "3.3-3.6%" });
    expect(await row("invesco-ustb")).toMatchObject({ yield_range: "3.9-4.1%" });
  });

  it("writes no yield when the yields source fails, and still refreshes the TVL; and the reverse", async () => {
    const noYields = await sept([], septList(), saved("pools.json", { status: "error", data: "rate limited" }));
    expect(noYields.code).toBe(1);
    expect(noYields.err).toEqual([
      expect.stringMatching(
        /^data:refresh failed: .*pools\.json is not a DefiLlama yields response \(\{status, data: \[\.\.\.\]\}\): status is "error"; no yields were written \(the TVL was\)\.$/,
      ),
    ]);
    expect(day((await row("Superstate USTB")).tvl_as_of)).toBe(SEPT_DAY);
    expect(await yieldHistory("blackrock-buidl")).toEqual([]);

    await rewind();
    const noList = await sept(["--accept", "blackrock-buidl"], saved("protocols.json", "<html>busy</html>"));
    expect(noList.code).toBe(1);
    expect(noList.err).toEqual([
      expect.stringMatching(
        /^data:refresh failed: .*protocols\.json is not JSON; the TVL was not updated \(the yields were\)\.$/,
      ),
    ]);
    expect(await row("Superstate USTB")).toMatchObject({ tvl: "$587M", defillama_slug: "superstate-ustb" });
    expect(await row("blackrock-buidl")).toMatchObject({ yield_range: "3.3-3.6%" });
  });

  it("writes nothing at all when both sources fail", async () => {
    const before = await snapshot();
    const run = await sept([], saved("protocols.json", { nope: 1 }), saved("pools.json", []));
    expect(run.code).toBe(1);
    expect(run.err).toEqual([
      expect.stringMatching(
        /is not a DefiLlama protocol list .*; and .* is not a DefiLlama yields response .*; nothing was written\.$/,
      ),
    ]);
    expect(await snapshot()).toBe(before);
  });
});

describe("applying the committed 2026-08-12 to 2026-09-05 snapshots (docs/data.md)", () => {
  it("takes the directory to every RWA protocol above $10M, dated 2026-09-05, with its history and yields; a second run changes nothing", async () => {
    await memory.reseed();
    const snapshots = path.join(DEFILLAMA_DIR, "open-defi-data");
    const json = mkdtempSync(path.join(tmpdir(), "open-defi-data-"));
    for (const file of readdirSync(snapshots).filter((f) => f.endsWith(".csv"))) {
      const { json: converted } = convertSnapshot(readFileSync(path.join(snapshots, file), "utf8"), file);
      writeFileSync(path.join(json, file.replace(/\.csv$/, ".json")), JSON.stringify(converted));
    }
    const accepted = path.join(snapshots, "accepted.txt");
    const days = ["2026-08-12", "2026-08-16", "2026-08-20", "2026-08-24", "2026-08-31", "2026-09-02", "2026-09-05"];
    const apply = (day: string) =>
      refresh(
        [
          "--source-file",
          path.join(json, `protocols-${day}.json`),
          "--yields-file",
          path.join(json, `yields-${day}.json`),
          "--as-of",
          day,
          "--accept-file",
          accepted,
        ],
        { now: SEPT_NOW },
      );
    for (const day of days) {
      const run = await apply(day);
      expect({ day, err: run.err, held: run.out.filter((l) => l.startsWith("held for review")) }).toEqual({
        day,
        err: [],
        held: [],
      });
    }

    const { rows } = await memory.db.query<{
      name: string;
      review_status: string;
      tvl_source: string | null;
      tvl_as_of: string | null;
      yield_source: string | null;
      yield_as_of: string | null;
      dropped: string | null;
      slug: string | null;
      points: number;
    }>(`
      select p.name, p.review_status, p.tvl_source, to_char(p.tvl_as_of, 'YYYY-MM-DD') as tvl_as_of,
        p.yield_source, to_char(p.yield_as_of, 'YYYY-MM-DD') as yield_as_of,
        to_char(p.defillama_dropped_on, 'YYYY-MM-DD') as dropped, p.defillama_slug as slug,
        (select count(*)::int from public.protocol_tvl_history h where h.protocol_id = p.id) as points
      from public.protocols p order by p.name`);
    expect(rows.length).toBeGreaterThanOrEqual(55);
    expect(rows.filter((r) => r.review_status === "tracked")).toHaveLength(45);
    // Every DefiLlama-covered TVL is of 2026-09-05, except rows DefiLlama stopped listing, which say since when.
    for (const row of rows.filter((r) => r.tvl_source === "defillama"))
      expect({ name: row.name, asOf: row.dropped === null ? row.tvl_as_of : "dropped" }).toEqual({
        name: row.name,
        asOf: row.dropped === null ? SEPT_DAY : "dropped",
      });
    expect(rows.filter((r) => r.dropped !== null).map((r) => r.name)).toEqual(["Theo Network thBill"]);
    const yields = rows.filter((r) => r.yield_source === "defillama");
    expect(yields.length).toBeGreaterThanOrEqual(20);
    // Every DefiLlama yield is of 2026-09-05, except rows with no pool of $1M that day, which keep
    // their last one: Goldfinch's pool is in the snapshots up to 2026-08-24, Theo Network thBill
    // (dropped on 09-05) has its pools of 09-02.
    expect(
      Object.fromEntries(yields.filter((r) => r.yield_as_of !== SEPT_DAY).map((r) => [r.name, r.yield_as_of])),
    ).toEqual({ "Goldfinch (Prime)": "2026-08-24", "Theo Network thBill": "2026-09-02" });
    // Each day's yields file gives that day's yield point, so every page with pools has the days the
    // snapshots hold: 7, or fewer where the pools or the row are missing some days. None is invented.
    const { rows: yieldDays } = await memory.db.query<{ name: string; days: number }>(`
      select p.name, count(*)::int as days from public.protocol_yield_history h
        join public.protocols p on p.id = h.protocol_id where h.source = 'defillama' group by p.name order by p.name`);
    expect(yieldDays.filter((r) => r.days < 7).map((r) => [r.name, r.days])).toEqual([
      ["Goldfinch (Prime)", 4],
      ["Theo Network thBill", 6],
    ]);
    expect(yieldDays.length).toBeGreaterThanOrEqual(25);
    // At least 7 dated points on every covered page, except where this replay holds fewer: rows
    // added on a later day (Huma Finance V2 on 2026-09-05), under the threshold some days (Republic
    // Note published at 0 on three), listed late (Syntetika, from 2026-08-19) or dropped (Theo
    // Network thBill on 2026-09-05). The committed data/tvl-history.csv also carries their earlier
    // days and DefiLlama's December 2025 lists (docs/data.md, "TVL and yield history"); this
    // replay starts from the seed without them. No point is invented.
    expect(rows.filter((r) => r.slug !== null && r.points < 7).map((r) => r.name)).toEqual([
      "Huma Finance V2",
      "Republic Note",
      "Syntetika",
      "Theo Network thBill",
    ]);

    const before = await snapshot();
    const again = await apply(SEPT_DAY);
    expect(again.out).toContain(
      "Written in one transaction: 0 protocol rows changed, 0 added, 0 history rows written, 0 yield history rows written.",
    );
    expect(await snapshot()).toBe(before);
  });
});
