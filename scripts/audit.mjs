// npm audit --omit=dev, with one distinction npm does not make: "the advisory service could not be
// asked" is reported as exactly that, not as a pass and not as a vulnerability. This workplace's
// registry proxy answers 405 to the audit POST, so there the audit cannot run at all; the script
// then says so, and writes the same line to CI's summary (CI_SUMMARY_FILE, and GitHub's
// GITHUB_STEP_SUMMARY when set) so a skipped audit is visible where people look. When the service
// answers, any advisory above low (moderate, high or critical) fails, as does any other error.
import { appendFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";

/**
 * What an `npm audit --json` report means for CI.
 * @param {unknown} report the parsed JSON (or undefined when npm printed none)
 * @returns {{ status: "skipped" | "pass" | "fail", summary: string, details: string[] }}
 */
export function evaluateAudit(report) {
  if (report === undefined || report === null || typeof report !== "object") {
    return { status: "fail", summary: "dependency audit: FAILED (npm audit produced no JSON report)", details: [] };
  }
  const r = /** @type {Record<string, any>} */ (report);
  const unreachable =
    typeof r.statusCode === "number" && String(r.uri ?? "").includes("/security/") && !r.vulnerabilities;
  if (unreachable) {
    return {
      status: "skipped",
      summary: `dependency audit: NOT PERFORMED (the registry's advisory endpoint answered ${r.statusCode}; run \`npm audit --omit=dev\` where the registry allows it)`,
      details: [],
    };
  }
  const counts = r.metadata?.vulnerabilities;
  if (!counts) {
    return {
      status: "fail",
      summary: `dependency audit: FAILED (${r.message ?? r.error?.summary ?? "unknown error"})`,
      details: [],
    };
  }
  const line = `${counts.critical} critical, ${counts.high} high, ${counts.moderate} moderate, ${counts.low} low`;
  const above = (counts.critical ?? 0) + (counts.high ?? 0) + (counts.moderate ?? 0);
  if (above > 0) {
    const details = Object.entries(r.vulnerabilities ?? {})
      .filter(([, v]) => v && typeof v === "object" && v.severity !== "low" && v.severity !== "info")
      .map(([name, v]) => `  ${v.severity}: ${name} (${v.range})`);
    return { status: "fail", summary: `dependency audit: FAILED (runtime dependencies: ${line})`, details };
  }
  return { status: "pass", summary: `dependency audit: passed (runtime dependencies: ${line})`, details: [] };
}

function writeSummary(line) {
  for (const file of [process.env.CI_SUMMARY_FILE, process.env.GITHUB_STEP_SUMMARY]) {
    if (file) appendFileSync(file, `${line}\n`);
  }
}

function main() {
  const result = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8", shell: false });
  let report;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    console.error(`npm audit produced no JSON report (exit ${result.status}):\n${result.stderr}`);
  }
  const outcome = evaluateAudit(report);
  (outcome.status === "fail" ? console.error : console.log)(outcome.summary);
  for (const line of outcome.details) console.error(line);
  writeSummary(outcome.summary);
  process.exit(outcome.status === "fail" ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
