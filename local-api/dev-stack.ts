import { LOCAL_ANON_KEY } from "./defaults.ts";
import { readLocalApiConfig } from "./config.ts";
import { explainStartupError, runLocalApi } from "./run.ts";
import { LOCAL_API_HEADER, LOCAL_API_ID } from "./app.ts";
import { PortInUseError, type LocalApi } from "./server.ts";

export type WebServer = { close(): Promise<void> };

/**
 * The one-command stack behind npm run dev / npm run preview: the local API in this process
 * (unless VITE_SUPABASE_URL points elsewhere), then Vite. One process tree, so Ctrl-C closes
 * the database cleanly and leaves nothing running.
 */
export async function runStack(name: string, startWeb: () => Promise<WebServer>): Promise<void> {
  let api: LocalApi | null = null;
  let web: WebServer | null = null;
  let stopping = false;

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await web?.close().catch(() => {});
    await api?.close().catch((error: unknown) => console.error(`[${name}] closing the local API failed:`, error));
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));
  process.on("SIGHUP", () => void stop(0));

  const external = process.env.VITE_SUPABASE_URL?.trim();
  if (external) {
    console.log(`[${name}] VITE_SUPABASE_URL is set (${external}): using that backend, the local API is not started.`);
  } else {
    try {
      const config = readLocalApiConfig();
      try {
        api = await runLocalApi(config);
      } catch (error) {
        if (!(error instanceof PortInUseError) || !(await isOurLocalApi(config.host, config.port))) throw error;
        console.log(
          `[${name}] a local API is already running on ${config.host}:${config.port} (another terminal?): reusing it.\n` +
            `[${name}] signups go to that process's database; stop it there to run the whole stack from here.`,
        );
      }
      // How the app reaches the API (vite.config.ts would default to 54321; this also covers LOCAL_API_PORT).
      process.env.VITE_SUPABASE_URL = `http://${config.host}:${config.port}`;
      process.env.VITE_SUPABASE_ANON_KEY = LOCAL_ANON_KEY;
    } catch (error) {
      console.error(explainStartupError(error));
      await stop(1);
      return;
    }
  }

  try {
    web = await startWeb();
  } catch (error) {
    console.error(explainWebError(name, error));
    await stop(1);
  }
}

async function isOurLocalApi(host: string, port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}:${port}/health`, { signal: AbortSignal.timeout(2_000) });
    const body = (await response.json()) as { ok?: unknown };
    return response.headers.get(LOCAL_API_HEADER) === LOCAL_API_ID && body.ok === true;
  } catch {
    return false;
  }
}

function explainWebError(name: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const port = /Port (\d+) is already in use/.exec(message)?.[1];
  if (port) {
    return [
      `[${name}] Port ${port} is already in use (another Vite server?).`,
      `  Find it with: lsof -i :${port}   (or: ss -ltnp | grep ${port})`,
      `  Stop that process and run this command again.`,
    ].join("\n");
  }
  return `[${name}] could not start: ${message}`;
}
