// Vitest benchmarks of the pure functions (src/features/protocols/*.bench.ts), in the node
// project (no jsdom), read back from Vitest's JSON report as table rows.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Row } from "./budgets";

type Task = { name: string; latency: { mean: number; p99: number } };
type Report = {
  testResults: {
    assertionResults: {
      fullName: string;
      status: string;
      failureMessages: string[];
      benchmarks?: { tasks: Task[] }[];
    }[];
  }[];
};

/** Runs them once, bounded; throws with Vitest's output when the run fails or runs nothing. */
export function runUnitBenches(root: string, outDir: string): Row[] {
  const outFile = path.join(outDir, "vitest-bench.json");
  const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
  const args = [
    vitest,
    "bench",
    "--run",
    "--reporter=json",
    `--outputFile=${outFile}`,
    "--project",
    "integration (bench)",
    "src/features/protocols/",
  ];
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", timeout: 300_000 });
  if (run.status !== 0)
    throw new Error(`vitest bench failed (${run.status ?? run.signal}):\n${(run.stdout + run.stderr).slice(-4000)}`);
  const rows: Row[] = [];
  for (const test of (JSON.parse(readFileSync(outFile, "utf8")) as Report).testResults.flatMap(
    (f) => f.assertionResults,
  )) {
    if (test.status !== "passed")
      throw new Error(`Benchmark "${test.fullName}" failed: ${test.failureMessages.join("\n")}`);
    for (const task of test.benchmarks?.flatMap((b) => b.tasks) ?? []) {
      rows.push({
        section: "Pure functions (Vitest bench, Node)",
        metric: `${test.fullName}: ${task.name}`,
        value: `${task.latency.mean.toFixed(3)} ms mean, ${task.latency.p99.toFixed(3)} ms p99`,
        verdict: "-",
        kind: "info",
      });
    }
  }
  if (rows.length === 0) throw new Error("Vitest ran no benchmarks (src/features/protocols/*.bench.ts)");
  return rows;
}
