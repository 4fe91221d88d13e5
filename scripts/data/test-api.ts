// One in-memory local API (the server npm run local-api starts) for the data tooling's tests.
import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { createConsoleLogger } from "../../local-api/console-logger.ts";
import { createConsoleMailer } from "../../local-api/console-mailer.ts";
import type { LocalApi } from "../../local-api/server.ts";
import { fileURLToPath } from "node:url";
import { snapshotApiForFile } from "../../tests/integration/snapshot.ts";

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../tests/fixtures/data-2025-12-19/${name}`, import.meta.url));

/**
 * The data as it stood before the September 2026 snapshots were applied (the 34 reviewed rows of
 * 2025-12-19), frozen for the data tooling's tests: the committed data moves with every refresh,
 * and a test that read it would change meaning, or stop testing, each time.
 */
export const FIXTURE = {
  csv: fixture("protocols.csv"),
  history: fixture("tvl-history.csv"),
  yieldHistory: fixture("yield-history.csv"),
  seed: fixture("seed.sql"),
} as const;

export type MemoryApi = {
  /** Set from the file's beforeAll on. */
  readonly api: LocalApi;
  readonly db: PGlite;
  /** The protocols (and their history) exactly as the frozen fixture seed writes them. */
  reseed(): Promise<void>;
};

/**
 * The API for one test file: started before its tests, closed after them
 * (tests/integration/snapshot.ts: the run's migrated snapshot and the committed seed, as
 * `npm run local-api` gives a new database), with console mail and logs.
 */
export function memoryApi(): MemoryApi {
  const file = snapshotApiForFile({ mailer: createConsoleMailer(() => {}), logger: createConsoleLogger() });
  return {
    get api() {
      return file.api;
    },
    get db() {
      return file.api.db;
    },
    async reseed() {
      await file.api.db.exec("reset role; delete from public.protocols;");
      await file.api.db.exec(readFileSync(FIXTURE.seed, "utf8"));
    },
  };
}
