import { fileURLToPath } from "node:url";

const root = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

export const CSV_PATH = root("data/protocols.csv");
export const SEED_PATH = root("supabase/seed.sql");
export const CSV_DISPLAY = "data/protocols.csv";
export const SEED_DISPLAY = "supabase/seed.sql";
