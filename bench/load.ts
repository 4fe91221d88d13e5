// npm run bench:load: load against the local API on loopback, bounded and self-stopping.
//  1. 10,000 signups from 1,000 distinct addresses, 50 connections: zero 5xx and zero socket
//     errors, then exactly 1,000 rows (nothing lost, nothing doubled).
//  2. GET /rest/v1/protocols (the app's exact query) at 50 connections for 10 s: zero errors;
//     throughput and p50/p99 latency.
// The API runs in its own process (in-memory database, its own port) with the rate limiter off,
// so the run measures the store; tests/integration/security-resilience.test.ts proves the limiter.
// Figures go to docs/performance.md between <!-- load:start --> and <!-- load:end -->.
// Exit 0 only when every check holds.
import type { ChildProcess } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { LOCAL_ANON_KEY } from "../local-api/defaults.ts";
import { freePort, spawnLocalApi } from "../local-api/spawn.ts";

type Histogram = { average: number; p50: number; p90: number; p99: number; max: number; total?: number };
type Result = {
  latency: Histogram;
  requests: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
  duration: number;
  "5xx": number;
};
type Options = {
  url: string;
  connections: number;
  amount?: number;
  duration?: number;
  timeout?: number;
  headers?: Record<string, string>;
  requests?: Array<{
    method: string;
    path: string;
    headers?: Record<string, string>;
    setupRequest?: (req: { body?: string }) => { body?: string };
  }>;
};
// autocannon ships no types; this is the slice of its API used here.
const autocannon = createRequire(import.meta.url)("autocannon") as (options: Options) => Promise<Result>;

const REPORT = fileURLToPath(new URL("../docs/performance.md", import.meta.url));
const SIGNUPS = 10_000;
const ADDRESSES = 1_000;
const CONNECTIONS = 50;
const READ_SECONDS = 10;
const HARD_LIMIT_MS = 240_000;

let api: ChildProcess | null = null;
const stopApi = () => {
  if (api && api.exitCode === null && api.signalCode === null) api.kill("SIGKILL");
};
process.on("exit", stopApi);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopApi();
    process.exit(130);
  });
}
// Self-stopping: whatever hangs, the run ends.
setTimeout(() => {
  console.error(`[bench:load] gave up after ${HARD_LIMIT_MS / 1000} s`);
  stopApi();
  process.exit(1);
}, HARD_LIMIT_MS).unref();

async function startApi(port: number): Promise<string> {
  const spawned = await spawnLocalApi({ port, dataDir: "memory" });
  api = spawned.child;
  return spawned.url;
}

/** Requests that got an HTTP answer, whatever its status. */
function answered(result: Result): number {
  return Object.values(result.statusCodeStats).reduce((sum, { count }) => sum + count, 0);
}

