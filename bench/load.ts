// Load against the local API on loopback, driven by autocannon at 50 connections:
//  1. 10,000 signups from 1,000 distinct addresses: no 5xx, no socket error, every request
//     answered, then exactly 1,000 rows (nothing lost, nothing doubled);
//  2. GET /rest/v1/protocols (the app's exact query) for 10 s: zero errors; throughput, p50/p99.
// The API runs in its own process (in-memory database, its own port) with the rate limiter off, so
// the run measures the store; tests/integration/security-resilience.test.ts proves the limiter.
import { createRequire } from "node:module";
import { LOCAL_ANON_KEY } from "../local-api/defaults";
import { freePort, spawnLocalApi } from "../local-api/spawn";
import { row } from "./report";

type Result = {
  latency: { p50: number; p99: number };
  requests: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  "5xx": number;
  statusCodeStats: Record<string, { count: number }>;
};
// autocannon ships no types; this is the slice of its API used here.
const autocannon = createRequire(import.meta.url)("autocannon") as ((options: object) => Promise<Result>) & {
  printResult: (result: Result) => string;
};

const ADDRESSES = 1_000;
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const answered = (r: Result) => Object.values(r.statusCodeStats).reduce((sum, { count }) => sum + count, 0);
const statuses = (r: Result) =>
  Object.entries(r.statusCodeStats)
    .map(([status, { count }]) => `${status}: ${fmt(count)}`)
    .join(", ");
const figures = (r: Result) => `${fmt(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`;

export async function runLoad() {
  const api = await spawnLocalApi({ port: await freePort(), dataDir: "memory" });
  try {
    const common = { url: api.url, connections: 50, timeout: 30 };
    let sent = 0;
    const signup = await autocannon({
      ...common,
      amount: 10 * ADDRESSES,
      requests: [
        {
          method: "POST",
          path: "/functions/v1/add-to-waitlist",
          headers: { "content-type": "application/json" },
          // Each address is sent 10 times over the run, interleaved with the others.
          setupRequest: (r: object) => ({
            ...r,
            body: JSON.stringify({ email: `load-${sent++ % ADDRESSES}@example.com`, source: "hero" }),
          }),
        },
      ],
    });
    console.log(autocannon.printResult(signup));
    // Let deferred provider syncs (the console mailer) finish, then count.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Only load-0 ... load-999 were sent to a fresh database: 1,000 distinct rows means none lost or doubled.
    const stored = (await (await fetch(`${api.url}/_local/waitlist`)).json()) as { email: string }[];
    const distinct = new Set(stored.map((r) => r.email)).size;
    const signupsOk =
      signup["5xx"] + signup.errors + signup.timeouts === 0 &&
      answered(signup) === 10 * ADDRESSES &&
      distinct === ADDRESSES;

    const query = "/rest/v1/protocols?select=*&order=name.asc";
    const headers = { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}` };
    const read = await autocannon({ ...common, url: `${api.url}${query}`, duration: 10, headers });
    console.log(autocannon.printResult(read));
    const rows = ((await (await fetch(`${api.url}${query}`, { headers })).json()) as unknown[]).length;

    return {
      rows: [
        row(
          "Load (local API)",
          `${fmt(10 * ADDRESSES)} signups, ${fmt(ADDRESSES)} distinct addresses, 50 connections`,
          `${figures(signup)}; ${statuses(signup)}; ${signup.errors} errors, ${signup.timeouts} timeouts; ${fmt(stored.length)} rows, ${fmt(distinct)} distinct`,
          { target: "no 5xx or error; 1,000 rows", pass: signupsOk && stored.length === ADDRESSES },
        ),
        row(
          "Load (local API)",
          `\`GET ${query}\` (${rows} rows), 10 s, 50 connections`,
          `${figures(read)}; ${fmt(answered(read))} requests; ${read.errors} errors, ${read.timeouts} timeouts, ${read.non2xx} non-2xx`,
          { target: "zero errors", pass: read.errors + read.timeouts + read.non2xx === 0 },
        ),
      ],
    };
  } finally {
    api.child.kill("SIGKILL");
  }
}
