// npm run data:refresh's failures: a bad source, bad options, an unreachable API or a rejected key
// write nothing and exit 1 with one clear message; and anon can never call the refresh's write.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY } from "../../local-api/defaults.ts";
import { fromFile, refreshHarness, SAVED_LIST } from "./refresh-test-run.ts";

const { memory, rewind, snapshot, refresh } = refreshHarness();

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
