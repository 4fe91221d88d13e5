// npm run data:convert -- FILE.csv [FILE.csv ...] --out-dir DIR
// Turns open-defi-data snapshot CSVs (data/defillama/open-defi-data/) into the API's own JSON,
// one DIR/<name>.json per file, for data:refresh --source-file / --yields-file (docs/data.md).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { run, UsageError } from "./cli.ts";
import { convertSnapshot } from "./open-defi-data.ts";

run(() => {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    options: { "out-dir": { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
  const outDir = values["out-dir"];
  if (outDir === undefined || positionals.length === 0)
    throw new UsageError("Usage: npm run data:convert -- FILE.csv [FILE.csv ...] --out-dir DIR");
  mkdirSync(outDir, { recursive: true });
  for (const file of positionals) {
    const { kind, json } = convertSnapshot(readFileSync(file, "utf8"), file);
    const out = path.join(outDir, `${path.basename(file, ".csv")}.json`);
    writeFileSync(out, `${JSON.stringify(json, null, 1)}\n`);
    const count = kind === "protocols" ? (json as unknown[]).length : (json as { data: unknown[] }).data.length;
    console.log(`${file} -> ${out} (${count} ${kind === "protocols" ? "protocols" : "pools"})`);
  }
  return 0;
});
