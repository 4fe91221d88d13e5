// The provenance migration and public.sync_protocols on a real Postgres, plus data:push end to
// end, all against one in-memory local API (the same server npm run local-api starts).
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY } from "../../local-api/defaults.ts";
import { jwtRole, pushData, PushError, resolveTarget, type Target } from "./push-core.ts";
import { FIXTURE, memoryApi } from "./test-api.ts";
import type { ProtocolRow } from "./rules/protocol-row.ts";
import { checkCsv } from "./rules/protocols.ts";

const csvText = readFileSync(FIXTURE.csv, "utf8");
const csvRows = checkCsv(csvText, { today: "2025-12-19", freshness: false }).rows;

const memory = memoryApi();

async function sync(rows: unknown, role = "service_role") {
  await memory.db.exec(`set role ${role}`);
  try {
    const result = await memory.db.query<{ r: Record<string, number> }>(
      "select public.sync_protocols($1::jsonb) as r",
      [JSON.stringify(rows)],
    );
    return result.rows[0]!.r;
  } finally {
    await memory.db.exec("reset role");
  }
}

async function names(): Promise<string[]> {
  return (await memory.db.query<{ name: string }>("select name from public.protocols order by name")).rows.map(
    (r) => r.name,
  );
}

describe("the provenance columns", () => {
  beforeAll(memory.reseed);

  it("are filled for every seeded protocol", async () => {
    const { rows } = await memory.db.query<{ total: number; sourced: number }>(
      "select count(*)::int as total, count(*) filter (where source_url is not null and as_of is not null)::int as sourced from public.protocols",
    );
    expect(rows[0]).toEqual({ total: csvRows.length, sourced: csvRows.length });
  });

  it("reject a non-http(s) source, an absurd date and empty or overlong notes, but allow NULL", async () => {
    const update = (set: string) => memory.db.query(`update public.protocols set ${set} where name = 'Fidelity FDIT'`);
    await expect(update("source_url = 'ftp://fidelity.com'")).rejects.toThrow(/protocols_source_url_check/);
    await expect(update("source_url = 'https://fidelity .com'")).rejects.toThrow(/protocols_source_url_check/);
    await expect(update("as_of = '2205-10-31'")).rejects.toThrow(/protocols_as_of_check/);
    await expect(update("as_of = '1925-10-31'")).rejects.toThrow(/protocols_as_of_check/);
    await expect(update("notes = '  '")).rejects.toThrow(/protocols_notes_check/);
    await expect(update(`notes = repeat('x', 2001)`)).rejects.toThrow(/protocols_notes_check/);
    // A curated yield's page date is a day, a month or 'undated', as the data writes it.
    await expect(update("yield_document_date = '13 Nov 2025'")).rejects.toThrow(/protocols_yield_document_date_check/);
    await expect(update("yield_document_date = '2025-11', yield_source_kind = 'Fact sheet'")).resolves.toBeDefined();
    await expect(update("source_url = null, as_of = null, notes = null")).resolves.toBeDefined();
  });
});

