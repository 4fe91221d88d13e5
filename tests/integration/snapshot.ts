import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, inject } from "vitest";
import { startLocalApi, type LocalApi, type LocalApiOptions } from "../../local-api/server.ts";
import { silentLogger } from "../../supabase/functions/_shared/log.ts";

/** The migrated (unseeded) database built once by global-setup.ts, as a Blob for loadDataDir. */
export async function snapshotBlob(): Promise<Blob> {
  return new Blob([await readFile(inject("pgliteSnapshot"))]);
}

/** A fresh migrated PGlite for one test file. Close it in afterAll. */
export async function openSnapshot(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: await snapshotBlob() });
}

const nullMailer: LocalApiOptions["mailer"] = {
  name: "null",
  async addContact() {},
  async removeContact() {},
  async sendConfirmation() {},
};

/**
 * A local API on a free loopback port over a fresh copy of the snapshot: in memory, rate limit
 * off, no mail, no logs, unless a test overrides them. Close it in afterAll.
 */
export async function startSnapshotApi(overrides: Partial<LocalApiOptions> = {}): Promise<LocalApi> {
  return startLocalApi({
    host: "127.0.0.1",
    port: 0,
    dataDir: "memory",
    loadDataDir: await snapshotBlob(),
    rateLimit: "off",
    mailer: nullMailer,
    logger: silentLogger,
    ...overrides,
  });
}

/** startSnapshotApi for one test file: started before its tests, closed after them. */
export function snapshotApiForFile(overrides: Partial<LocalApiOptions> = {}): { readonly api: LocalApi } {
  let api: LocalApi | undefined;
  beforeAll(async () => {
    api = await startSnapshotApi(overrides);
  });
  afterAll(async () => {
    await api?.close();
  });
  return {
    get api() {
      if (!api) throw new Error("snapshotApiForFile: the API starts in beforeAll; use it inside a test or hook");
      return api;
    },
  };
}
