// The add-to-waitlist contract against the local API, through the very same handler.ts the Edge
// Function deploys: supabase-js and raw HTTP, the confirmation link, the limit and a failing
// provider. The PostgREST subset: local-api-rest.test.ts.
import { request } from "node:http";
import { createClient, FunctionsHttpError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY } from "../../local-api/defaults.ts";
import type { LocalApi } from "../../local-api/server.ts";
import type { WaitlistMailer } from "../../supabase/functions/add-to-waitlist/lib/types.ts";
import { snapshotApiForFile, startSnapshotApi } from "./snapshot.ts";

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

const local = snapshotApiForFile({ mailer: recordingMailer });
const anon = () => createClient(local.api.url, LOCAL_ANON_KEY, { auth: { persistSession: false } });

async function waitlistRows(target: LocalApi = local.api): Promise<WaitlistRow[]> {
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
    await postSignup(local.api, JSON.stringify({ email: "preview@example.com" }), { Origin: "http://localhost:4173" });
    await local.api.settled();
    expect(links.get("preview@example.com")).toMatch(/^http:\/\/localhost:4173\/confirm#token=[A-Za-z0-9_-]{43}$/);
  });

  it("answers an unknown or malformed token with 'invalid'", async () => {
    for (const token of ["x".repeat(43), "short", 42, null]) {
      const { data } = await anon().functions.invoke("add-to-waitlist/confirm", { body: { token } });
      expect(data).toEqual({ status: "invalid" });
    }
  });

  it("answers a duplicate exactly like a new signup and keeps one row", async () => {
    const first = await postSignup(local.api, JSON.stringify({ email: "twice@example.com" }));
    const again = await postSignup(local.api, JSON.stringify({ email: "TWICE@example.com" }));
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
    const preflight = await fetch(`${local.api.url}/functions/v1/add-to-waitlist`, {
      method: "OPTIONS",
      headers: { Origin: "http://127.0.0.1:5173", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:5173");

    const get = await fetch(`${local.api.url}/functions/v1/add-to-waitlist`);
    expect([get.status, get.headers.get("allow"), await get.json()]).toEqual([
      405,
      "POST, OPTIONS",
      { error: expect.any(String) },
    ]);

    const text = await postSignup(local.api, "email=a@b.co", { "Content-Type": "text/plain" });
    expect(text.status).toBe(415);
    // No Origin sent: not a browser, no CORS header needed.
    expect(text.headers.get("access-control-allow-origin")).toBeNull();

    const bad = await postSignup(local.api, "{not json");
    expect([bad.status, await bad.json()]).toEqual([400, { error: "Request body must be a JSON object" }]);
  });

  it("answers 413 to a streamed body over 1 KB sent without Content-Length", async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${local.api.url}/functions/v1/add-to-waitlist`, {
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
