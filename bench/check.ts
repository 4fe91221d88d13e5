// `npm run bench:check`: the byte budgets against an existing production build (CI runs it right
// after `npm run build`). One headless Chromium load of `/` (a few seconds) finds the code the
// entry imports at boot, which index.html alone does not show.
import path from "node:path";
import { bundleRows, fileListing, measureBundle, observeInitialLoad } from "./bytes";
import { failedBudgets, table } from "./report";

try {
  const distDir = path.resolve(process.argv[2] ?? "dist");
  const bytes = measureBundle(distDir, await observeInitialLoad(distDir));
  const rows = bundleRows(bytes);
  console.log(`Bundle budgets for ${path.relative(process.cwd(), distDir) || "."} (1 KB = 1000 bytes)\n`);
  console.log(`${table(rows)}\n\n${fileListing(bytes).join("\n")}\n`);
  const failed = failedBudgets(rows);
  if (failed.length === 0) console.log("All byte budgets hold.");
  else {
    console.error(
      `Budget exceeded: ${failed.map((r) => `${r.metric} is ${r.value.split(" / ")[0]} (budget ${r.target})`).join("; ")}.`,
    );
    console.error(
      "Move code off the boot path (React.lazy for routes and dialogs, import() on first use) or drop a dependency.",
    );
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`bench:check: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
