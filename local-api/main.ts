// npm run local-api: PGlite + the PostgREST subset + the add-to-waitlist handler on 127.0.0.1:54321.
import { explainStartupError, runLocalApi } from "./run.ts";

try {
  const api = await runLocalApi();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[local-api] ${signal}: closing the database...`);
    await api.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
} catch (error) {
  console.error(explainStartupError(error));
  process.exit(1);
}
