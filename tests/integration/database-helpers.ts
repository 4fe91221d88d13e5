// What the database tests share: a fresh migrated PGlite per test file, a valid protocol row,
// inserting any columns, and running SQL as an API role.
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { afterAll, beforeAll } from "vitest";
import { openSnapshot } from "./snapshot.ts";

export type SnapshotDatabase = {
  /** Open from the file's beforeAll on. */
  readonly db: PGlite;
  /** Runs `sql` as `role` in a transaction that is always rolled back; returns the SQLSTATE or "ok". */
  as(role: string, sql: string, params?: unknown[]): Promise<string>;
};

/** The test file's database: the migrated snapshot, opened before its tests and closed after them. */
export function snapshotDatabase(): SnapshotDatabase {
  let opened: PGlite | undefined;
  beforeAll(async () => {
    opened = await openSnapshot();
  });
  afterAll(async () => {
    await opened?.close();
  });
  const database: SnapshotDatabase = {
    get db() {
      if (!opened) throw new Error("snapshotDatabase: the database opens in beforeAll; use it inside a test or hook");
      return opened;
    },
    async as(role, sql, params = []) {
      try {
        await database.db.transaction(async (tx) => {
          await tx.exec(`set local role ${role}`);
          await tx.query(sql, params);
          await tx.rollback();
        });
        return "ok";
      } catch (error) {
        return (error as { code?: string }).code ?? String(error);
      }
    },
  };
  return database;
}

/** A row every constraint accepts; a test overrides the columns it is about. */
export const validProtocol = {
  name: "Test Treasury Fund",
  description: "A tokenized short-term Treasury fund used by the tests.",
  asset_classes: ["US Treasuries"],
  blockchains: ["Ethereum", "Base"],
  tvl: "$2.8B",
  yield_range: "3.8-4.2%",
  risk_level: "Low",
  min_investment: "$5M",
  url: "https://example.com",
};
export type ProtocolRow = typeof validProtocol;

/** Inserts a valid protocol row with the given columns changed. */
export function insertProtocol(target: PGlite | Transaction, row: Partial<ProtocolRow> = {}) {
  return insertColumns(target, { ...validProtocol, ...row });
}

/** Inserts a protocol row of any columns (the object's keys), in a database or a transaction. */
export function insertColumns(target: PGlite | Transaction, row: Record<string, unknown>) {
  const columns = Object.keys(row);
  return target.query(
    `insert into public.protocols (${columns.join(", ")}) values (${columns.map((_, i) => `$${i + 1}`).join(", ")})`,
    Object.values(row),
  );
}
