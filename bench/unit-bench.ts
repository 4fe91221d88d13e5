// Vitest benchmarks of the pure functions (src/features/protocols/*.bench.ts), read back from
// Vitest's JSON report.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Row } from "./budgets";
import { runCommand } from "./processes";

export type UnitBench = { test: string; task: string; meanMs: number; p99Ms: number; opsPerSec: number };

type Report = {
  success: boolean;
  testResults: {
    name: string;
    assertionResults: {
      fullName: string;
      status: string;
      failureMessages: string[];
      benchmarks?: { name: string; tasks: { name: string; latency: { mean: number; p99: number }; throughput: { mean: number } }[] }[];
    }[];
  }[];
};

// Node environment (no jsdom) for pure functions; the name follows vite.config.ts's project.
const PROJECT = "integration (bench)";

export async function runUnitBenches(root: string, outDir: string): Promise<UnitBench[]> {
  const outFile = path.join(outDir, "vitest-bench.json");
  const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
  const args = [vitest, "bench", "--run", "--reporter=json", `--outputFile=${outFile}`, "src/features/protocols/"];
  try {
    await runCommand(process.execPath, [...args, "--project", PROJECT], {}, 300_000);
  } catch (error) {
    if (!String(error).includes("No projects matched")) throw error;
    await runCommand(process.execPath, args, {}, 300_000);
  }
  const report = JSON.parse(readFileSync(outFile, "utf8")) as Report;
  const seen = new Set<string>();
  const results: UnitBench[] = [];
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status !== "passed") throw new Error(`Benchmark "${test.fullName}" failed: ${test.failureMessages.join("\n")}`);
      for (const benchmark of test.benchmarks ?? []) {
        for (const task of benchmark.tasks) {
          const key = `${test.fullName}\u0000${task.name}`;
          if (seen.has(key)) continue; // the same file under two projects
          seen.add(key);
          results.push({
            test: test.fullName,
            task: task.name,
            meanMs: task.latency.mean,
            p99Ms: task.latency.p99,
            opsPerSec: task.throughput.mean,
          });
        }
      }
    }
  }
  if (results.length === 0) throw new Error("Vitest ran no benchmarks (src/features/protocols/*.bench.ts)");
  return results;
}

export function unitBenchRows(results: UnitBench[]): Row[] {
  return results.map((r) => ({
    section: "Pure functions (Vitest bench, Node)",
    metric: `${r.test}: ${r.task}`,
    value: `${r.meanMs.toFixed(3)} ms mean, ${r.p99Ms.toFixed(3)} ms p99`,
    verdict: "-",
    kind: "info",
  }));
}
