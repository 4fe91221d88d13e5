// `npm run bench`: build, bytes, Lighthouse x3, the 10,000-protocol scale run and the pure-function
// benches; prints one table, rewrites docs/performance.md, exits 1 when a budget fails.
// Options: --skip-build (reuse bench/.out/dist), --lighthouse-runs=N, --only=bytes,lighthouse,scale,unit
// (a partial run prints its table but leaves docs/performance.md alone).
// To add a measurement: a phase below that pushes rows (budgets.ts's Row) and, if it has
// details worth keeping, a field of ReportInput (report.ts).
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { preview, type PreviewServer } from "vite";
import { LOCAL_ANON_KEY } from "../local-api/defaults";
import { freePort, spawnLocalApi, type SpawnedApi } from "../local-api/spawn";
import type { Row } from "./budgets";
import { bundleRows, kb, measureBundle } from "./bytes";
import { chromiumPath, chromiumVersion } from "./chromium";
import { initialComposition } from "./composition";
import { lighthouseRows, runLighthouse } from "./lighthouse";
import { observeInitialLoad } from "./loaded";
import { describeMachine, failedBudgets, textTable, writeReport, type ReportInput } from "./report";
import { fetchProtocols, runScale, scaleRows } from "./scale";
import { runUnitBenches } from "./unit-bench";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const REPORT = path.join(ROOT, "docs", "performance.md");
const OUT = path.join(ROOT, "bench", ".out");
const DIST = path.join(OUT, "dist");
const SYNTHETIC = 10_000;
const KEYSTROKES = 20;
/** The whole run is bounded: past this, everything is stopped and the run fails. */
const WATCHDOG_MS = 25 * 60_000;
/** The protocol page Lighthouse measures next to home (issue #12): the largest entry, with history. */
const PROTOCOL_PAGE = "/protocols/blackrock-buidl-securitize";
const PHASES = ["bytes", "lighthouse", "scale", "unit"] as const;
type Phase = (typeof PHASES)[number];

const { values: flags } = parseArgs({
  options: {
    "skip-build": { type: "boolean" },
    "lighthouse-runs": { type: "string", default: "3" },
    only: { type: "string" },
  },
});
const phases = new Set((flags.only?.split(",").map((p) => p.trim()) ?? PHASES) as Phase[]);
const unknown = [...phases].filter((p) => !PHASES.includes(p));
if (unknown.length > 0) throw new Error(`Unknown phase(s) in --only: ${unknown.join(", ")}`);
const lighthouseRuns = Number(flags["lighthouse-runs"]);
if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1 || lighthouseRuns > 9)
  throw new Error("--lighthouse-runs must be 1 to 9");

const log = (line: string) => console.log(line);
let api: SpawnedApi | undefined;
const stopApi = () => {
  api?.child.kill("SIGKILL");
  api = undefined;
};
process.on("exit", stopApi);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));
setTimeout(() => {
  console.error(`bench: still running after ${WATCHDOG_MS / 60_000} min; stopping everything.`);
  process.exit(1);
}, WATCHDOG_MS).unref();

const started = Date.now();
mkdirSync(OUT, { recursive: true });
const chrome = phases.has("unit") && phases.size === 1 ? undefined : chromiumPath();
const machine = describeMachine(chrome ? chromiumVersion(chrome) : "Chromium not used");
log(`bench: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, Node ${machine.node}, ${machine.chromium}`);
if (machine.loadAtStart > machine.cores / 2)
  log(`bench: warning: load average ${machine.loadAtStart} on ${machine.cores} cores; browser timings will be noisy.`);

const report: ReportInput = { rows: [], machine, durationS: 0, errors: [] };
/** Runs one phase; a failure is recorded as a failing row and the other phases still run. */
async function phase(name: string, work: () => Promise<void> | void): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    report.errors.push(`${name}: ${message}`);
    const row: Row = {
      section: name,
      metric: "run",
      value: `error: ${message.split("\n")[0]!.slice(0, 160)}`,
      verdict: "FAIL",
      kind: "budget",
    };
    report.rows.push(row);
    console.error(`\nbench: ${name} failed: ${message}`);
    return false;
  }
}

// The build bakes the API's URL in, so its port is fixed (a --skip-build run must find it again).
const apiPort = Number(process.env.BENCH_API_PORT ?? 54330);
const apiUrl = `http://127.0.0.1:${apiPort}`;
const built =
  flags["skip-build"] ||
  (await phase("build", () => {
    log(`\n[build] vite build -> ${path.relative(ROOT, DIST)} (app pointed at ${apiUrl})`);
    // `vite build` as `npm run build` runs it (prerender and headers are Vite plugins), minus the
    // typecheck: a half-edited test file must not stop a measurement. Hidden source maps: module
    // attribution for the report, no sourceMappingURL in the JS.
    const vite = path.join(ROOT, "node_modules", "vite", "bin", "vite.js");
    const run = spawnSync(
      process.execPath,
      [vite, "build", "--outDir", DIST, "--emptyOutDir", "--sourcemap", "hidden", "--logLevel", "warn"],
      {
        cwd: ROOT,
        env: { ...process.env, VITE_SUPABASE_URL: apiUrl, VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY },
        stdio: "inherit",
        timeout: 600_000,
      },
    );
    if (run.status !== 0) throw new Error(`vite build failed (${run.status ?? run.signal})`);
  }));

