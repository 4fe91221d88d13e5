import { readLocalApiConfig, type LocalApiConfig } from "./config.ts";
import { createConsoleLogger } from "./console-logger.ts";
import { createConsoleMailer } from "./console-mailer.ts";
import { PortInUseError, startLocalApi, type LocalApi } from "./server.ts";

/** Starts the local API from LOCAL_API_* settings with console mailer and logs (main.ts, dev, preview). */
export async function runLocalApi(config: LocalApiConfig = readLocalApiConfig()): Promise<LocalApi> {
  const api = await startLocalApi({
    host: config.host,
    port: config.port,
    dataDir: config.dataDir,
    synthetic: config.synthetic,
    rateLimit: config.rateLimit,
    // The mail names the same launch target as the pages (or 'opening soon' once it has passed).
    mailer: createConsoleMailer(undefined, undefined, process.env.VITE_LAUNCH_TARGET),
    logger: createConsoleLogger(),
    log: (line) => console.log(`[local-api] ${line}`),
  });
  const { database } = api;
  const where =
    config.synthetic !== undefined
      ? `in memory, ${config.synthetic} synthetic protocols (LOCAL_API_SYNTHETIC), nothing persisted`
      : config.dataDir === "memory"
        ? "in memory (LOCAL_API_DATA_DIR=memory), fresh each start"
        : `${config.dataDir}${database.created ? " (created now)" : ""}; npm run db:reset rebuilds it`;
  console.log(
    [
      `[local-api] listening on ${api.url}`,
      `[local-api]   REST       ${api.url}/rest/v1/protocols`,
      `[local-api]   function   ${api.url}/functions/v1/add-to-waitlist (confirmation e-mails, with their link, are printed here)`,
      `[local-api]   signups    ${api.url}/_local/waitlist`,
      `[local-api]   mails      ${api.url}/_local/outbox (the confirmation links sent since start)`,
      `[local-api] database: ${where}`,
      `[local-api] rate limit: ${config.rateLimit === "off" ? "off" : `${config.rateLimit} signups per address per minute, 5 per mailbox per hour, 300 in all per minute; 30 confirmation mails per recipient domain per hour`}`,
    ].join("\n"),
  );
  return api;
}

/** One readable paragraph for the failures a developer can fix, instead of a stack trace. */
export function explainStartupError(error: unknown): string {
  if (error instanceof PortInUseError) {
    return [
      `[local-api] ${error.message}`,
      `  Another process (maybe a local API started in another terminal) is listening there.`,
      `  Find it with: lsof -i :${error.port}   (or: ss -ltnp | grep ${error.port})`,
      `  Stop it, or use another port: LOCAL_API_PORT=54329 npm run local-api`,
    ].join("\n");
  }
  return `[local-api] could not start: ${error instanceof Error ? error.message : String(error)}`;
}
