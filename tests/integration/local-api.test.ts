// supabase-js and raw HTTP against the local API: the PostgREST subset as the caller's role, and
// the add-to-waitlist contract through the very same handler.ts the Edge Function deploys.
import { request } from "node:http";
import { createClient, FunctionsHttpError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY } from "../../local-api/defaults.ts";
import type { LocalApi } from "../../local-api/server.ts";
import { LOCAL_SERVICE_ROLE_KEY } from "../../local-api/service-key.ts";
import { createSupabaseStore } from "../../supabase/functions/add-to-waitlist/lib/supabase-store.ts";
import { NO_LIMITS, type WaitlistMailer } from "../../supabase/functions/add-to-waitlist/lib/types.ts";
import { startSnapshotApi } from "./snapshot.ts";

type WaitlistRow = {
  email: string;
  source: string | null;
  confirmed_at: string | null;
  confirmation_sent_at: string | null;
  synced_at: string | null;
  last_error: string | null;
  attempts: number;
};

const printed: string[] = [];
const links = new Map<string, string>();
const contacts: string[] = [];
const recordingMailer: WaitlistMailer = {
  name: "recording",
  async addContact(email) {
    contacts.push(email);
  },
  async removeContact() {},
  async sendConfirmation(mail) {
    printed.push(mail.to);
    links.set(mail.to, mail.link);
  },
};
const audiencesDown = () => Promise.reject(new Error("Resend /audiences answered 503: upstream unavailable"));
const failingMailer: WaitlistMailer = {
  name: "failing",
  addContact: audiencesDown,
  removeContact: audiencesDown,
  async sendConfirmation() {
    throw new Error("Resend /emails answered 503: upstream unavailable");
  },
};

let api: LocalApi;
beforeAll(async () => {
  api = await startSnapshotApi({
    mailer: recordingMailer,
  });
});
afterAll(async () => {
  await api?.close();
});

const anon = () => createClient(api.url, LOCAL_ANON_KEY, { auth: { persistSession: false } });
const service = () => createClient(api.url, LOCAL_SERVICE_ROLE_KEY, { auth: { persistSession: false } });

async function waitlistRows(target: LocalApi = api): Promise<WaitlistRow[]> {
  await target.settled();
  return (await fetch(`${target.url}/_local/waitlist`)).json() as Promise<WaitlistRow[]>;
}

