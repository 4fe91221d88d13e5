// Property-based: whatever a visitor or a bot sends to add-to-waitlist (methods, content types,
// bodies, addresses, headers), the answer is JSON with CORS headers and a 2xx/4xx status, never a
// 5xx and never a stack trace, and nothing is stored that the validator (or the table's CHECK)
// would reject. 1,200 cases straight into handler.ts, then 150 through the real local API + PGlite.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalApi } from "../../local-api/server.ts";
import { handleRequest, type Deps } from "../../supabase/functions/add-to-waitlist/handler.ts";
import { normalizeEmail } from "../../supabase/functions/add-to-waitlist/lib/email.ts";
import { silentLogger } from "../../supabase/functions/_shared/log.ts";
import { DEFAULT_LIMITS, type Signup, type WaitlistStore } from "../../supabase/functions/add-to-waitlist/lib/types.ts";
import { nullMailer, startSnapshotApi } from "./snapshot.ts";

// ---- what may be stored ----------------------------------------------------------------------

// The waitlist table's CHECK (supabase/migrations/*_waitlist.sql), with POSIX classes spelled out.
// eslint-disable-next-line no-control-regex -- control characters are what [:cntrl:] excludes
const TABLE_CHECK = /^[^@\s\x00-\x1f\x7f]+@[^@\s\x00-\x1f\x7f]+\.[^@\s\x00-\x1f\x7f]+$/;

function storable(email: string): boolean {
  const validated = normalizeEmail(email);
  return (
    validated.ok &&
    validated.email === email &&
    !/\p{Cs}/u.test(email) && // well-formed UTF-16: no lone surrogate
    email === email.trim().toLowerCase() &&
    [...email].length <= 254 &&
    TABLE_CHECK.test(email)
  );
}

// ---- arbitraries ------------------------------------------------------------------------------

const homoglyphs = ["а", "е", "о", "р", "с", "х", "ѕ", "і", "ԁ", "ɡ", "ⅼ", "０", "＠", "．", "İ", "ß", "K"]; // Cyrillic, fullwidth, Kelvin sign...
const injections = [
  "\r\nBcc: victim@example.com",
  "\nContent-Type: text/html",
  "%0d%0aBcc:x@y.z",
  "'; drop table public.waitlist; --",
  "' or '1'='1",
  '"); select pg_sleep(10); --',
  "<script>alert(1)</script>",
  "\u0000",
  "\u202e",
  "\ud800",
  "\udfff",
  " ",
  "\u00a0",
  "\u2028",
];

const localPart = fc.oneof(
  fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}$/),
  fc.string({ unit: "binary", minLength: 1, maxLength: 30 }),
  fc
    .constantFrom(...homoglyphs, ...injections)
    .chain((bad) =>
      fc.tuple(fc.stringMatching(/^[a-z]{0,6}$/), fc.stringMatching(/^[a-z]{0,6}$/)).map(([a, b]) => `${a}${bad}${b}`),
    ),
  fc.string({ minLength: 60, maxLength: 80 }),
);
const domain = fc.oneof(
  fc.constantFrom("example.com", "EXAMPLE.COM", "mail.example.co.uk", "xn--80ak6aa92e.com"),
  fc.stringMatching(/^[a-z0-9-]{1,20}(\.[a-z]{2,6}){1,2}$/),
  fc.constantFrom(
    "exаmple.com",
    "example",
    ".com",
    "example..com",
    "[127.0.0.1]",
    "localhost",
    "example.com.",
    "exa mple.com",
  ),
  fc.string({ unit: "binary", minLength: 0, maxLength: 20 }),
  fc.string({ minLength: 200, maxLength: 260 }).map((s) => `${s}.com`),
);
const email = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(localPart, domain).map(([l, d]) => `${l}@${d}`) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("", " ", "\t", "\n"), localPart, domain, fc.constantFrom("", " ", "\n"))
      .map(([a, l, d, b]) => `${a}${l}@${d}${b}`),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.tuple(localPart, domain).map(([l, d]) => `${l}@@${d}`) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 1000, maxLength: 3000 }) },
);
const notAString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(email, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const source = fc.oneof(
  fc.constantFrom("hero", "banner", "promo", "limit-reached", "HERO", "x".repeat(40), "../../etc"),
  fc.jsonValue({ maxDepth: 1 }),
);

function deep(depth: number, kind: "array" | "object"): string {
  return kind === "array" ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

const textBody = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record({ email: fc.oneof({ weight: 4, arbitrary: email }, notAString), source }, { requiredKeys: [] })
      .map((o) => JSON.stringify(o)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(email, fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }))
      .map(([e, extra]) => JSON.stringify({ ...extra, email: e })),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 5000 }), fc.constantFrom("array" as const, "object" as const))
      .map(([d, k]) => deep(d, k)),
  },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 900, max: 4000 })
      .map((n) => JSON.stringify({ email: `${"a".repeat(n)}@example.com` })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "",
      "null",
      "[]",
      "{}",
      '{"email":',
      "\ufeff{}",
      '{"__proto__":{"email":"p@example.com"}}',
      '{"email":"a@example.com","email":"b@example.com"}',
    ),
  },
  // The addresses as JSON escapes: lone surrogates and controls reach the handler exactly as sent.
  {
    weight: 1,
    arbitrary: fc.constantFrom(...injections).map(
      (bad) =>
        `{"email":"x${JSON.stringify(bad)
          .slice(1, -1)
          .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)}@example.com"}`,
    ),
  },
);
const body = fc.oneof(
  { weight: 8, arbitrary: textBody.map((t): string | Uint8Array => t) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }) }, // often not UTF-8 at all
);

