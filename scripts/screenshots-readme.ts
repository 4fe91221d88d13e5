// npm run screenshots:readme: refreshes the README's pictures on purpose. `npm run screenshots`
// writes every screenshot to the ignored e2e/screenshots/ and never touches tracked files; this
// runs the specs that take the README's pictures and copies them into docs/screenshots/.
import { spawnSync } from "node:child_process";
import { copyFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// protocol-desktop: the protocol with the longest served history. Written only from served data (with
// no history to show, the spec names its files protocol-standin-*, and this copy fails instead).
const PICTURES = ["home-desktop.png", "compare-desktop.png", "protocol-desktop.png"];
const root = fileURLToPath(new URL("..", import.meta.url));

const run = spawnSync(
  "npx",
  [
    "playwright",
    "test",
    "e2e/screenshots.spec.ts",
    "e2e/analyst-screenshots.spec.ts",
    "--project=screenshots-desktop",
    "--grep",
    "home|README|protocol page",
  ],
  { cwd: root, stdio: "inherit" },
);
if (run.status !== 0) {
  console.error("[screenshots:readme] the screenshot specs failed; docs/screenshots/ is unchanged.");
  process.exit(run.status ?? 1);
}
for (const picture of PICTURES) {
  copyFileSync(`${root}e2e/screenshots/${picture}`, `${root}docs/screenshots/${picture}`);
  console.log(`[screenshots:readme] docs/screenshots/${picture}`);
}
