// Starts the local API as its own process, as `npm run local-api` would, for tests and benches
// that must kill it (durability, load). node + the tsx loader (not the tsx CLI wrapper), so exit
// codes and signals are the API's own.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** A port that was free a moment ago on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type SpawnedApi = {
  child: ChildProcess;
  url: string;
  /** The tail of what the process printed (the console mailer prints every e-mail). */
  output: () => string;
};

export async function spawnLocalApi(options: {
  port: number;
  /** A directory, or "memory". */
  dataDir: string;
  env?: Record<string, string>;
}): Promise<SpawnedApi> {
  const url = `http://127.0.0.1:${options.port}`;
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "local-api/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOCAL_API_HOST: "127.0.0.1",
      LOCAL_API_PORT: String(options.port),
      LOCAL_API_DATA_DIR: options.dataDir,
      LOCAL_API_RATE_LIMIT: "off",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-64_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`local API exited early:\n${output}`);
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, url, output: () => output };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`local API did not become healthy:\n${output}`);
}

/** Resolves with the exit code (or signal) once the process has exited. */
export function exited(child: ChildProcess): Promise<number | string | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
}