const contentType = fc.constantFrom(
  undefined,
  "application/json",
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  " application/json ;charset=latin1",
  "application/jsonp",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json, text/plain",
  "",
);
const method = fc.constantFrom(
  "POST",
  "POST",
  "POST",
  "POST",
  "POST",
  "POST",
  "POST",
  "POST",
  "GET",
  "HEAD",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "PROPFIND",
  "post",
);
const origin = fc.constantFrom(
  undefined,
  undefined,
  "https://rwaatlas.example",
  "https://rwaatlas.example",
  "https://evil.example",
  "null",
  "http://localhost:5173",
);
const forwardedFor = fc.constantFrom(
  undefined,
  "198.51.100.1",
  "198.51.100.2",
  "203.0.113.9, 10.0.0.1",
  "not-an-ip",
  "",
);
const oddHeaders = fc.dictionary(
  fc.constantFrom(
    "accept",
    "authorization",
    "apikey",
    "x-client-info",
    "content-encoding",
    "transfer-encoding-hint",
    "cookie",
    "x-real-ip",
    "prefer",
    "range",
  ),
  fc.string({ unit: fc.constantFrom(..."abcXYZ09 ;=,/*-_.\"'<>{}()\t"), maxLength: 120 }),
  { maxKeys: 4 },
);

type Sent = {
  method: string;
  contentType?: string;
  body: string | Uint8Array;
  origin?: string;
  forwardedFor?: string;
  headers: Record<string, string>;
};
const hostile = fc.record<Sent>(
  { method, contentType, body, origin, forwardedFor, headers: oddHeaders },
  { requiredKeys: ["method", "body", "headers"] },
);
// Requests a browser would send, with addresses that are often valid (mixed case, padded,
// homoglyphs, plus tags): they reach the store, which is where "never store junk" is tested.
const plausible = fc.record<Sent>({
  method: fc.constant("POST"),
  contentType: fc.constantFrom("application/json", "application/json; charset=utf-8"),
  body: fc
    .tuple(fc.oneof(fc.mixedCase(fc.emailAddress()), email), fc.constantFrom("", " ", "\t"), source)
    .map(([address, pad, src]) => JSON.stringify({ email: `${pad}${address}${pad}`, source: src })),
  origin: fc.constantFrom("https://rwaatlas.example", "http://localhost:5173"),
  forwardedFor: forwardedFor,
  headers: fc.constant({ "x-client-info": "supabase-js/2" }),
});
const request = fc.oneof({ weight: 3, arbitrary: hostile }, { weight: 1, arbitrary: plausible });

function toRequest(base: string, sent: Sent): Request {
  const headers = new Headers(sent.headers);
  if (sent.contentType !== undefined) headers.set("content-type", sent.contentType);
  if (sent.origin !== undefined) headers.set("origin", sent.origin);
  if (sent.forwardedFor !== undefined) headers.set("x-forwarded-for", sent.forwardedFor);
  const hasBody = sent.method !== "GET" && sent.method !== "HEAD";
  return new Request(`${base}/functions/v1/add-to-waitlist`, {
    method: sent.method,
    headers,
    body: hasBody ? (sent.body as BodyInit) : undefined,
  });
}

// Always run, whatever the seed: escapes that decode to what UTF-8 on the wire cannot carry.
const escapedAddresses = [
  "\\ud800",
  "\\udfff",
  "\\u0000",
  "\\r\\nBcc: v@example.com",
  "\\u202e",
  "\\u00a0",
  "\\ud83d\\ude00",
];
const examples: Array<[Sent]> = escapedAddresses.map((escape) => [
  { method: "POST", contentType: "application/json", body: `{"email":"x${escape}y@example.com"}`, headers: {} },
]);

// ---- the answer every input must get -----------------------------------------------------------

