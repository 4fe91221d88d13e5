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
export const RISK_EVIDENCE_PATH = root("data/risk-evidence.csv");
export const RISK_EVIDENCE_DISPLAY = "data/risk-evidence.csv";
