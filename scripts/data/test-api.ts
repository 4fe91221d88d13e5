// One in-memory local API (the server npm run local-api starts) for the data tooling's tests.
import { createConsoleLogger } from "../../local-api/console-logger.ts";
import { createConsoleMailer } from "../../local-api/console-mailer.ts";
import { startLocalApi, type LocalApi } from "../../local-api/server.ts";

export function startMemoryApi(): Promise<LocalApi> {
  return startLocalApi({
    host: "127.0.0.1",
    port: 0,
    dataDir: "memory",
    rateLimit: "off",
    mailer: createConsoleMailer(() => {}),
    logger: createConsoleLogger(),
  });
}
