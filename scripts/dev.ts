// npm run dev: the zero-config local API and the Vite dev server, one command, one Ctrl-C.
import { createServer } from "vite";
import { runStack } from "../local-api/dev-stack.ts";

await runStack("dev", async () => {
  const server = await createServer();
  await server.listen();
  server.printUrls();
  return { close: () => server.close() };
});
