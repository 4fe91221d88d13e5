import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

export type Migration = { version: string; name: string; file: string };

// Same naming rule as the Supabase CLI: <timestamp>_<name>.sql, applied in version order.
const MIGRATION_FILE = /^(\d{14})_(.+)\.sql$/;

export async function listMigrations(dir: string): Promise<Migration[]> {
  const files = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  return files
    .map((file) => {
      const match = MIGRATION_FILE.exec(file);
      return match ? { version: match[1]!, name: match[2]!, file: path.join(dir, file) } : null;
    })
    .filter((m): m is Migration => m !== null)
    .sort((a, b) => a.version.localeCompare(b.version));
}

/**
 * Applies every migration not yet recorded in supabase_migrations.schema_migrations, each in
 * its own transaction (a failing migration leaves no half-applied schema), and returns the
 * versions it applied. Existing data dirs pick up migrations added later.
 */
export async function applyMigrations(db: PGlite, dir: string): Promise<Migration[]> {
  const applied = new Set(
    (await db.query<{ version: string }>("select version from supabase_migrations.schema_migrations")).rows.map(
      (r) => r.version,
    ),
  );
  const pending = (await listMigrations(dir)).filter((m) => !applied.has(m.version));
  for (const migration of pending) {
    const sql = await readFile(migration.file, "utf8");
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          "insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)",
          [migration.version, migration.name, [sql]],
        );
      });
    } catch (error) {
      throw new Error(`Migration ${path.basename(migration.file)} failed: ${errorMessage(error)}`, { cause: error });
    }
  }
  return pending;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
