// `npm run bench`: build, bytes, Lighthouse on `/` and a protocol page, the 10,000-protocol scale
// run, the pure-function benches and the load run. Prints one table; a full run without errors
// rewrites the generated part of docs/performance.md. Exits 1 when a budget fails.
// Options: --skip-build (reuse bench/.out/dist), --lighthouse-runs=N, --only=bytes,lighthouse,routes,scale,unit,load.
// To add a measurement: a phase below that returns table rows and, if it has details, Markdown lines.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { build as viteBuild } from "vite";
import { LOCAL_ANON_KEY } from "../local-api/defaults";
import { spawnLocalApi, type SpawnedApi } from "../local-api/spawn";
import { bundleRows, composition, fileListing, measureBundle, observeInitialLoad, preview } from "./bytes";
import { chromiumPath } from "./chromium";
import { runLighthouse } from "./lighthouse";
import { runLoad } from "./load";
import { runRoutes } from "./routes";
import { BUDGETS, code, failedBudgets, machine, row, table, writeReport, type Row } from "./report";
import { runScale } from "./scale";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const REPORT = path.join(ROOT, "docs", "performance.md");
const OUT = path.join(ROOT, "bench", ".out");
const DIST = path.join(OUT, "dist");
/** The protocol page Lighthouse measures next to home, held to the same budgets: the largest entry, with history. */
const PROTOCOL_PAGE = "/protocols/blackrock-buidl-securitize";
const PHASES = ["bytes", "lighthouse", "routes", "scale", "unit", "load"];

const { values: flags } = parseArgs({
  options: { "skip-build": { type: "boolean" }, "lighthouse-runs": { type: "string" }, only: { type: "string" } },
});
const phases = new Set(flags.only?.split(",") ?? PHASES);
const runs = Number(flags["lighthouse-runs"] ?? 3);
if ([...phases].some((p) => !PHASES.includes(p)) || !(runs >= 1 && runs <= 9))
  throw new Error(`--only takes ${PHASES.join(",")}; --lighthouse-runs 1 to 9`);

let api: SpawnedApi | undefined;
process.on("exit", () => api?.child.kill("SIGKILL"));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));
setTimeout(() => {
  console.error("bench: still running after 25 min; stopping everything.");
  process.exit(1);
}, 25 * 60_000).unref();

const started = Date.now();
mkdirSync(OUT, { recursive: true });
const browser = ["bytes", "lighthouse", "routes", "scale"].some((p) => phases.has(p));
const chromium = browser
  ? execFileSync(chromiumPath(), ["--version"], { encoding: "utf8", stdio: "pipe" }).trim()
  : "no Chromium";
const measuredOn = machine(chromium);
console.log(`bench: ${measuredOn.line}`);
if (measuredOn.busy) console.log("bench: warning: the machine is busy; browser timings will be noisy.");

const rows: Row[] = [];
const details: string[] = [];
let errors = 0;
type Result = { rows?: Row[]; details?: string[] } | void;
/** Runs one phase (unless --only leaves it out); a failure is a failing row, and the other phases still run. */
async function phase(name: string, work: () => Promise<Result> | Result): Promise<boolean> {
  if (name !== "build" && !phases.has(name)) return false;
  console.log(`\n[${name}]`);
  try {
    const result = await work();
    rows.push(...(result?.rows ?? []));
    details.push(...(result?.details ?? []));
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    errors++;
    rows.push(row(name, "run", `error: ${message.split("\n")[0]!.slice(0, 160)}`, { pass: false }));
    console.error(`bench: ${name} failed: ${message}`);
    return false;
  } finally {
    api?.child.kill("SIGKILL");
  }
}

// The build bakes the API's URL in, so its port is fixed (a --skip-build run must find it again).
const apiPort = Number(process.env.BENCH_API_PORT ?? 54330);
const localApi = async (env: Record<string, string>) =>
  (api = await spawnLocalApi({ port: apiPort, dataDir: "memory", env }));
/** `vite build` as `npm run build` runs it, minus the typecheck (a half-edited test must not stop a measurement). */
async function build() {
  Object.assign(process.env, {
    VITE_SUPABASE_URL: `http://127.0.0.1:${apiPort}`,
    VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
  });
  // Hidden source maps feed the composition, with no sourceMappingURL in the JS.
  await viteBuild({ root: ROOT, logLevel: "warn", build: { outDir: DIST, emptyOutDir: true, sourcemap: "hidden" } });
}
const built = browser && ((flags["skip-build"] && existsSync(DIST)) || (await phase("build", build)));

