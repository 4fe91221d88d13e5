// npm run data:push [-- --dry-run] [-- --today YYYY-MM-DD] [-- --csv path]
// Upserts data/protocols.csv and data/products.json into the database in one transaction, after
// data:check and a diff (a reviewed product's changed terms are recorded in public.protocol_changes);
// then replaces the risk factors (data/risk-evidence.csv and the computed ones) and records the
// rating's changes, in a second transaction.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseCommonArgs, run } from "./cli.ts";
import {
  CSV_DISPLAY,
  CSV_PATH,
  HISTORY_PATH,
  LAUNCH_DATES_PATH,
  PRODUCTS_DISPLAY,
  PRODUCTS_PATH,
  RISK_EVIDENCE_PATH,
} from "./paths.ts";
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
    // Another CSV (a snapshot under review) has no evidence of its own: only the committed data pushes risk.
    risk:
      typeof values.csv === "string"
        ? undefined
        : {
            evidenceText: readFileSync(RISK_EVIDENCE_PATH, "utf8"),
            historyText: readFileSync(HISTORY_PATH, "utf8"),
            launchText: readFileSync(LAUNCH_DATES_PATH, "utf8"),
          },
  });
  return 0;
});
