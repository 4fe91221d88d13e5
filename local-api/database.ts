import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { BOOTSTRAP_SQL } from "./bootstrap.ts";
import { applyMigrations, errorMessage, type Migration } from "./migrations.ts";
import { MIGRATIONS_DIR, SEED_FILE } from "./paths.ts";
import { insertSyntheticProtocols } from "./synthetic.ts";

export type OpenDatabaseOptions = {
  /** A directory for a persistent database, or "memory" for a fresh in-memory one. */
  dataDir: string;
  /** Start from a dumped data dir (tests: a migrated snapshot) instead of running initdb. */
  loadDataDir?: Blob;
  /** Serve N deterministic synthetic protocols instead of the seed (scale tests). */
  synthetic?: number;
  migrationsDir?: string;
  seedFile?: string;
  log?: (line: string) => void;
};

export type OpenedDatabase = {
  db: PGlite;
  created: boolean;
  migrationsApplied: Migration[];
  seed: "applied" | "already-applied" | "missing" | "skipped";
  close(): Promise<void>;
};

/**
 * Opens (creating if needed) the local Postgres: Supabase bootstrap, pending migrations, then the
 * seed once per database. A persistent dir is guarded by a lock file so two processes never
 * share it (PGlite has no multi-process locking of its own).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  const log = options.log ?? (() => {});
  const inMemory = options.dataDir === "memory" || options.synthetic !== undefined;
  const dataDir = inMemory ? undefined : path.resolve(options.dataDir);
  const created = inMemory || !existsSync(path.join(dataDir!, "PG_VERSION"));

  let releaseLock = async () => {};
  if (dataDir) {
    await mkdir(path.dirname(dataDir), { recursive: true });
    releaseLock = await acquireLock(`${dataDir}.lock`);
  }

  let db: PGlite | undefined;
  try {
    db = await PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
    await db.exec(BOOTSTRAP_SQL);
    const migrationsApplied = await applyMigrations(db, options.migrationsDir ?? MIGRATIONS_DIR);
    for (const m of migrationsApplied) log(`applied migration ${m.version}_${m.name}`);

    let seed: OpenedDatabase["seed"] = "skipped";
    if (options.synthetic !== undefined) {
      await insertSyntheticProtocols(db, options.synthetic);
    } else {
      seed = await applySeedOnce(db, options.seedFile ?? SEED_FILE, log);
    }
    const opened = db;
    return {
      db: opened,
      created,
      migrationsApplied,
      seed,
      async close() {
        await opened.close();
        await releaseLock();
      },
    };
  } catch (error) {
    await db?.close().catch(() => {});
    await releaseLock();
    throw error;
  }
}

/**
 * Runs seed.sql in one transaction unless this database already recorded it (same table the
 * Supabase CLI uses). A seed that changed later is not re-run over live data: db:reset does that.
 */
export async function applySeedOnce(
  db: PGlite,
  seedFile: string,
  log: (line: string) => void,
): Promise<"applied" | "already-applied" | "missing"> {
  await db.exec(
    "create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null)",
  );
  const sql = await readFile(seedFile, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (sql === null) {
    log(`no seed file at ${seedFile} (generate it with npm run data:build): the protocols table starts empty`);
    return "missing";
  }
  const hash = createHash("sha256").update(sql).digest("hex");
  const recorded = await db.query<{ hash: string }>(
    "select hash from supabase_migrations.seed_files where path = 'seed.sql'",
  );
  if (recorded.rows[0]) {
    if (recorded.rows[0].hash !== hash) {
      log("supabase/seed.sql changed since this database was seeded: run npm run db:reset to reload it");
    }
    return "already-applied";
  }
  try {
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query("insert into supabase_migrations.seed_files (path, hash) values ('seed.sql', $1)", [hash]);
    });
  } catch (error) {
    throw new Error(`Seed ${seedFile} failed: ${errorMessage(error)}`, { cause: error });
  }
  log("applied seed.sql");
  return "applied";
}

/** Deletes a persistent data dir (db:reset). Refuses while another process holds its lock. */
export async function removeDataDir(dataDir: string): Promise<void> {
  const dir = path.resolve(dataDir);
  const release = await acquireLock(`${dir}.lock`);
  try {
    await rm(dir, { recursive: true, force: true });
  } finally {
    await release();
  }
}

async function acquireLock(lockFile: string): Promise<() => Promise<void>> {
  const holder = Number.parseInt((await readFile(lockFile, "utf8").catch(() => "")).trim(), 10);
  if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `The local database ${lockFile.replace(/\.lock$/, "")} is in use by process ${holder}. Stop that process (kill ${holder}) or set LOCAL_API_DATA_DIR to another directory.`,
    );
  }
  // A lock left by a killed process (kill -9, crash) is stale: take it over.
  await writeFile(lockFile, `${process.pid}\n`);
  return async () => {
    await rm(lockFile, { force: true });
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