function statusSummary(result: Result): string {
  return Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${code}: ${count.toLocaleString("en-US")}`)
    .join(", ");
}

const checks: Array<{ name: string; ok: boolean; detail: string }> = [];
const check = (name: string, ok: boolean, detail: string) => {
  checks.push({ name, ok, detail });
  console.log(`[bench:load] ${ok ? "ok  " : "FAIL"} ${name}: ${detail}`);
};

const started = Date.now();
const port = await freePort();
const url = await startApi(port);
console.log(`[bench:load] local API on ${url} (in-memory database, rate limit off)`);

// ---- 1. signups ---------------------------------------------------------------------------------
let sent = 0;
const signup = await autocannon({
  url,
  connections: CONNECTIONS,
  amount: SIGNUPS,
  timeout: 30,
  requests: [
    {
      method: "POST",
      path: "/functions/v1/add-to-waitlist",
      headers: { "content-type": "application/json" },
      // Each address is sent 10 times over the run, interleaved with the others.
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({ email: `load-${sent++ % ADDRESSES}@example.com`, source: "hero" }),
      }),
    },
  ],
});
check("signups: no 5xx", signup["5xx"] === 0, statusSummary(signup));
check(
  "signups: no socket errors or timeouts",
  signup.errors === 0 && signup.timeouts === 0,
  `${signup.errors} errors, ${signup.timeouts} timeouts`,
);
check("signups: every request answered", answered(signup) === SIGNUPS, `${answered(signup)} of ${SIGNUPS}`);

// Let deferred provider syncs (the console mailer) finish, then count.
await new Promise((r) => setTimeout(r, 1_000));
const rows = (await (await fetch(`${url}/_local/waitlist`)).json()) as Array<{
  email: string;
  synced_at: string | null;
}>;
const distinct = new Set(rows.map((r) => r.email));
const expected = Array.from({ length: ADDRESSES }, (_, i) => `load-${i}@example.com`);
const missing = expected.filter((e) => !distinct.has(e));
check(
  "signups: exactly 1,000 rows",
  rows.length === ADDRESSES && distinct.size === ADDRESSES,
  `${rows.length} rows, ${distinct.size} distinct`,
);
check(
  "signups: nothing lost",
  missing.length === 0,
  missing.length ? `missing ${missing.slice(0, 3).join(", ")}...` : "all 1,000 addresses present",
);

// ---- 2. protocol reads --------------------------------------------------------------------------
const read = await autocannon({
  url: `${url}/rest/v1/protocols?select=*&order=name.asc`,
  connections: CONNECTIONS,
  duration: READ_SECONDS,
  timeout: 30,
  headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}`, accept: "application/json" },
});
check(
  "reads: zero errors",
  read.errors === 0 && read.timeouts === 0 && read.non2xx === 0,
  `${read.errors} errors, ${read.timeouts} timeouts, ${read.non2xx} non-2xx (${statusSummary(read)})`,
);
const protocolCount = (
  (await (
    await fetch(`${url}/rest/v1/protocols?select=id`, { headers: { apikey: LOCAL_ANON_KEY } })
  ).json()) as unknown[]
).length;

stopApi();
const failed = checks.filter((c) => !c.ok);
const seconds = Math.round((Date.now() - started) / 1000);

// ---- report -------------------------------------------------------------------------------------
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const cpu = os.cpus()[0]?.model.trim() ?? "unknown CPU";
const section = [
  "<!-- load:start -->",
  "## Load (local API, loopback)",
  "",
  `Measured ${new Date().toISOString().replace(/\.\d+Z$/, "Z")} on ${cpu}, ${os.cpus().length} cores (load average ${os.loadavg()[0]!.toFixed(2)} at the end); Node ${process.version}. Command: \`npm run bench:load\` (${seconds} s). ` +
    "The local API runs in its own process (PGlite in memory, rate limiter off so the store is what is measured; the limiter has its own test), driven by autocannon at 50 connections. " +
    "This is the local stack, one process and a WASM Postgres: it shows that nothing is lost or doubled under concurrency and gives a floor for throughput, not the hosted Supabase figures.",
  "",
  "| Run | Requests | Throughput | p50 | p99 | Result |",
  "|---|---|---|---|---|---|",
  `| 10,000 signups, 1,000 distinct addresses | ${fmt(answered(signup))} in ${signup.duration} s | ${fmt(signup.requests.average)} req/s | ${signup.latency.p50} ms | ${signup.latency.p99} ms | ${statusSummary(signup)}; ${rows.length.toLocaleString("en-US")} rows, ${distinct.size.toLocaleString("en-US")} distinct, ${missing.length} missing |`,
  `| \`GET /rest/v1/protocols?select=*&order=name.asc\` (${protocolCount} rows), 10 s | ${fmt(answered(read))} | ${fmt(read.requests.average)} req/s | ${read.latency.p50} ms | ${read.latency.p99} ms | ${read.errors} errors, ${read.non2xx} non-2xx |`,
  "",
  failed.length === 0 ? "All checks passed." : `FAILED: ${failed.map((c) => `${c.name} (${c.detail})`).join("; ")}`,
  "<!-- load:end -->",
].join("\n");

const current = await readFile(REPORT, "utf8").catch(() => "");
const markers = /<!-- load:start -->[\s\S]*?<!-- load:end -->/;
const next = markers.test(current)
  ? current.replace(markers, section)
  : `${current.replace(/\s*$/, "")}\n\n${section}\n`;
await writeFile(REPORT, next);
console.log(`[bench:load] wrote the Load section of docs/performance.md`);
console.log(
  failed.length === 0
    ? `[bench:load] all checks passed in ${seconds} s`
    : `[bench:load] ${failed.length} check(s) failed`,
);
process.exit(failed.length === 0 ? 0 : 1);
