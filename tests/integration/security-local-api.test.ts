// The local API is a developer's tool on loopback, holding a demo service-role key: no web page the
// developer happens to visit may read it or drive it (CORS, DNS rebinding), and it does not listen
// beyond loopback unless told to.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLocalApiConfig } from "../../local-api/config.ts";
import { LOCAL_ANON_KEY } from "../../local-api/defaults.ts";
import { localOrigins } from "../../local-api/origins.ts";
import type { LocalApi } from "../../local-api/server.ts";
import { startSnapshotApi } from "./snapshot.ts";

let api: LocalApi;
beforeAll(async () => {
  api = await startSnapshotApi();
});
afterAll(async () => {
  await api?.close();
});

/** A raw request with any Host header (fetch() will not forge one). */
function raw(
  path: string,
  options: { method?: string; host?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: api.port,
          path,
          method: options.method ?? "GET",
          headers: { Host: options.host ?? `127.0.0.1:${api.port}`, ...options.headers },
        },
        (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on("error", reject);
      req.end(options.body);
    },
  );
}

const EVIL = "https://evil.example";

describe("/_local/*: never readable by a web page", () => {
  it("sends no CORS headers, and refuses any request that carries an Origin", async () => {
    const plain = await raw("/_local/waitlist");
    expect(plain.status).toBe(200);
    expect(Object.keys(plain.headers).filter((h) => h.startsWith("access-control-"))).toEqual([]);

    for (const origin of [EVIL, "http://127.0.0.1:5173", "null"]) {
      const fromPage = await raw("/_local/waitlist", { headers: { Origin: origin } });
      expect(fromPage.status, origin).toBe(404);
      expect(fromPage.headers["access-control-allow-origin"]).toBeUndefined();
      expect(fromPage.body).not.toContain("@");
    }
  });
});

describe("REST and function routes: the app's own origins only", () => {
  it("answers the dev, preview and e2e origins with their own origin, never '*'", async () => {
    for (const origin of [
      "http://127.0.0.1:5173",
      "http://localhost:5173",
      "http://127.0.0.1:4173",
      "http://localhost:4173",
    ]) {
      const response = await raw("/rest/v1/protocols?select=name&limit=1", {
        headers: { Origin: origin, apikey: LOCAL_ANON_KEY },
      });
      expect(response.status, origin).toBe(200);
      expect(response.headers["access-control-allow-origin"]).toBe(origin);
    }
  });

  it("refuses another site's page: no CORS headers, and a text/plain RPC (no preflight) is not run", async () => {
    const read = await raw("/rest/v1/protocols?select=name", { headers: { Origin: EVIL, apikey: LOCAL_ANON_KEY } });
    expect(read.status).toBe(403);
    expect(read.headers["access-control-allow-origin"]).toBeUndefined();

    const preflight = await raw("/rest/v1/rpc/waitlist_pending_sync", { method: "OPTIONS", headers: { Origin: EVIL } });
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();

    const rpc = await raw("/rest/v1/rpc/waitlist_pending_sync", {
      method: "POST",
      headers: { Origin: EVIL, "Content-Type": "text/plain", apikey: LOCAL_ANON_KEY },
      body: "{}",
    });
    expect(rpc.status).toBe(403);

    const signup = await raw("/functions/v1/add-to-waitlist", {
      method: "POST",
      headers: { Origin: EVIL, "Content-Type": "application/json" },
      body: JSON.stringify({ email: "drive-by@example.com" }),
    });
    expect(signup.status).toBe(403);
    expect(signup.headers["access-control-allow-origin"]).toBeUndefined();
    const rows = (await raw("/_local/waitlist")).body;
    expect(rows).not.toContain("drive-by@example.com");
  });

  it("allows the configured e2e and extra origins (E2E_APP_PORT, LOCAL_API_ALLOWED_ORIGINS)", () => {
    const origins = localOrigins({
      env: { E2E_APP_PORT: "4184", LOCAL_API_ALLOWED_ORIGINS: "http://127.0.0.1:9999, http://localhost:9998/" },
    });
    expect(origins).toEqual(
      expect.arrayContaining([
        "http://127.0.0.1:4184",
        "http://localhost:4184",
        "http://127.0.0.1:9999",
        "http://localhost:9998",
      ]),
    );
    expect(origins).not.toContain("*");
  });
});

describe("DNS rebinding: only this server's own loopback names", () => {
  it("refuses a Host that is not 127.0.0.1:<port> or localhost:<port>", async () => {
    for (const host of [
      "evil.example",
      `evil.example:${api.port}`,
      "127.0.0.1",
      `127.0.0.1:${api.port + 1}`,
      `localhost.evil.example:${api.port}`,
    ]) {
      for (const path of ["/_local/waitlist", "/rest/v1/protocols", "/functions/v1/add-to-waitlist", "/health"]) {
        const response = await raw(path, { host, headers: { apikey: LOCAL_ANON_KEY } });
        expect({ host, path, status: response.status }).toEqual({ host, path, status: 403 });
        expect(response.body).not.toContain("@example.com");
      }
    }
  });

  it("refuses a malformed Host (no URL can be built from it) with a JSON 400, running nothing", async () => {
    for (const host of ["evil example", "127.0.0.1:99999", `127.0.0.1:${api.port}/x`]) {
      const response = await raw("/_local/waitlist", { host });
      expect({ host, status: response.status, body: response.body }).toEqual({
        host,
        status: 400,
        body: JSON.stringify({ message: "Bad request" }),
      });
      expect(response.headers["x-local-api"]).toBe("rwa-atlas");
    }
  });

  it("serves 127.0.0.1:<port> and localhost:<port>", async () => {
    for (const host of [`127.0.0.1:${api.port}`, `localhost:${api.port}`, `LOCALHOST:${api.port}`]) {
      expect((await raw("/health", { host })).status, host).toBe(200);
    }
  });
});

describe("binding", () => {
  it("refuses a non-loopback address unless LOCAL_API_ALLOW_REMOTE=1", () => {
    for (const host of ["0.0.0.0", "::", "192.168.1.10"]) {
      expect(() => readLocalApiConfig({ LOCAL_API_HOST: host })).toThrow(
        /not a loopback address.*LOCAL_API_ALLOW_REMOTE=1/,
      );
      expect(readLocalApiConfig({ LOCAL_API_HOST: host, LOCAL_API_ALLOW_REMOTE: "1" }).host).toBe(host);
    }
    for (const host of ["127.0.0.1", "localhost", "::1", "127.0.0.2"])
      expect(readLocalApiConfig({ LOCAL_API_HOST: host }).host).toBe(host);
  });
});
