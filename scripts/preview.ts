// npm run preview: the built dist/ served by `vite preview`, with the local API like npm run dev.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { preview } from "vite";
import { runStack } from "../local-api/dev-stack.ts";

const distIndex = fileURLToPath(new URL("../dist/index.html", import.meta.url));
if (!existsSync(distIndex)) {
  console.error("[preview] No build in dist/. Run `npm run build` first, then `npm run preview`.");
  process.exit(1);
}

await runStack("preview", async () => {
  const server = await preview();
  server.printUrls();
  return { close: () => server.close() };
});
