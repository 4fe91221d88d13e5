import { fileURLToPath } from "node:url";

// Paths are resolved from this file, not the working directory, so every entry point agrees.
export const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
export const MIGRATIONS_DIR = fileURLToPath(new URL("../supabase/migrations", import.meta.url));
export const SEED_FILE = fileURLToPath(new URL("../supabase/seed.sql", import.meta.url));
export const DEFAULT_DATA_DIR = ".local-data/pglite";