describe("sync_protocols", () => {
  beforeAll(memory.reseed);

  it("upserts by name, deletes absent names and counts each, touching only changed rows", async () => {
    const before = await memory.db.query<{ updated_at: string }>(
      "select updated_at::text from public.protocols where name = 'Lofty'",
    );
    const rows: ProtocolRow[] = csvRows
      .filter((r) => r.name !== "Swarm Markets")
      .map((r) => (r.name === "Paxos Gold (PAXG)" ? { ...r, tvl: "$1.3B", as_of: "2025-11-14" } : r));
    rows.push({ ...csvRows[0]!, name: "New Protocol", notes: null, defillama_slug: null, tvl_source: "curated" });

    expect(await sync(rows)).toEqual({ inserted: 1, updated: 1, deleted: 1 });
    const paxg = await memory.db.query(
      "select tvl, as_of::text from public.protocols where name = 'Paxos Gold (PAXG)'",
    );
    expect(paxg.rows[0]).toEqual({ tvl: "$1.3B", as_of: "2025-11-14" });
    expect(await names()).not.toContain("Swarm Markets");
    const after = await memory.db.query<{ updated_at: string }>(
      "select updated_at::text from public.protocols where name = 'Lofty'",
    );
    expect(after.rows[0]!.updated_at).toBe(before.rows[0]!.updated_at);

    expect(await sync(rows)).toEqual({ inserted: 0, updated: 0, deleted: 0 });
  });

  it("carries the TVL and the term columns together, deleting before it upserts", async () => {
    await memory.reseed();
    // The seed is the CSV, every column of it: syncing the CSV changes nothing.
    expect(await sync(csvRows)).toEqual({ inserted: 0, updated: 0, deleted: 0 });

    const slugged = csvRows.find((r) => r.defillama_slug !== null)!;
    const termed = csvRows.find((r) => r.investor_access !== "unknown" && r.name !== slugged.name)!;
    const other = csvRows.find((r) => r.name !== slugged.name && r.name !== termed.name && r.tvl_usd !== null)!;
    const rows: Record<string, unknown>[] = csvRows
      .filter((r) => r.name !== slugged.name)
      .map((r) => {
        if (r.name === termed.name) return { ...r, kyc: "no", redemption: "days", redemption_days: 2 };
        if (r.name === other.name) return { ...r, tvl_usd: 123_456_789, tvl_as_of: "2025-12-18" };
        return r;
      });
    // A new row takes the removed row's DefiLlama slug (unique): only a delete-first sync accepts it.
    // It omits the term keys, as a CSV from before the terms would: they read 'unknown'.
    const { investor_access, kyc, redemption, redemption_days, fees, terms_source_url, terms_as_of, ...withoutTerms } =
      slugged;
    void [investor_access, kyc, redemption, redemption_days, fees, terms_source_url, terms_as_of];
    rows.push({ ...withoutTerms, name: "Renamed Protocol" });

    expect(await sync(rows)).toEqual({ inserted: 1, updated: 2, deleted: 1 });
    const read = async (name: string) =>
      (
        await memory.db.query<Record<string, unknown>>(
          "select defillama_slug, tvl_usd::text, tvl_as_of::text, tvl_source, investor_access, kyc, redemption, redemption_days, fees, terms_source_url from public.protocols where name = $1",
          [name],
        )
      ).rows[0];
    expect(await read("Renamed Protocol")).toMatchObject({
      defillama_slug: slugged.defillama_slug,
      tvl_usd: String(slugged.tvl_usd),
      tvl_source: slugged.tvl_source,
      investor_access: "unknown",
      kyc: "unknown",
      redemption: "unknown",
      redemption_days: null,
      fees: "unknown",
      terms_source_url: null,
    });
    expect(await read(termed.name)).toMatchObject({
      investor_access: termed.investor_access,
      kyc: "no",
      redemption: "days",
      redemption_days: 2,
    });
    expect(await read(other.name)).toMatchObject({
      tvl_usd: "123456789",
      tvl_as_of: "2025-12-18",
      investor_access: other.investor_access,
    });
    expect(await sync(rows)).toEqual({ inserted: 0, updated: 0, deleted: 0 });
  });

  it("changes nothing when any row breaks a constraint", async () => {
    const before = await names();
    const rows = [...csvRows.slice(1), { ...csvRows[0]!, tvl: "~$15M" }];
    await expect(sync(rows)).rejects.toThrow(/protocols_tvl_check/);
    expect(await names()).toEqual(before);
  });

  it("rejects input that is not a non-empty array of known, uniquely named rows", async () => {
    await expect(sync({ rows: [] })).rejects.toThrow(/rows must be a JSON array/);
    await expect(sync([])).rejects.toThrow(/refusing to delete every protocol/);
    await expect(sync([1])).rejects.toThrow(/every element of rows must be an object/);
    await expect(sync([{ ...csvRows[0], id: "x" }])).rejects.toThrow(/unknown field "id"/);
    await expect(sync([csvRows[0], csvRows[0]])).rejects.toThrow(/appears more than once/);
  });

  it("cannot be executed by anon or authenticated", async () => {
    await expect(sync(csvRows, "anon")).rejects.toThrow(/permission denied for function sync_protocols/);
    await expect(sync(csvRows, "authenticated")).rejects.toThrow(/permission denied for function sync_protocols/);
  });
});