if (built && phases.has("bytes")) {
  await phase("bytes", async () => {
    log("\n[bytes] initial (what / fetches before any input, seen in Chromium) and later JS/CSS");
    report.bytes = measureBundle(DIST, await observeInitialLoad(DIST, chrome!));
    report.composition = await initialComposition(
      DIST,
      report.bytes.initialJs.files.map((f) => f.file),
    );
    report.rows.push(...bundleRows(report.bytes));
    log("  biggest modules in the initial JS (minified):");
    for (const c of report.composition?.slice(0, 10) ?? []) log(`    ${kb(c.bytes).padStart(9)}  ${c.module}`);
  });
}

let app: PreviewServer | undefined;
if (built && (phases.has("lighthouse") || phases.has("scale"))) {
  app = await preview({
    configFile: false,
    logLevel: "silent",
    build: { outDir: DIST },
    preview: { host: "127.0.0.1", port: await freePort(), strictPort: true },
  });
}
const appUrl = app?.resolvedUrls?.local[0] ?? "";

if (app && phases.has("lighthouse")) {
  await phase("lighthouse", async () => {
    log(`\n[lighthouse] ${lighthouseRuns} runs, mobile preset, ${appUrl}`);
    // The preview runs on a free port: the local API lets that origin (and no other page) call it.
    api = await spawnLocalApi({ port: apiPort, dataDir: "memory", env: { LOCAL_API_ALLOWED_ORIGINS: appUrl } });
    report.lighthouse = await runLighthouse({
      url: appUrl,
      chromePath: chrome!,
      runs: lighthouseRuns,
      outDir: OUT,
      log,
    });
    report.rows.push(...lighthouseRows(report.lighthouse));
    for (const finding of report.lighthouse.findings) log(`  - ${finding}`);
    // A protocol page (issue #12), prerendered from the committed data like every other.
    const protocolUrl = new URL(PROTOCOL_PAGE, appUrl).href;
    log(`\n[lighthouse] ${lighthouseRuns} runs, mobile preset, ${protocolUrl}`);
    report.lighthouseProtocol = await runLighthouse({
      url: protocolUrl,
      chromePath: chrome!,
      runs: lighthouseRuns,
      outDir: OUT,
      log,
      name: "protocol",
    });
    report.rows.push(...lighthouseRows(report.lighthouseProtocol, PROTOCOL_PAGE));
    for (const finding of report.lighthouseProtocol.findings) log(`  - ${finding}`);
  });
  stopApi();
}

if (app && phases.has("scale")) {
  await phase("scale", async () => {
    log(`\n[scale] ${SYNTHETIC} synthetic protocols, ${KEYSTROKES} keystrokes`);
    api = await spawnLocalApi({
      port: apiPort,
      dataDir: "memory",
      env: { LOCAL_API_SYNTHETIC: String(SYNTHETIC), LOCAL_API_ALLOWED_ORIGINS: appUrl },
    });
    const payload = await fetchProtocols(apiUrl, LOCAL_ANON_KEY);
    if (payload.names.length !== SYNTHETIC)
      throw new Error(`the local API served ${payload.names.length} protocols, expected ${SYNTHETIC}`);
    report.scale = await runScale({ appUrl, payload, chromePath: chrome!, keystrokes: KEYSTROKES, log });
    report.rows.push(...scaleRows(report.scale));
  });
  stopApi();
}
await app?.close();

if (phases.has("unit")) {
  await phase("unit", () => {
    log("\n[unit] vitest bench src/features/protocols/*.bench.ts");
    report.rows.push(...runUnitBenches(ROOT, OUT));
  });
}

log(`\n${textTable(report.rows)}\n`);
report.durationS = (Date.now() - started) / 1000;
if (phases.size < PHASES.length) {
  log(`Partial run (--only): ${path.relative(ROOT, REPORT)} left unchanged.`);
} else if (report.errors.length === 0) {
  writeReport(REPORT, report);
  log(`Wrote ${path.relative(ROOT, REPORT)} (${Math.round(report.durationS)} s).`);
} else {
  // A run that broke measures nothing: keep the last good figures, keep this one aside.
  writeReport(path.join(OUT, "performance.md"), report);
  log(
    `A phase failed: ${path.relative(ROOT, REPORT)} keeps its last complete figures; this run's report is bench/.out/performance.md.`,
  );
}
const failed = failedBudgets(report.rows);
if (failed.length > 0)
  console.error(
    `\nbench: ${failed.length} budget(s) failing: ${failed.map((r) => `${r.section} / ${r.metric}`).join("; ")}`,
  );
else log("bench: all budgets hold.");
process.exit(failed.length > 0 ? 1 : 0);
