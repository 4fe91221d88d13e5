// A signup acknowledged with 200 survives kill -9 of the local API: spawned as `npm run local-api`
// would, on a real data directory, then restarted.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const children: ChildProcess[] = [];
let dataParent = "";

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  if (dataParent) await rm(dataParent, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startApi(port: number, dataDir: string): Promise<{ child: ChildProcess; output: () => string }> {
  let output = "";
  // node + the tsx loader (no tsx CLI wrapper), so exit codes and signals are the API's own.
  const child = spawn(process.execPath, ["--import", "tsx", "local-api/main.ts"], {
    cwd: root,
    env: { ...process.env, LOCAL_API_PORT: String(port), LOCAL_API_DATA_DIR: dataDir, LOCAL_API_RATE_LIMIT: "off" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`local API exited early:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { child, output: () => output };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`local API did not become healthy:\n${output}`);
}

function exited(child: ChildProcess): Promise<number | string | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
}

it("keeps an acknowledged signup across kill -9 and restart, then shuts down cleanly on SIGINT", async () => {
  dataParent = await mkdtemp(path.join(tmpdir(), "rwa-durability-"));
  const dataDir = path.join(dataParent, "pglite");
  const port = await freePort();

  const first = await startApi(port, dataDir);
  expect(first.output()).toContain(`listening on http://127.0.0.1:${port}`);
  expect(first.output()).toContain(dataDir);
  const response = await fetch(`http://127.0.0.1:${port}/functions/v1/add-to-waitlist`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "durable@example.com", source: "hero" }),
  });
  expect(response.status).toBe(200);

  first.child.kill("SIGKILL");
  expect(await exited(first.child)).toBe("SIGKILL");

  // The killed process left its lock behind; the restart must take it over, not refuse.
  const second = await startApi(port, dataDir);
  const rows = (await (await fetch(`http://127.0.0.1:${port}/_local/waitlist`)).json()) as Array<{ email: string; source: string }>;
  expect(rows).toEqual([expect.objectContaining({ email: "durable@example.com", source: "hero" })]);

  second.child.kill("SIGINT");
  expect(await exited(second.child)).toBe(0);
  expect(existsSync(`${dataDir}.lock`)).toBe(false);
}, 180_000);