const STACK_TRACE = /\bat (?:\S+ )?\(?(?:file:|node:|\/)|\n\s+at |Error:|TypeError|SyntaxError/;

/** allowedOrigin: whether the deployment allows sent.origin (irrelevant when no Origin was sent). */
async function checkAnswer(response: Response, sent: Sent, allowedOrigin: boolean) {
  expect(response.status, "never 5xx for bad input").toBeGreaterThanOrEqual(200);
  expect(response.status).toBeLessThan(500);
  expect(response.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
  expect(response.headers.get("access-control-allow-headers")).toContain("content-type");
  if (sent.origin !== undefined) {
    // A browser may read the answer only when its origin is allowed; others get 403.
    if (allowedOrigin) expect(response.headers.get("access-control-allow-origin")).not.toBeNull();
    else {
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
      expect(response.status).toBe(403);
    }
  }
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  if (response.status === 204) {
    expect(sent.method).toBe("OPTIONS");
    return;
  }
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  if (sent.method === "HEAD") return; // no body on the wire for HEAD
  const text = await response.text();
  const parsed = JSON.parse(text) as Record<string, unknown>;
  expect(text).not.toMatch(STACK_TRACE);
  if (response.status === 200) expect(parsed).toEqual({ ok: true });
  else expect(Object.keys(parsed)).toEqual(["error"]);
}

// ---- 1. handler.ts directly ------------------------------------------------------------------------

describe("handler.ts under arbitrary input (1,200 cases)", () => {
  it("answers JSON + CORS with 2xx/4xx, never a trace, and stores only valid addresses", async () => {
    const stored: Signup[] = [];
    // Postgres counts the limits; here every sixth attempt from one client key is refused, so
    // the 429 path is reached too.
    const hits = new Map<string, number>();
    const store: WaitlistStore = {
      async signup(attempt) {
        const n = (hits.get(attempt.client) ?? 0) + 1;
        hits.set(attempt.client, n);
        if (n % 6 === 0) return { outcome: "limited", retryAfterSeconds: 30 };
        stored.push({ email: attempt.email, source: attempt.source });
        return { outcome: "send" };
      },
      async recordMail() {},
      async confirm() {
        return { status: "invalid" };
      },
      async recordSync() {},
      async stop() {
        return { status: "invalid" };
      },
      async recordRemoval() {},
    };
    const deps: Deps = {
      store,
      mailer: nullMailer,
      limits: DEFAULT_LIMITS,
      log: silentLogger,
      allowedOrigins: ["https://rwaatlas.example", "http://localhost:5173"],
      confirmUrl: () => "https://rwaatlas.example/confirm",
      defer: () => {},
    };
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (sent) => {
        const before = stored.length;
        const response = await handleRequest(toRequest("http://edge.local", sent), deps);
        const allowedOrigin = sent.origin !== undefined && (deps.allowedOrigins as string[]).includes(sent.origin);
        await checkAnswer(response, sent, allowedOrigin);
        for (const signup of stored.slice(before)) {
          expect(storable(signup.email), `stored ${JSON.stringify(signup.email)}`).toBe(true);
          expect(signup.source === null || /^[a-z][a-z0-9-]{0,31}$/.test(signup.source)).toBe(true);
        }
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(stored.length - before).toBe(response.status === 200 ? 1 : 0);
      }),
      { numRuns: 1_200, examples },
    );
    // The generators reach every path, the success path included, not only the first guard.
    for (const status of [200, 204, 400, 403, 405, 413, 415, 429])
      expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
    expect(statuses.get(200)).toBeGreaterThan(100);
  });
});

// ---- 2. through the real local API and PGlite --------------------------------------------------

describe("the local API + PGlite under arbitrary input (150 cases)", () => {
  let api: LocalApi;
  beforeAll(async () => {
    api = await startSnapshotApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it("never answers 5xx and every stored row is an address the validator accepts", async () => {
    const acknowledged = new Set<string>();
    await fc.assert(
      fc.asyncProperty(request, async (sent) => {
        const response = await fetch(toRequest(api.url, sent));
        // The local API allows the app's own dev, preview and e2e origins only.
        await checkAnswer(response, sent, sent.origin === "http://localhost:5173");
        if (response.status === 200 && typeof sent.body === "string") {
          const value = (JSON.parse(sent.body) as { email: string }).email;
          acknowledged.add(normalizeEmail(value).ok ? (normalizeEmail(value) as { email: string }).email : value);
        }
      }),
      { numRuns: 150, examples },
    );
    await api.settled();
    const rows = (await (await fetch(`${api.url}/_local/waitlist`)).json()) as Array<{ email: string }>;
    for (const row of rows) expect(storable(row.email), `stored ${JSON.stringify(row.email)}`).toBe(true);
    // Every acknowledged address is stored exactly as acknowledged (nothing mangled on the way in).
    expect(new Set(rows.map((r) => r.email))).toEqual(acknowledged);
  }, 120_000);
});
