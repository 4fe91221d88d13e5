// npm run data:refresh end to end against the local API (the server npm run local-api starts, in
// memory), with saved DefiLlama responses only: data/defillama/ and injected fetch failures.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY } from "../../local-api/defaults.ts";
import { main } from "./refresh-cli.ts";
import { checkHistoryCsv } from "./history.ts";
import { CSV_PATH, DEFILLAMA_DIR, HISTORY_PATH } from "./paths.ts";
import { memoryApi } from "./test-api.ts";
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
      'history', (select json_agg(h order by protocol_id, day) from public.protocol_tvl_history h)
    )::text as s`);
  return rows[0]!.s;
}

type Run = { code: number; out: string[]; err: string[] };

async function refresh(
  args: string[],
  options: { llama?: typeof fetch; env?: Record<string, string>; csv?: { csvPath: string; historyPath: string } } = {},
): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const fetchImpl = async (input: string, init?: RequestInit) => {
    if (input.startsWith("https://api.llama.fi/")) {
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
    now: () => new Date("2025-12-19T07:00:00Z"),
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
    expect(run.out).toContain("Summary: 1 updated, 26 unchanged, 1 held, 6 not covered.");
    expect(run.out).toContain("Written in one transaction: 1 protocol rows changed, 1 history rows written.");

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
    expect(again.out).toContain("Written in one transaction: 0 protocol rows changed, 0 history rows written.");
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
    const csv = readFileSync(CSV_PATH, "utf8").replace(
      /^Lofty,(.*),\$99M,(.*),99180168,2025-12-19,/m,
      (_, a: string, b: string) => `Lofty,${a},$20M,${b},20000000,2025-10-31,`,
    );
    expect(csv).not.toBe(readFileSync(CSV_PATH, "utf8"));
    writeFileSync(csvPath, csv);
    writeFileSync(historyPath, "name,day,tvl_usd,source\n");
    const run = await refresh([...fromFile, "--accept", "lofty", "--write-csv"], { csv: { csvPath, historyPath } });
    expect(run.code).toBe(0);
    expect(readFileSync(csvPath, "utf8")).toBe(readFileSync(CSV_PATH, "utf8"));
    const rows = checkCsv(readFileSync(csvPath, "utf8"), { today: "2025-12-19", freshness: false }).rows;
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
    const committed = checkHistoryCsv(readFileSync(HISTORY_PATH, "utf8"), rows).rows;
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
      "an entry whose tvl is not a number",
      () => {
        const file = path.join(mkdtempSync(path.join(tmpdir(), "refresh-bad-")), "list.json");
        writeFileSync(file, JSON.stringify([{ name: "Lofty", slug: "lofty", tvl: "99M" }]));
        return { args: ["--source-file", file, "--as-of", "2025-12-19"] };
      },
      /entry 1 \("Lofty"\) has tvl "99M", expected a non-negative number/,
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
      /^data:refresh failed: https:\/\/api\.llama\.fi\/protocols answered HTTP 500 Internal Server Error; nothing was written\.$/,
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
      /^data:refresh failed: https:\/\/api\.llama\.fi\/protocols did not answer within 0\.2 s \(timeout\); nothing was written\.$/,
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
        "data:refresh failed: --accept nope: no protocol has that defillama_slug. Nothing was written.",
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

  it("cannot be written by anon: refresh_protocol_tvl is service_role only", async () => {
    const response = await fetch(`${memory.api.url}/rest/v1/rpc/refresh_protocol_tvl`, {
      method: "POST",
      headers: {
        apikey: LOCAL_ANON_KEY,
        Authorization: `Bearer ${LOCAL_ANON_KEY}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({
        run_day: "2025-12-19",
        updates: [{ defillama_slug: "lofty", tvl: "$1B", tvl_usd: 1e9, blockchains: ["Algorand"] }],
        history: [],
      }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "42501" });
  });
});
