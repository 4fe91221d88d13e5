import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";

/** The migrated (unseeded) database built once by global-setup.ts, as a Blob for loadDataDir. */
export async function snapshotBlob(): Promise<Blob> {
  return new Blob([await readFile(inject("pgliteSnapshot"))]);
}

/** A fresh migrated PGlite for one test file. Close it in afterAll. */
export async function openSnapshot(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: await snapshotBlob() });
}
