// Abuse and crashes: the signup limiter holds at its default (5 per IP per minute) without
// locking out other visitors, and a local API killed with SIGKILL in the middle of a signup burst
// loses none of the signups it acknowledged.
import type { ChildProcess } from "node:child_process";
import { request } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { exited, freePort, spawnLocalApi } from "../../local-api/spawn.ts";
import { readLocalApiConfig } from "../../local-api/config.ts";
import { startSnapshotApi } from "./snapshot.ts";

/** POST a signup from a chosen loopback source address (Linux routes all of 127/8 to lo). */
function signupFrom(
  url: string,
  localAddress: string,
  email: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const target = new URL(`${url}/functions/v1/add-to-waitlist`);
  const payload = JSON.stringify({ email, source: "hero" });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        localAddress,
        agent: false,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(payload),
          Origin: "http://127.0.0.1:4173",
        },
      },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

describe("the signup rate limiter at its default setting", () => {
  it("answers the 6th signup from one address within a minute with 429 + Retry-After, while another address still gets in", async () => {
    const config = readLocalApiConfig({});
    expect(config.rateLimit).toBe(5); // the default, not a test-only value
    const api = await startSnapshotApi({
      rateLimit: config.rateLimit,
    });
    try {
      const first = [];
      for (let i = 1; i <= 5; i++) first.push((await signupFrom(api.url, "127.0.0.1", `bot${i}@example.com`)).status);
      expect(first).toEqual([200, 200, 200, 200, 200]);

      const sixth = await signupFrom(api.url, "127.0.0.1", "bot6@example.com");
      expect(sixth.status).toBe(429);
      expect(Number(sixth.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(Number(sixth.headers["retry-after"])).toBeLessThanOrEqual(60);
      expect(sixth.headers["access-control-allow-origin"]).toBe("http://127.0.0.1:4173");
      expect(sixth.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(JSON.parse(sixth.body)).toEqual({
        error: "Too many signup attempts. Please wait a minute and try again.",
      });
      // Duplicates count too: re-sending a known address is no way around the limit.
      expect((await signupFrom(api.url, "127.0.0.1", "bot1@example.com")).status).toBe(429);

      const neighbour = await signupFrom(api.url, "127.0.0.2", "human@example.com");
      expect([neighbour.status, JSON.parse(neighbour.body)]).toEqual([200, { ok: true }]);

      await api.settled();
      const stored = ((await (await fetch(`${api.url}/_local/waitlist`)).json()) as Array<{ email: string }>).map(
        (r) => r.email,
      );
      expect(stored.sort()).toEqual([
        "bot1@example.com",
        "bot2@example.com",
        "bot3@example.com",
        "bot4@example.com",
        "bot5@example.com",
        "human@example.com",
      ]);
    } finally {
      await api.close();
    }
  });
});

// ---- kill -9 mid-load ---------------------------------------------------------------------------

const children: ChildProcess[] = [];
let dataParent = "";
async function startApi(port: number, dataDir: string): Promise<ChildProcess> {
  const { child } = await spawnLocalApi({ port, dataDir });
  children.push(child);
  return child;
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  if (dataParent) await rm(dataParent, { recursive: true, force: true });
});

describe("the local API killed mid-load", () => {
  it("keeps every acknowledged signup after SIGKILL during a concurrent burst and a restart", async () => {
    dataParent = await mkdtemp(path.join(tmpdir(), "rwa-kill-midload-"));
    const dataDir = path.join(dataParent, "pglite");
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const first = await startApi(port, dataDir);

    const acknowledged: string[] = [];
    const failed: string[] = [];
    let next = 0;
    let killed = false;
    const KILL_AFTER = 120;
    const worker = async () => {
      while (next < 2_000) {
        const email = `burst${next++}@example.com`;
        try {
          const response = await fetch(`${url}/functions/v1/add-to-waitlist`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ email }),
          });
          if (response.status === 200) acknowledged.push(email);
          else failed.push(email);
        } catch {
          failed.push(email); // connection reset by the kill: never acknowledged
          if (killed) return;
        }
        if (!killed && acknowledged.length >= KILL_AFTER) {
          killed = true;
          first.kill("SIGKILL"); // while the other workers still have requests in flight
        }
      }
    };
    await Promise.all(Array.from({ length: 12 }, worker));
    await exited(first);
    expect(first.signalCode).toBe("SIGKILL");
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(failed.length).toBeGreaterThan(0); // the kill really interrupted requests in flight

    const second = await startApi(port, dataDir);
    const rows = (await (await fetch(`${url}/_local/waitlist`)).json()) as Array<{ email: string }>;
    const stored = new Set(rows.map((r) => r.email));
    expect(rows.length).toBe(stored.size); // nothing doubled
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]); // nothing acknowledged was lost
    // Anything stored beyond the acknowledged was in flight at the kill (stored, answer lost).
    expect(rows.length - acknowledged.length).toBeLessThanOrEqual(12);

    second.kill("SIGINT");
    await exited(second);
    expect(second.exitCode).toBe(0);
  }, 180_000);
});