describe("data:push", () => {
  let local: Target;
  beforeAll(() => {
    local = { ...resolveTarget({}), url: memory.api.url };
  });
  const freshCsv = csvText.replace("2025-05-31", "2025-10-31").replace(",2025-07-31,", ",2025-10-31,");

  it("refuses when data:check fails, before touching the network", async () => {
    const lines: string[] = [];
    const push = pushData({
      csvText,
      csvLabel: "csv",
      today: "2025-12-19",
      dryRun: false,
      target: local,
      log: (l) => lines.push(l),
    });
    await expect(push).rejects.toThrow(/data:push refused: csv has 2 problem\(s\) as of 2025-12-19/);
    expect(lines).toContain(
      "line 18, as_of: 2025-05-31 is 202 days old as of 2025-12-19 (limit 120): refresh the figure, or review a historical snapshot with --today",
    );
  });

  it("prints the diff, writes nothing on --dry-run, then pushes and verifies", async () => {
    await memory.reseed();
    await memory.db.exec("delete from public.protocols where name = 'Lofty'");
    const lines: string[] = [];
    const options = {
      csvText: freshCsv,
      csvLabel: "csv",
      today: "2025-12-19",
      target: local,
      log: (l: string) => lines.push(...l.split("\n")),
    };

    expect(await pushData({ ...options, dryRun: true })).toBe("dry-run");
    expect(lines).toContain("  + added    Lofty (TVL $99M, as of 2025-10-31)");
    expect(lines).toContain("      as_of: 2025-05-31 -> 2025-10-31");
    expect(await names()).not.toContain("Lofty");

    expect(await pushData({ ...options, dryRun: false })).toEqual({ inserted: 1, updated: 2, deleted: 0 });
    expect(lines).toContain("Verified: the database matches csv.");
    expect(await names()).toContain("Lofty");
    expect(await pushData({ ...options, dryRun: false })).toBe("no-changes");
  });

  it("explains a rejected key, a missing function and an unreachable local API", async () => {
    const base = { csvText: freshCsv, csvLabel: "csv", today: "2025-12-19", dryRun: false, log: () => {} };
    await expect(pushData({ ...base, target: { ...local, key: "wrong" } })).rejects.toThrow(
      /refused \(HTTP 401: .*\)\. Check that SUPABASE_SERVICE_ROLE_KEY/,
    );
    await memory.db.exec("delete from public.protocols where name = 'Lofty'");
    await expect(pushData({ ...base, target: { ...local, key: LOCAL_ANON_KEY } })).rejects.toThrow(
      /permission denied for function sync_protocols\)\. Check that SUPABASE_SERVICE_ROLE_KEY/,
    );
    const noFunction: typeof fetch = async (input, init) =>
      String(input).includes("/rpc/")
        ? Response.json({ code: "PGRST202", message: "Could not find the function" }, { status: 404 })
        : fetch(input, init);
    await expect(pushData({ ...base, target: local, fetch: noFunction })).rejects.toThrow(
      "The database has no public.sync_protocols(rows jsonb): apply supabase/migrations/20251201000000_live_tvl.sql first",
    );
    const noOther: typeof fetch = async (input, init) =>
      String(input).includes("/rpc/")
        ? Response.json(
            {
              code: "23514",
              message: 'new row for relation "protocols" violates check constraint "protocols_asset_classes_check"',
            },
            { status: 400 },
          )
        : fetch(input, init);
    await expect(pushData({ ...base, target: local, fetch: noOther })).rejects.toThrow(
      "The database refused an asset class: 'Other' needs supabase/migrations/20261127180000_other_asset_class.sql (supabase db push). Nothing was changed.",
    );
    const refused: typeof fetch = async () => {
      throw new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:54321") });
    };
    await expect(pushData({ ...base, target: resolveTarget({}), fetch: refused })).rejects.toThrow(
      "Could not reach the local API at http://127.0.0.1:54321 (connect ECONNREFUSED 127.0.0.1:54321): start it with npm run local-api",
    );
  });
});

describe("resolveTarget", () => {
  it("uses the local API without any key, honouring LOCAL_API_PORT", () => {
    expect(resolveTarget({ LOCAL_API_PORT: "55000" })).toMatchObject({ url: "http://127.0.0.1:55000", local: true });
    expect(jwtRole(resolveTarget({}).key)).toBe("service_role");
  });

  it("takes a real project only from the environment, with both values and a service-role key", () => {
    const serviceKey = `x.${Buffer.from('{"role":"service_role"}').toString("base64url")}.x`;
    expect(resolveTarget({ SUPABASE_URL: "https://abc.supabase.co/", SUPABASE_SERVICE_ROLE_KEY: serviceKey })).toEqual({
      url: "https://abc.supabase.co",
      key: serviceKey,
      local: false,
    });
    expect(() => resolveTarget({ SUPABASE_URL: "https://abc.supabase.co" })).toThrow(PushError);
    expect(() => resolveTarget({ SUPABASE_SERVICE_ROLE_KEY: serviceKey })).toThrow(/SUPABASE_URL is not/);
    const anonKey = `x.${Buffer.from('{"role":"anon"}').toString("base64url")}.x`;
    expect(() =>
      resolveTarget({ SUPABASE_URL: "https://abc.supabase.co", SUPABASE_SERVICE_ROLE_KEY: anonKey }),
    ).toThrow("SUPABASE_SERVICE_ROLE_KEY holds a 'anon' key; data:push needs the service_role key.");
  });
});

describe("data:push after a daily refresh", () => {
  it("keeps the database's newer TVL instead of turning it back to the CSV's", async () => {
    await memory.reseed();
    await memory.db.exec(
      "update public.protocols set tvl = '$120M', tvl_usd = 120000000, tvl_as_of = '2025-12-20' where defillama_slug = 'lofty'",
    );
    const lines: string[] = [];
    const local = { ...resolveTarget({}), url: memory.api.url };
    const csv = csvText.replace("2025-05-31", "2025-10-31").replace(",2025-07-31,", ",2025-10-31,");
    await pushData({
      csvText: csv,
      csvLabel: "csv",
      today: "2025-12-20",
      dryRun: false,
      target: local,
      log: (l) => lines.push(...l.split("\n")),
    });
    expect(lines).toContain(
      "Kept Lofty's TVL from the database (dated 2025-12-20, the CSV's is 2025-12-19): run data:refresh with --write-csv to bring the CSV up to date.",
    );
    const { rows } = await memory.db.query("select tvl, tvl_as_of::text from public.protocols where name = 'Lofty'");
    expect(rows[0]).toEqual({ tvl: "$120M", tvl_as_of: "2025-12-20" });
  });
});
