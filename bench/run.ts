// `npm run bench`: build, bytes, Lighthouse x3, the 10,000-protocol scale run and the pure-function
// benches; prints one table, rewrites docs/performance.md, exits 1 when a budget fails.
// Options: --skip-build (reuse bench/.out/run-<ports>/dist), --lighthouse-runs=N, --only=bytes,lighthouse,scale,unit
// (a partial run prints its table but leaves docs/performance.md alone).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LOCAL_ANON_KEY } from "../local-api/defaults";
import type { Row } from "./budgets";
import { bundleRows, kb, measureBundle, type BundleBytes } from "./bytes";
import { chromiumPath, chromiumVersion } from "./chromium";
import { initialComposition, type ModuleShare } from "./composition";
import { lighthouseRows, runLighthouse, type LighthouseSummary } from "./lighthouse";
import { observeInitialLoad } from "./loaded";
import { describeMachine } from "./machine";
import { assertPortFree, killAllNow, runCommand, start, stop, type Server } from "./processes";
import { writeReport } from "./report";
import { fetchProtocols, runScale, scaleRows, type ScaleResult } from "./scale";
import { failedBudgets, textTable } from "./table";
import { runUnitBenches, unitBenchRows } from "./unit-bench";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const REPORT = path.join(ROOT, "docs", "performance.md");
const HOST = "127.0.0.1";
// Ports of the bench's own: dev (5173/54321), preview (4173) and e2e (4179/54329) stay untouched.
const API_PORT = Number(process.env.BENCH_API_PORT ?? 54330);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 4183);
// One output directory per port pair, so two runs on different ports never share a build.
const OUT = path.join(ROOT, "bench", ".out", `run-${APP_PORT}-${API_PORT}`);
const DIST = path.join(OUT, "dist");
const API_URL = `http://${HOST}:${API_PORT}`;
const APP_URL = `http://${HOST}:${APP_PORT}/`;
const SYNTHETIC = 10_000;
const KEYSTROKES = 20;
/** The whole run is bounded: past this, everything is stopped and the run fails. */
const WATCHDOG_MS = 25 * 60_000;

type Phase = "bytes" | "lighthouse" | "scale" | "unit";
const ALL_PHASES: Phase[] = ["bytes", "lighthouse", "scale", "unit"];

function parseArgs(argv: string[]) {
  const flag = (name: string) => argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  const value = (name: string) => flag(name)?.split("=")[1];
  const only = value("only")?.split(",").map((p) => p.trim()) as Phase[] | undefined;
  const unknown = only?.filter((p) => !ALL_PHASES.includes(p));
  if (unknown && unknown.length > 0) throw new Error(`Unknown phase(s) in --only: ${unknown.join(", ")}`);
  const runs = Number(value("lighthouse-runs") ?? 3);
  if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new Error("--lighthouse-runs must be 1 to 9");
  return { skipBuild: Boolean(flag("skip-build")), phases: only ?? ALL_PHASES, lighthouseRuns: runs };
}

const log = (line: string) => console.log(line);

function startApi(synthetic?: number): Promise<Server> {
  return start({
    name: synthetic ? `local API (${synthetic} synthetic protocols)` : "local API (seed)",
    command: process.execPath,
    args: [path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), path.join(ROOT, "local-api", "main.ts")],
    env: {
      LOCAL_API_PORT: String(API_PORT),
      LOCAL_API_HOST: HOST,
      LOCAL_API_DATA_DIR: "memory",
      LOCAL_API_RATE_LIMIT: "off",
      ...(synthetic ? { LOCAL_API_SYNTHETIC: String(synthetic) } : {}),
    },
    readyUrl: `${API_URL}/health`,
    url: API_URL,
    timeoutMs: 120_000,
  });
}

function startPreview(): Promise<Server> {
  return start({
    name: "vite preview",
    command: process.execPath,
    args: [
      path.join(ROOT, "node_modules", "vite", "bin", "vite.js"),
      "preview",
      "--outDir",
      DIST,
      "--host",
      HOST,
      "--port",
      String(APP_PORT),
      "--strictPort",
    ],
    readyUrl: APP_URL,
    url: APP_URL,
    timeoutMs: 60_000,
  });
}

