// npm run db:reset: delete the local database and rebuild it (bootstrap, migrations, seed).
import { readLocalApiConfig } from "./config.ts";
import { openDatabase, removeDataDir } from "./database.ts";

try {
  const { dataDir } = readLocalApiConfig();
  if (dataDir === "memory") {
    console.log("[db:reset] LOCAL_API_DATA_DIR=memory: nothing to reset, every start is fresh.");
    process.exit(0);
  }
  await removeDataDir(dataDir);
  const database = await openDatabase({ dataDir, log: (line) => console.log(`[db:reset] ${line}`) });
  const counts = (
    await database.db.query<{ protocols: number; waitlist: number }>(
      "select (select count(*)::int from public.protocols) as protocols, (select count(*)::int from public.waitlist) as waitlist",
    )
  ).rows[0]!;
  await database.close();
  console.log(`[db:reset] rebuilt ${dataDir}: ${counts.protocols} protocols, ${counts.waitlist} waitlist rows.`);
} catch (error) {
  console.error(`[db:reset] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
