// In-memory dependencies for handler.ts's contract tests (npm run test:deno): a store with the SQL
// functions' rules, a recording mailer, a fake bot challenge, and requests as the browser sends them.
import * as assert from "../_shared/test_assert.ts";
import type { Deps } from "./handler.ts";
import type { BotChallenge } from "./lib/turnstile.ts";
import {
  NO_LIMITS,
  type ConfirmationMail,
  type SignupAttempt,
  type WaitlistMailer,
  type WaitlistStore,
} from "./lib/types.ts";

type Row = {
  email: string;
  source: string | null;
  mailbox: string;
  tokenHash: string | null;
  mailedAt: number | null;
  sentAt: number | null;
  confirmed: boolean;
  syncedAt: number | null;
  lastError: string | null;
  attempts: number;
};

/**
 * The SQL functions' rules in memory: insert-once, one mail per mailbox, single-use tokens, and a
 * stop link that stops every mail to its mailbox (nothing stored or sent for it afterwards).
 */
export function memoryStore(options: { unreachable?: boolean; limitAfter?: number } = {}) {
  const rows = new Map<string, Row>();
  const stopped = new Set<string>();
  const attempts: SignupAttempt[] = [];
  const store: WaitlistStore = {
    signup(attempt) {
      if (options.unreachable) return Promise.reject(new Error("connect ECONNREFUSED 10.0.0.1:5432"));
      attempts.push(attempt);
      const fromClient = attempts.filter((a) => a.client === attempt.client).length;
      if (options.limitAfter !== undefined && fromClient > options.limitAfter) {
        attempts.pop();
        return Promise.resolve({ outcome: "limited", retryAfterSeconds: 40 });
      }
      if (stopped.has(attempt.mailbox)) return Promise.resolve({ outcome: "none" });
      const mailedToday = [...rows.values()].some((r) => r.mailbox === attempt.mailbox && r.mailedAt !== null);
      const existing = rows.get(attempt.email);
      if (!existing) {
        rows.set(attempt.email, {
          email: attempt.email,
          source: attempt.source,
          mailbox: attempt.mailbox,
          tokenHash: mailedToday ? null : attempt.tokenHash,
          mailedAt: mailedToday ? null : 1,
          sentAt: null,
          confirmed: false,
          syncedAt: null,
          lastError: null,
          attempts: 0,
        });
        return Promise.resolve({ outcome: mailedToday ? "none" : "send" });
      }
      return Promise.resolve({ outcome: "none" });
    },
    recordMail(email, tokenHash, error) {
      const row = rows.get(email)!;
      if (row.tokenHash !== tokenHash) return Promise.resolve();
      row.sentAt = error ? null : 1;
      if (error) row.attempts += 1;
      row.lastError = error;
      return Promise.resolve();
    },
    confirm(tokenHash) {
      const row = [...rows.values()].find((r) => r.tokenHash === tokenHash);
      if (!row) return Promise.resolve({ status: "invalid" });
      if (stopped.has(row.mailbox)) return Promise.resolve({ status: "expired" });
      if (row.confirmed) return Promise.resolve({ status: "already" });
      row.confirmed = true;
      return Promise.resolve({ status: "confirmed", email: row.email });
    },
    recordSync(email, error) {
      const row = rows.get(email)!;
      row.attempts += 1;
      row.syncedAt = error ? null : 1;
      row.lastError = error;
      return Promise.resolve();
    },
    stop(tokenHash) {
      if (options.unreachable) return Promise.reject(new Error("connect ECONNREFUSED 10.0.0.1:5432"));
      const row = [...rows.values()].find((r) => r.tokenHash === tokenHash);
      if (!row) return Promise.resolve({ status: "invalid" });
      stopped.add(row.mailbox);
      const remove: string[] = [];
      for (const r of rows.values()) {
        if (r.mailbox !== row.mailbox) continue;
        r.confirmed = false;
        if (r.syncedAt !== null) remove.push(r.email);
      }
      return Promise.resolve({ status: "stopped", remove });
    },
    recordRemoval(email, error) {
      const row = rows.get(email)!;
      if (!error) row.syncedAt = null;
      row.lastError = error;
      return Promise.resolve();
    },
  };
  return { store, rows, attempts, stopped };
}

