// `npm run bench:check`: the byte budgets against an existing production build (CI runs it
// right after `npm run build`). No servers of the project's; one headless Chromium load of `/`
// (a few seconds) finds code the entry imports at boot, which index.html alone does not show.
// `--static` skips the browser (index.html and its static imports only) and says so.
import path from "node:path";
import { bundleRows, fileListing, measureBundle } from "./bytes";
import { chromiumPath } from "./chromium";
import { observeInitialLoad } from "./loaded";
import { failedBudgets, textTable } from "./table";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const staticOnly = args.includes("--static");
  const distDir = path.resolve(args.find((a) => !a.startsWith("--")) ?? "dist");
  const observed = staticOnly ? undefined : (await observeInitialLoad(distDir, chromiumPath())).files;
  const bytes = measureBundle(distDir, observed);
  const rows = bundleRows(bytes);
  console.log(`Bundle budgets for ${path.relative(process.cwd(), distDir) || "."} (1 KB = 1000 bytes)\n`);
  console.log(textTable(rows));
  console.log(`\n${fileListing(bytes).join("\n")}`);
  if (staticOnly) console.log("\n--static: code the entry imports at boot is not counted as initial.");
  const failed = failedBudgets(rows);
  if (failed.length > 0) {
    console.error(`\nBudget exceeded: ${failed.map((r) => `${r.metric} is ${r.value.split(" / ")[0]} (budget ${r.target})`).join("; ")}.`);
    console.error("Move code off the boot path (React.lazy for routes and dialogs, import() on first use) or drop a dependency.");
    return 1;
  }
  console.log("\nAll byte budgets hold.");
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`bench:check: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
