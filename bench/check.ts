// `npm run bench:check`: the byte budgets against an existing production build (CI runs it
// right after `npm run build`). Fast: no server, no browser.
import path from "node:path";
import { bundleRows, fileListing, measureBundle } from "./bytes";
import { failedBudgets, textTable } from "./table";

const distDir = path.resolve(process.argv[2] ?? "dist");

try {
  const bytes = measureBundle(distDir);
  const rows = bundleRows(bytes);
  console.log(`Bundle budgets for ${path.relative(process.cwd(), distDir) || "."} (1 KB = 1000 bytes)\n`);
  console.log(textTable(rows));
  console.log(`\n${fileListing(bytes).join("\n")}`);
  const failed = failedBudgets(rows);
  if (failed.length > 0) {
    console.error(`\nBudget exceeded: ${failed.map((r) => `${r.metric} is ${r.value.split(" / ")[0]} (budget ${r.target})`).join("; ")}.`);
    console.error("Move code out of the initial chunk (React.lazy for routes and dialogs, dynamic import()) or drop a dependency.");
    process.exit(1);
  }
  console.log("\nAll byte budgets hold.");
} catch (error) {
  console.error(`bench:check: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