function postSignup(target: LocalApi, body: string, headers: Record<string, string> = {}) {
  return fetch(`${target.url}/functions/v1/add-to-waitlist`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body,
  });
}

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
    expect(filter.error!.hint).toMatch(/only the eq operator/);

    const filterColumn = await anon().from("protocols").select("*").eq("secret", "x");
    expect(filterColumn.status).toBe(400);
    expect(filterColumn.error).toMatchObject({ code: "42703", message: "column protocols.secret does not exist" });

    const write = await anon().from("protocols").insert({ name: "x" });
    expect(write.status).toBe(405);
    expect(write.error).toMatchObject({ code: "PGRST117" });
  });

  it("rejects a forged or missing key with 401", async () => {
    const forged = LOCAL_ANON_KEY.replace(/.{4}$/, "AAAA");
    const bad = await createClient(api.url, forged, { auth: { persistSession: false } })
      .from("protocols")
      .select("*");
    expect(bad.status).toBe(401);
    expect(bad.error).toMatchObject({ code: "PGRST301" });

    const none = await fetch(`${api.url}/rest/v1/protocols`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: "PGRST301", message: "No API key found in request" });
  });

  it("answers CORS preflight for the REST API", async () => {
    const response = await fetch(`${api.url}/rest/v1/protocols`, {
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

describe("POST /functions/v1/add-to-waitlist", () => {
  it("stores a signup made with supabase-js, normalised, mails a link, and adds the contact only once it is followed", async () => {
    const { data, error } = await anon().functions.invoke("add-to-waitlist", {
      body: { email: "  Grace@Example.COM ", source: "promo" },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ ok: true });
    let row = (await waitlistRows()).find((r) => r.email === "grace@example.com");
    expect(row).toMatchObject({ source: "promo", last_error: null, attempts: 0, confirmed_at: null, synced_at: null });
    expect(row!.confirmation_sent_at).not.toBeNull();
    expect(printed).toContain("grace@example.com");
    expect(contacts).not.toContain("grace@example.com");

    // No Origin (a server-side call): the link goes to the dev server's /confirm page.
    const link = new URL(links.get("grace@example.com")!);
    expect(`${link.origin}${link.pathname}`).toBe("http://127.0.0.1:5173/confirm");
    expect(link.search).toBe("");
    const token = new URLSearchParams(link.hash.slice(1)).get("token")!;
    const confirm = () => anon().functions.invoke("add-to-waitlist/confirm", { body: { token } });
    expect((await confirm()).data).toEqual({ status: "confirmed" });
    row = (await waitlistRows()).find((r) => r.email === "grace@example.com");
    expect(row!.confirmed_at).not.toBeNull();
    expect(row!.synced_at).not.toBeNull();
    expect(contacts).toEqual(["grace@example.com"]);
    // Single use: the same link again changes nothing.
    expect((await confirm()).data).toEqual({ status: "already" });
    expect(contacts).toEqual(["grace@example.com"]);
  });

  it("links to the /confirm page of the origin the signup came from (dev, preview, e2e)", async () => {
    await postSignup(api, JSON.stringify({ email: "preview@example.com" }), { Origin: "http://localhost:4173" });
    await api.settled();
    expect(links.get("preview@example.com")).toMatch(/^http:\/\/localhost:4173\/confirm#token=[A-Za-z0-9_-]{43}$/);
  });

  it("answers an unknown or malformed token with 'invalid'", async () => {
    for (const token of ["x".repeat(43), "short", 42, null]) {
      const { data } = await anon().functions.invoke("add-to-waitlist/confirm", { body: { token } });
      expect(data).toEqual({ status: "invalid" });
    }
  });

  it("answers a duplicate exactly like a new signup and keeps one row", async () => {
    const first = await postSignup(api, JSON.stringify({ email: "twice@example.com" }));
    const again = await postSignup(api, JSON.stringify({ email: "TWICE@example.com" }));
    expect([again.status, await again.text()]).toEqual([first.status, await first.text()]);
    expect((await waitlistRows()).filter((r) => r.email === "twice@example.com")).toHaveLength(1);
    expect(printed.filter((e) => e === "twice@example.com")).toHaveLength(1);
  });

  it("gives supabase-js an error for an invalid e-mail (the UI's failure toast)", async () => {
    const { data, error } = await anon().functions.invoke("add-to-waitlist", { body: { email: "no-at-sign" } });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Please enter a valid email address" });
  });

  it("answers CORS preflight, wrong method, wrong type and bad JSON with the contract's statuses", async () => {
    const preflight = await fetch(`${api.url}/functions/v1/add-to-waitlist`, {
      method: "OPTIONS",
      headers: { Origin: "http://127.0.0.1:5173", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:5173");

    const get = await fetch(`${api.url}/functions/v1/add-to-waitlist`);
    expect([get.status, get.headers.get("allow"), await get.json()]).toEqual([
      405,
      "POST, OPTIONS",
      { error: expect.any(String) },
    ]);

    const text = await postSignup(api, "email=a@b.co", { "Content-Type": "text/plain" });
    expect(text.status).toBe(415);
    // No Origin sent: not a browser, no CORS header needed.
    expect(text.headers.get("access-control-allow-origin")).toBeNull();

    const bad = await postSignup(api, "{not json");
    expect([bad.status, await bad.json()]).toEqual([400, { error: "Request body must be a JSON object" }]);
  });

  it("answers 413 to a streamed body over 1 KB sent without Content-Length", async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${api.url}/functions/v1/add-to-waitlist`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on("error", reject);
      for (let i = 0; i < 6; i++) req.write(`{"pad":"${"x".repeat(200)}",`);
      req.end('"email":"big@example.com"}');
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ error: "Request body must be at most 1024 bytes" });
    expect((await waitlistRows()).some((r) => r.email === "big@example.com")).toBe(false);
  });
});

describe("rate limit and provider failure (a second local API: limit 5, failing provider)", () => {
  let limited: LocalApi;
  beforeAll(async () => {
    limited = await startSnapshotApi({
      rateLimit: 5,
      mailer: failingMailer,
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("still answers success when the provider fails, and records the failure on the row", async () => {
    const response = await postSignup(limited, JSON.stringify({ email: "outage@example.com" }));
    expect([response.status, await response.json()]).toEqual([200, { ok: true }]);
    const row = (await waitlistRows(limited)).find((r) => r.email === "outage@example.com");
    expect(row).toMatchObject({ confirmation_sent_at: null, synced_at: null, attempts: 1 });
    expect(row!.last_error).toMatch(/answered 503/);
  });

  it("answers the sixth attempt in a minute with 429 and Retry-After, whatever forwarding headers claim", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      statuses.push((await postSignup(limited, JSON.stringify({ email: `r${i}@example.com` }))).status);
    }
    const spoofed = await postSignup(limited, JSON.stringify({ email: "r6@example.com" }), {
      "X-Forwarded-For": "203.0.113.9",
      "X-Real-IP": "203.0.113.10",
      "CF-Connecting-IP": "203.0.113.11",
    });
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(spoofed.status).toBe(429);
    expect(Number(spoofed.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await spoofed.json()).toEqual({ error: "Too many signup attempts. Please wait a minute and try again." });
  });
});
