// supabase-js and raw HTTP against the local API: the PostgREST subset (table reads, RPC) as the
// caller's role. The add-to-waitlist function through it: local-api.test.ts.
import { createClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY } from "../../local-api/defaults.ts";
import { LOCAL_SERVICE_ROLE_KEY } from "../../local-api/service-key.ts";
import { createSupabaseStore } from "../../supabase/functions/add-to-waitlist/lib/supabase-store.ts";
import { NO_LIMITS } from "../../supabase/functions/add-to-waitlist/lib/types.ts";
import { snapshotApiForFile } from "./snapshot.ts";

const local = snapshotApiForFile();
const anon = () => createClient(local.api.url, LOCAL_ANON_KEY, { auth: { persistSession: false } });
const service = () => createClient(local.api.url, LOCAL_SERVICE_ROLE_KEY, { auth: { persistSession: false } });

describe("GET /rest/v1/protocols through supabase-js", () => {
  it("answers the app's exact query with every seeded row, sorted by name", async () => {
    const { data, error, status } = await anon().from("protocols").select("*").order("name", { ascending: true });
    expect(error).toBeNull();
    expect(status).toBe(200);
    const names = data!.map((r: { name: string }) => r.name);
    expect(names.length).toBeGreaterThanOrEqual(30);
    // PGlite's database collation is "C": byte order, which plain JS string comparison matches.
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(Object.keys(data![0]!)).toEqual(
      expect.arrayContaining([
        "id",
        "name",
        "description",
        "asset_classes",
        "blockchains",
        "tvl",
        "yield_range",
        "risk_level",
        "min_investment",
        "url",
      ]),
    );
    expect(Array.isArray(data![0]!.asset_classes)).toBe(true);
  });

  it("honours a select list, descending order, limit and an exact count", async () => {
    const { data, count, error } = await anon()
      .from("protocols")
      .select("name,tvl", { count: "exact" })
      .order("name", { ascending: false })
      .limit(2);
    expect(error).toBeNull();
    expect(data).toHaveLength(2);
    expect(Object.keys(data![0]!)).toEqual(["name", "tvl"]);
    expect(data![0]!.name > data![1]!.name).toBe(true);
    expect(count).toBeGreaterThanOrEqual(30);
  });

  it("filters with in.(...) as PostgREST does: a list, quoted items whole, an empty list matching none", async () => {
    const { data: all } = await anon().from("protocols").select("name").order("name").limit(2);
    const [first, second] = all!.map((row: { name: string }) => row.name);
    // supabase-js quotes items with commas or parentheses; it sends name=in.("a","b") here.
    const listed = await anon()
      .from("protocols")
      .select("name")
      .in("name", [second!, first!, "No such protocol"])
      .order("name");
    expect(listed.error).toBeNull();
    expect(listed.data!.map((row: { name: string }) => row.name)).toEqual([first, second]);

    const raw = async (query: string) => {
      const response = await fetch(`${local.api.url}/rest/v1/protocols?select=name&${query}`, {
        headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { name: string }[]).map((row) => row.name);
    };
    expect(await raw(`name=in.(${encodeURIComponent(`"${first}","a,b"`)})`)).toEqual([first]);
    expect(await raw("name=in.()")).toEqual([]);
    // With another filter, both apply.
    expect(
      await raw(`name=in.(${encodeURIComponent(`"${first}","${second}"`)})&name=eq.${encodeURIComponent(second!)}`),
    ).toEqual([second]);
  });

  it("answers HEAD with a count and no body", async () => {
    const { count, data, error } = await anon().from("protocols").select("*", { count: "exact", head: true });
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(count).toBeGreaterThanOrEqual(30);
  });

  it("refuses the waitlist to anon with PostgREST's permission error", async () => {
    const { error, status } = await anon().from("waitlist").select("*");
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: "42501", message: "permission denied for table waitlist" });
  });

  it("answers unknown tables, columns and unsupported filters with PostgREST-shaped errors", async () => {
    const missing = await anon().from("nope").select("*");
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({ code: "PGRST205" });

    const column = await anon().from("protocols").select("name,secret");
    expect(column.status).toBe(400);
    expect(column.error).toMatchObject({ code: "42703", message: "column protocols.secret does not exist" });

    const filter = await anon().from("protocols").select("*").gt("name", "x");
    expect(filter.status).toBe(400);
    expect(filter.error).toMatchObject({
      code: "PGRST100",
      message: '"failed to parse filter (gt.x)" (line 1, column 1)',
    });
    expect(filter.error!.hint).toMatch(/only the eq and in operators/);

    const notAList = await fetch(`${local.api.url}/rest/v1/protocols?select=name&name=in.a,b`, {
      headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` },
    });
    expect(notAList.status).toBe(400);
    expect(await notAList.json()).toMatchObject({ code: "PGRST100" });

    const filterColumn = await anon().from("protocols").select("*").eq("secret", "x");
    expect(filterColumn.status).toBe(400);
    expect(filterColumn.error).toMatchObject({ code: "42703", message: "column protocols.secret does not exist" });

    const write = await anon().from("protocols").insert({ name: "x" });
    expect(write.status).toBe(405);
    expect(write.error).toMatchObject({ code: "PGRST117" });
  });

  it("rejects a forged or missing key with 401", async () => {
    const forged = LOCAL_ANON_KEY.replace(/.{4}$/, "AAAA");
    const bad = await createClient(local.api.url, forged, { auth: { persistSession: false } })
      .from("protocols")
      .select("*");
    expect(bad.status).toBe(401);
    expect(bad.error).toMatchObject({ code: "PGRST301" });

    const none = await fetch(`${local.api.url}/rest/v1/protocols`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: "PGRST301", message: "No API key found in request" });
  });

  it("answers CORS preflight for the REST API", async () => {
    const response = await fetch(`${local.api.url}/rest/v1/protocols`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://127.0.0.1:5173",
        "Access-Control-Request-Headers": "apikey, authorization, x-client-info",
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:5173");
    expect(response.headers.get("access-control-allow-headers")).toBe("apikey, authorization, x-client-info");
  });
});

describe("POST /rest/v1/rpc as the JWT's role", () => {
  it("denies the service-role-only waitlist functions to anon", async () => {
    for (const [name, args] of [
      ["waitlist_confirm", { p_token_hash: "a".repeat(64) }],
      ["waitlist_pending_sync", { p_limit: 10 }],
      ["waitlist_record_sync", { p_email: "x@example.com" }],
    ] as const) {
      const { error, status } = await anon().rpc(name, args);
      expect(status, name).toBe(401);
      expect(error, name).toMatchObject({ code: "42501" });
    }
  });

  it("runs the Edge Function's production store (createSupabaseStore) with the service-role key", async () => {
    const store = createSupabaseStore(service());
    const attempt = {
      email: "store@example.com",
      mailbox: "store@example.com",
      source: "hero",
      client: "198.51.100.1/32",
      tokenHash: "c".repeat(64),
      ttlSeconds: 3600,
      limits: NO_LIMITS,
    };
    expect(await store.signup(attempt)).toEqual({ outcome: "send" });
    expect(await store.signup({ ...attempt, tokenHash: "d".repeat(64) })).toEqual({ outcome: "none" });
    await store.recordMail("store@example.com", "c".repeat(64), "Resend answered 500");
    expect(await store.pending(10, 0)).toEqual([
      expect.objectContaining({
        email: "store@example.com",
        source: "hero",
        attempts: 1,
        lastError: "Resend answered 500",
        action: "mail",
      }),
    ]);
    expect(await store.claimMail("store@example.com", "e".repeat(64), 3600, 0)).toBe(true);
    await store.recordMail("store@example.com", "e".repeat(64), null);
    expect(await store.pending(10, 0)).toEqual([]);
    expect(await store.confirm("c".repeat(64))).toEqual({ status: "invalid" });
    expect(await store.confirm("e".repeat(64))).toEqual({ status: "confirmed", email: "store@example.com" });
    expect(await store.pending(10, 0)).toEqual([
      expect.objectContaining({ email: "store@example.com", action: "contact" }),
    ]);
    await store.recordSync("store@example.com", null);
    expect(await store.pending(10, 0)).toEqual([]);
  });

  it("answers an unknown function with PGRST202", async () => {
    const { error, status } = await service().rpc("no_such_function", { a: 1 });
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: "PGRST202" });
  });
});
