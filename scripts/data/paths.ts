import { fileURLToPath } from "node:url";

const root = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

export const CSV_PATH = root("data/protocols.csv");
export const SEED_PATH = root("supabase/seed.sql");
export const CSV_DISPLAY = "data/protocols.csv";
export const SEED_DISPLAY = "supabase/seed.sql";
export const HISTORY_PATH = root("data/tvl-history.csv");
export const HISTORY_DISPLAY = "data/tvl-history.csv";
/** Saved DefiLlama responses (see data/defillama/README.md). */
export const DEFILLAMA_DIR = root("data/defillama");
export const YIELD_HISTORY_PATH = root("data/yield-history.csv");
export const YIELD_HISTORY_DISPLAY = "data/yield-history.csv";
/** The reviewed asset classes of tracked rows (see docs/data.md, "Tracked rows"). */
export const ASSET_CLASSES_PATH = root("data/asset-classes.csv");
export const ASSET_CLASSES_DISPLAY = "data/asset-classes.csv";
export const RISK_EVIDENCE_PATH = root("data/risk-evidence.csv");
export const RISK_EVIDENCE_DISPLAY = "data/risk-evidence.csv";
/** The changes reviews made to the rating (scripts/data/review-changes.ts). */
export const REVIEW_CHANGES_PATH = root("data/review-changes.csv");
export const REVIEW_CHANGES_DISPLAY = "data/review-changes.csv";
/** The products each protocol issues, with their terms (docs/data.md, "Products"). */
export const PRODUCTS_PATH = root("data/products.json");
export const PRODUCTS_DISPLAY = "data/products.json";
/** The researched launch dates the track record counts from (scripts/data/rules/launch-dates.ts). */
export const LAUNCH_DATES_PATH = root("data/launch-dates.csv");
export const LAUNCH_DATES_DISPLAY = "data/launch-dates.csv";
/** DefiLlama's saved lists and yields (data/defillama/open-defi-data/README.md). */
export const OPEN_DEFI_DATA_DIR = root("data/defillama/open-defi-data");
