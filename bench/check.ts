// `npm run bench:check`: the byte budgets against an existing production build (CI runs it right
// after `npm run build`). One headless Chromium load of `/` (a few seconds) finds the code the
// entry imports at boot, which index.html alone does not show.
import path from "node:path";
import { bundleRows, fileListing, measureBundle } from "./bytes";
import { chromiumPath } from "./chromium";
import { observeInitialLoad } from "./loaded";
import { failedBudgets, textTable } from "./report";

try {
  const distDir = path.resolve(process.argv[2] ?? "dist");
  const bytes = measureBundle(distDir, await observeInitialLoad(distDir, chromiumPath()));
  const rows = bundleRows(bytes);
  console.log(`Bundle budgets for ${path.relative(process.cwd(), distDir) || "."} (1 KB = 1000 bytes)\n`);
  console.log(textTable(rows));
  console.log(`\n${fileListing(bytes).join("\n")}`);
  const failed = failedBudgets(rows);
  if (failed.length > 0) {
    console.error(
      `\nBudget exceeded: ${failed.map((r) => `${r.metric} is ${r.value.split(" / ")[0]} (budget ${r.target})`).join("; ")}.`,
    );
    console.error(
      "Move code off the boot path (React.lazy for routes and dialogs, import() on first use) or drop a dependency.",
    );
    process.exitCode = 1;
  } else {
    console.log("\nAll byte budgets hold.");
  }
} catch (error) {
  console.error(`bench:check: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
