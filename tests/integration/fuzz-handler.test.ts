// Property-based: whatever a visitor or a bot sends to add-to-waitlist (methods, content types,
// bodies, addresses, headers), the answer is JSON with CORS headers and a 2xx/4xx status, never a
// 5xx and never a stack trace, and nothing is stored that the validator (or the table's CHECK)
// would reject. 1,200 cases straight into handler.ts, then 150 through the real local API + PGlite.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import type { LocalApi } from "../../local-api/server.ts";
import { handleRequest, type Deps } from "../../supabase/functions/add-to-waitlist/handler.ts";
import { normalizeEmail } from "../../supabase/functions/add-to-waitlist/lib/email.ts";
import { silentLogger } from "../../supabase/functions/_shared/log.ts";
import {
  DEFAULT_LIMITS,
  type Signup,
  type WaitlistMailer,
  type WaitlistStore,
} from "../../supabase/functions/add-to-waitlist/lib/types.ts";
import { startSnapshotApi } from "./snapshot.ts";
import { examples, request, toRequest, type Sent } from "./fuzz-requests.ts";

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
    const mailer: WaitlistMailer = {
      name: "null",
      async addContact() {},
      async removeContact() {},
      async sendConfirmation() {},
    };
    const deps: Deps = {
      store,
      mailer,
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
