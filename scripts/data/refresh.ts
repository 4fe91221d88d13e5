// npm run data:refresh [-- --source-file FILE --as-of YYYY-MM-DD] [--backfill [--source-dir DIR]]
//   [--accept SLUG ...] [--write-csv] [--dry-run]
// Refreshes the TVL of every protocol DefiLlama covers, in one transaction (docs/data.md).
import { run } from "./cli.ts";
import { main } from "./refresh-cli.ts";

run(() =>
  main(process.argv.slice(2), {
    env: process.env,
    fetch: (input, init) => fetch(input, init),
    log: (line) => console.log(line),
    error: (line) => console.error(line),
    now: () => new Date(),
  }),
);
