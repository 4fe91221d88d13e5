// A signup acknowledged with 200 survives kill -9 of the local API: spawned as `npm run local-api`
// would, on a real data directory, then restarted.
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { exited, freePort, spawnLocalApi } from "../../local-api/spawn.ts";

const children: ChildProcess[] = [];
let dataParent = "";

async function startApi(port: number, dataDir: string) {
  const api = await spawnLocalApi({ port, dataDir });
  children.push(api.child);
  return api;
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  if (dataParent) await rm(dataParent, { recursive: true, force: true });
});

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
  const rows = (await (await fetch(`http://127.0.0.1:${port}/_local/waitlist`)).json()) as Array<{
    email: string;
    source: string;
  }>;
  expect(rows).toEqual([expect.objectContaining({ email: "durable@example.com", source: "hero" })]);

  second.child.kill("SIGINT");
  expect(await exited(second.child)).toBe(0);
  expect(existsSync(`${dataDir}.lock`)).toBe(false);
}, 180_000);
