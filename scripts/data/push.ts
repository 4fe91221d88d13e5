// npm run data:push [-- --dry-run] [-- --today YYYY-MM-DD] [-- --csv path]
// Upserts data/protocols.csv and data/products.json into the database in one transaction, after
// data:check and a diff; a reviewed product's changed terms are recorded in public.protocol_changes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseCommonArgs, run } from "./cli.ts";
import { CSV_DISPLAY, CSV_PATH, PRODUCTS_DISPLAY, PRODUCTS_PATH } from "./paths.ts";
import { pushData, resolveTarget } from "./push-core.ts";

run(async () => {
  const { today, values } = parseCommonArgs(process.argv.slice(2), {
    "dry-run": { type: "boolean" },
    csv: { type: "string" },
  });
  const csvPath = typeof values.csv === "string" ? path.resolve(values.csv) : CSV_PATH;
  await pushData({
    csvText: readFileSync(csvPath, "utf8"),
    // The products go with the protocols, in the same transaction.
    productsText: readFileSync(PRODUCTS_PATH, "utf8"),
    productsLabel: PRODUCTS_DISPLAY,
    csvLabel: typeof values.csv === "string" ? values.csv : CSV_DISPLAY,
    today,
    dryRun: values["dry-run"] === true,
    target: resolveTarget(process.env),
  });
  return 0;
});