export function recordingMailer(behaviour: "ok" | "fail" | "hang" = "ok") {
  const sent: ConfirmationMail[] = [];
  const contacts: string[] = [];
  const removed: string[] = [];
  const mailer: WaitlistMailer = {
    name: "test",
    addContact(email) {
      if (behaviour === "fail") return Promise.reject(new Error("provider answered 500"));
      contacts.push(email);
      return Promise.resolve();
    },
    removeContact(email) {
      if (behaviour === "fail") return Promise.reject(new Error("provider answered 500"));
      removed.push(email);
      return Promise.resolve();
    },
    sendConfirmation(mail, signal) {
      if (behaviour === "fail") return Promise.reject(new Error("provider answered 500"));
      if (behaviour === "hang") {
        return new Promise((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted"))));
      }
      sent.push(mail);
      return Promise.resolve();
    },
  };
  return { mailer, sent, contacts, removed };
}

export function setup(
  overrides: Partial<Deps> & {
    unreachable?: boolean;
    limitAfter?: number;
    provider?: "ok" | "fail" | "hang" | "none";
  } = {},
) {
  const { store, rows, attempts, stopped } = memoryStore({
    unreachable: overrides.unreachable,
    limitAfter: overrides.limitAfter,
  });
  const provider = overrides.provider ?? "ok";
  const { mailer, sent, contacts, removed } = recordingMailer(provider === "none" ? "ok" : provider);
  const logs: Array<{ level: string; event: string; fields: Record<string, unknown> }> = [];
  const pending: Promise<unknown>[] = [];
  const deps: Deps = {
    store,
    mailer: provider === "none" ? null : mailer,
    limits: NO_LIMITS,
    log: {
      info: (event, fields = {}) => logs.push({ level: "info", event, fields }),
      warn: (event, fields = {}) => logs.push({ level: "warn", event, fields }),
      error: (event, fields = {}) => logs.push({ level: "error", event, fields }),
    },
    allowedOrigins: "*",
    confirmUrl: () => "https://rwaatlas.com/confirm",
    defer: (task) => pending.push(task),
    providerTimeoutMs: 50,
    ...overrides,
  };
  return { deps, rows, sent, contacts, removed, stopped, logs, attempts, settle: () => Promise.all(pending) };
}

export function post(body: unknown, init: { headers?: Record<string, string>; raw?: BodyInit; path?: string } = {}) {
  return new Request(`http://localhost/functions/v1/add-to-waitlist${init.path ?? ""}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...init.headers },
    body: init.raw ?? JSON.stringify(body),
  });
}

export const confirm = (token: unknown) => post({ token }, { path: "/confirm" });
export const stop = (token: unknown) => post({ token }, { path: "/stop" });
/** The link's token: in the fragment (`#token=`), which browsers never send to the site's host. */
export const tokenOf = (mail: ConfirmationMail) => new URLSearchParams(new URL(mail.link).hash.slice(1)).get("token")!;

export async function expectJson(response: Response, status: number, body: unknown) {
  assert.equal(response.status, status);
  assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  assert.deepEqual(await response.json(), body);
}

/** A bot challenge that passes the token "human" and records what it was asked. */
export function fakeChallenge(behaviour: "verdict" | "unreachable" = "verdict") {
  const asked: Array<{ token: string; remoteIp: string | null }> = [];
  const challenge: BotChallenge = {
    verify(token, remoteIp) {
      asked.push({ token, remoteIp });
      if (behaviour === "unreachable") return Promise.reject(new Error("siteverify unreachable: connect ECONNREFUSED"));
      return Promise.resolve(
        token === "human" ? { ok: true } : { ok: false, reason: "refused (invalid-input-response)" },
      );
    },
  };
  return { challenge, asked };
}