async function main(): Promise<number> {
  const started = Date.now();
  const args = parseArgs(process.argv.slice(2));
  const phases = new Set(args.phases);
  const fullRun = phases.size === ALL_PHASES.length;
  mkdirSync(OUT, { recursive: true });
  const chrome = phases.has("bytes") || phases.has("lighthouse") || phases.has("scale") ? chromiumPath() : undefined;
  const machine = describeMachine(chrome ? chromiumVersion(chrome) : "Chromium not used");
  log(`bench: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, Node ${machine.node}, ${machine.chromium}`);
  if (machine.loadAtStart > machine.cores / 2) {
    log(`bench: warning: load average ${machine.loadAtStart} on ${machine.cores} cores; browser timings will be noisy.`);
  }

  const rows: Row[] = [];
  const errors: string[] = [];
  const fail = (phase: string, error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    errors.push(`${phase}: ${message}`);
    rows.push({ section: phase, metric: "run", value: `error: ${message.split("\n")[0]!.slice(0, 160)}`, verdict: "FAIL", kind: "budget" });
    console.error(`\nbench: ${phase} failed: ${message}`);
  };

  let bytes: BundleBytes | undefined;
  let composition: ModuleShare[] | null | undefined;
  let lighthouse: LighthouseSummary | undefined;
  let scale: ScaleResult | undefined;
  let api: Server | undefined;
  let preview: Server | undefined;
  let built = args.skipBuild;

  try {
    if (!args.skipBuild) {
      log(`\n[build] vite build -> ${path.relative(ROOT, DIST)} (app pointed at ${API_URL})`);
      try {
        // `vite build` as `npm run build` runs it (prerender and headers are Vite plugins), minus
        // the typecheck: that is CI's job, and a half-edited test file must not stop a measurement.
        // Hidden source maps: module attribution for the report, no sourceMappingURL in the JS.
        await runCommand(
          process.execPath,
          [path.join(ROOT, "node_modules", "vite", "bin", "vite.js"), "build", "--outDir", DIST, "--emptyOutDir", "--sourcemap", "hidden"],
          { VITE_SUPABASE_URL: API_URL, VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY },
          600_000,
        );
        built = true;
      } catch (error) {
        fail("build", error);
      }
    }

    if (built && phases.has("bytes")) {
      log("\n[bytes] initial (what / fetches before any input, seen in Chromium) and later JS/CSS");
      try {
        const observed = await observeInitialLoad(DIST, chrome!);
        bytes = measureBundle(DIST, observed.files);
        composition = initialComposition(DIST, bytes.initialJs.files.map((f) => f.file));
        rows.push(...bundleRows(bytes));
        if (composition) {
          log("  biggest modules in the initial JS (minified):");
          for (const c of composition.slice(0, 10)) log(`    ${kb(c.bytes).padStart(9)}  ${c.module}`);
        }
      } catch (error) {
        fail("bytes", error);
      }
    }

    const needServers = built && (phases.has("lighthouse") || phases.has("scale"));
    if (needServers) {
      await assertPortFree(HOST, API_PORT);
      await assertPortFree(HOST, APP_PORT);
      preview = await startPreview();
    }

    if (needServers && phases.has("lighthouse")) {
      log(`\n[lighthouse] ${args.lighthouseRuns} runs, mobile preset, ${APP_URL}`);
      try {
        api = await startApi();
        lighthouse = await runLighthouse({ url: APP_URL, chromePath: chrome!, runs: args.lighthouseRuns, outDir: OUT, log });
        rows.push(...lighthouseRows(lighthouse));
        for (const finding of lighthouse.findings) log(`  - ${finding}`);
      } catch (error) {
        fail("lighthouse", error);
      } finally {
        await stop(api);
        api = undefined;
      }
    }

    if (needServers && phases.has("scale")) {
      log(`\n[scale] ${SYNTHETIC} synthetic protocols, ${KEYSTROKES} keystrokes`);
      try {
        api = await startApi(SYNTHETIC);
        const payload = await fetchProtocols(API_URL, LOCAL_ANON_KEY);
        if (payload.names.length !== SYNTHETIC) {
          throw new Error(`the local API served ${payload.names.length} protocols, expected ${SYNTHETIC}`);
        }
        scale = await runScale({ appUrl: APP_URL, payload, chromePath: chrome!, keystrokes: KEYSTROKES, log });
        rows.push(...scaleRows(scale));
      } catch (error) {
        fail("scale", error);
      } finally {
        await stop(api);
        api = undefined;
      }
    }
  } finally {
    await stop(api);
    await stop(preview);
  }

  if (phases.has("unit")) {
    log("\n[unit] vitest bench src/features/protocols/*.bench.ts");
    try {
      rows.push(...unitBenchRows(await runUnitBenches(ROOT, OUT)));
    } catch (error) {
      fail("unit", error);
    }
  }

  log(`\n${textTable(rows)}\n`);
  const durationS = (Date.now() - started) / 1000;
  const report = { rows, machine, command: "npm run bench", durationS, bytes, composition, lighthouse, scale, errors };
  if (fullRun && errors.length === 0) {
    writeReport(REPORT, report);
    log(`Wrote ${path.relative(ROOT, REPORT)} (${Math.round(durationS)} s).`);
  } else if (fullRun) {
    // A run that broke measures nothing: keep the last good figures, keep this one aside.
    const aside = path.join(OUT, "performance.md");
    writeReport(aside, report);
    log(`A phase failed: ${path.relative(ROOT, REPORT)} keeps its last complete figures; this run's report is ${path.relative(ROOT, aside)}.`);
  } else {
    log(`Partial run (--only): ${path.relative(ROOT, REPORT)} left unchanged.`);
  }
  const failed = failedBudgets(rows);
  if (failed.length > 0) {
    console.error(`\nbench: ${failed.length} budget(s) failing: ${failed.map((r) => `${r.section} / ${r.metric}`).join("; ")}`);
    return 1;
  }
  log("bench: all budgets hold.");
  return 0;
}

const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${WATCHDOG_MS / 60_000} min; stopping everything.`);
  killAllNow();
  process.exit(1);
}, WATCHDOG_MS);
watchdog.unref();

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    killAllNow();
    process.exitCode = 1;
  },
);
