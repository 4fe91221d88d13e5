// The data:refresh tests' harness: one in-memory local API per test file (test-api.ts), the CLI run
// against it with saved DefiLlama responses only (a test that reaches the network fails), and the
// reads the tests check the result with.
import path from "node:path";
import { LOCAL_ANON_KEY } from "../../local-api/defaults.ts";
import { overallRating, type RiskFactor, type RiskStep } from "../../src/lib/risk-rating.ts";
import { main } from "./refresh-cli.ts";
import { DEFILLAMA_DIR } from "./paths.ts";
import { memoryApi } from "./test-api.ts";

export const SAVED_LIST = path.join(DEFILLAMA_DIR, "protocols-2025-12-19.json");
export const SAVED_HISTORY_DIR = path.join(DEFILLAMA_DIR, "protocol");
export const fromFile = ["--source-file", SAVED_LIST, "--as-of", "2025-12-19"];

export type Run = { code: number; out: string[]; err: string[] };

export type RefreshRunOptions = {
  llama?: typeof fetch;
  env?: Record<string, string>;
  csv?: { csvPath: string; historyPath: string; yieldHistoryPath?: string };
  now?: string;
};

/** A date column as the day it names (PGlite returns a Date). */
export const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);

/** The harness for one test file: call it at the top of the file (it registers the API's hooks). */
export function refreshHarness() {
  const memory = memoryApi();

  /**
   * The committed seed, each level the rule's for its factors (the fixture predates rule 1.1's 'Not
   * rated' reviewed rows: data:rate would set them so, and the refresh, which rates the protocols it
   * writes, would record each as a change), then Lofty and Paxos Gold turned back to their October
   * 2025 curated figures.
   */
  async function rewind() {
    await memory.reseed();
    const { rows: factors } = await memory.db.query<{ id: string; factor: RiskFactor; level: RiskStep }>(
      "select protocol_id as id, factor, level from public.protocol_risk_factors",
    );
    const { rows: protocols } = await memory.db.query<{ id: string }>("select id from public.protocols");
    for (const { id } of protocols) {
      const mine = factors.filter((f) => f.id === id);
      const level = overallRating(Object.fromEntries(mine.map((f) => [f.factor, f.level]))).level;
      await memory.db.query("update public.protocols set risk_level = $2::text where id = $1::uuid", [id, level]);
    }
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

  /** Runs npm run data:refresh with these arguments, its output and errors collected. */
  async function refresh(args: string[], options: RefreshRunOptions = {}): Promise<Run> {
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

  return { memory, rewind, snapshot, refresh, anonGet, served, row, yieldHistory };
}
