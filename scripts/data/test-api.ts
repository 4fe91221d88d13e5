// One in-memory local API (the server npm run local-api starts) for the data tooling's tests.
import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll } from "vitest";
import { createConsoleLogger } from "../../local-api/console-logger.ts";
import { createConsoleMailer } from "../../local-api/console-mailer.ts";
import { startLocalApi, type LocalApi } from "../../local-api/server.ts";
import { fileURLToPath } from "node:url";
import { snapshotBlob } from "../../tests/integration/snapshot.ts";

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
 * The API for one test file: started before its tests, closed after them. It opens the run's
 * migrated snapshot (tests/integration/global-setup.ts) and applies the committed seed, as
 * `npm run local-api` does on a new database, without paying initdb and the migrations per file.
 */
export function memoryApi(): MemoryApi {
  let api: LocalApi | undefined;
  beforeAll(async () => {
    api = await startLocalApi({
      host: "127.0.0.1",
      port: 0,
      dataDir: "memory",
      loadDataDir: await snapshotBlob(),
      rateLimit: "off",
      mailer: createConsoleMailer(() => {}),
      logger: createConsoleLogger(),
    });
  });
  afterAll(async () => {
    await api?.close();
  });
  const started = (): LocalApi => {
    if (!api) throw new Error("memoryApi: the API starts in beforeAll; use it inside a test or hook");
    return api;
  };
  return {
    get api() {
      return started();
    },
    get db() {
      return started().db;
    },
    async reseed() {
      const { db } = started();
      await db.exec("reset role; delete from public.protocols;");
      await db.exec(readFileSync(FIXTURE.seed, "utf8"));
    },
  };
}