if (built) {
  await phase("bytes", async () => {
    const bytes = measureBundle(DIST, await observeInitialLoad(DIST));
    return {
      rows: bundleRows(bytes),
      details: ["### Files", "", ...code(fileListing(bytes)), ...(await composition(DIST, bytes))],
    };
  });
  const app = await preview(DIST);
  const appUrl = app.resolvedUrls!.local[0]!;
  // The preview runs on a free port: the local API lets that origin (and no other page) call it.
  await phase("lighthouse", async () => {
    await localApi({ LOCAL_API_ALLOWED_ORIGINS: appUrl });
    const home = await runLighthouse(appUrl, "/", runs, path.join(OUT, "lighthouse-home"));
    const protocol = await runLighthouse(appUrl, PROTOCOL_PAGE, runs, path.join(OUT, "lighthouse-protocol"), {
      ...BUDGETS.protocolPage,
      distDir: DIST,
    });
    const changes = await runLighthouse(appUrl, "/changes", runs, path.join(OUT, "lighthouse-changes"), {
      lcpMs: BUDGETS.changesLcpMs,
    });
    return {
      rows: [...home.rows, ...protocol.rows, ...changes.rows],
      details: [...home.details, ...protocol.details, ...changes.details],
    };
  });
  await phase("routes", async () => {
    await localApi({ LOCAL_API_ALLOWED_ORIGINS: appUrl });
    return runRoutes(appUrl);
  });
  await phase("scale", async () => {
    await localApi({ LOCAL_API_SYNTHETIC: "10000", LOCAL_API_ALLOWED_ORIGINS: appUrl });
    return runScale(appUrl, 10_000, 20);
  });
  await app.close();
}
await phase("unit", () => {
  // Vitest's own table of the pure-function benchmarks (src/features/**/*.bench.ts, Node).
  const args = ["node_modules/vitest/vitest.mjs", "bench", "--run", "--project=integration (bench)", "src/features/"];
  const env = { ...process.env, NO_COLOR: "1" };
  const run = spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: "utf8", timeout: 300_000 });
  const output = run.stdout.slice(run.stdout.indexOf(" ✓"), run.stdout.indexOf(" Test Files")).trimEnd();
  if (run.status !== 0 || !output.includes("samples"))
    throw new Error(`vitest bench failed:\n${(run.stdout + run.stderr).slice(-4000)}`);
  return { details: ["### Pure functions (Vitest bench, Node, times in ms)", "", ...code(output.split("\n"))] };
});
await phase("load", () => runLoad());

const failed = failedBudgets(rows);
const verdict =
  failed.length === 0
    ? "**All budgets hold.**"
    : `**Budgets failing (${failed.length}):** ${failed.map((r) => `${r.section} / ${r.metric} (${r.value} vs ${r.target})`).join("; ")}.`;
const seconds = Math.round((Date.now() - started) / 1000);
const generated = [
  "## Latest figures",
  "",
  `Measured ${measuredOn.line}. Command: \`npm run bench\` (${seconds} s).`,
  "",
  "Baseline: the straightforward client-rendered build of the same spec that the performance goal starts from, measured on these machines.",
  'KB = 1000 bytes. "FAIL" is a budget the performance goal sets; "miss" is a goal.',
  "",
  table(rows),
  "",
  verdict,
  "",
  ...details,
];
console.log(`\n${table(rows)}\n\n${verdict}\n`);
writeReport(path.join(OUT, "performance.md"), generated.join("\n"));
if (phases.size === PHASES.length && errors === 0) {
  writeReport(REPORT, generated.join("\n"));
  console.log(`Wrote docs/performance.md (${seconds} s).`);
} else {
  const previous = /^Measured (\S+)/m.exec(readFileSync(REPORT, "utf8"))?.[1] ?? "an unknown date";
  console.log(
    `${errors > 0 ? "A phase failed" : "A partial run (--only)"}: docs/performance.md keeps its figures of ${previous}; ` +
      "this run's are in bench/.out/performance.md. Record new ones with a full `npm run bench` on a quiet machine.",
  );
}
process.exit(failed.length > 0 ? 1 : 0);
