// npm run deploy:check (issue 30, item 7) against saved Management API responses
// (saved-responses.json: a project deployed as the README says). Every setting it checks is
// broken once, and the command itself runs end to end against a stand-in API on loopback.
import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkHostedProject,
  CRON_QUERY,
  ManagementApiError,
  type ApiAnswer,
  type ManagementApi,
} from "./check-hosted.ts";
import { expectedSettings, REQUIRED_SECRETS } from "./expected.ts";

const root = new URL("../../", import.meta.url);
const saved = JSON.parse(readFileSync(new URL("saved-responses.json", import.meta.url), "utf8")) as Record<
  string,
  ApiAnswer
> & {
  ref: string;
};
const REF = saved.ref;
const expected = expectedSettings(root);

/** The saved responses, one of them changed by `change` (a deep copy each time). */
function api(change: (responses: Record<string, ApiAnswer>) => void = () => {}): ManagementApi & { calls: string[] } {
  const responses = structuredClone(saved) as Record<string, ApiAnswer>;
  change(responses);
  const calls: string[] = [];
  const fn = async (method: string, path: string, body?: unknown) => {
    calls.push(`${method} ${path}${body ? ` ${JSON.stringify(body)}` : ""}`);
    const answer = responses[`${method} ${path.replace(`/v1/projects/${REF}`, "")}`];
    return answer ?? { status: 404, body: { message: "Not found" } };
  };
  return Object.assign(fn, { calls });
}
const differences = async (change: (responses: Record<string, ApiAnswer>) => void) =>
  (await checkHostedProject(api(change), REF, expected)).filter((f) => !f.ok).map((f) => `${f.what}: ${f.detail}`);
const body = (responses: Record<string, ApiAnswer>, key: string) =>
  responses[key]!.body as Array<Record<string, unknown>>;

describe("what the repository expects", () => {
  it("reads the functions, their verify_jwt and the scheduled ones from supabase/", () => {
    expect(expected.functions).toEqual([
      { slug: "add-to-waitlist", verifyJwt: false },
      { slug: "refresh-protocols", verifyJwt: false },
      { slug: "waitlist-resync", verifyJwt: false },
    ]);
    expect(expected.scheduled).toEqual(["refresh-protocols", "waitlist-resync"]);
  });

  it("asks only for secrets a function reads, the bot check's among them", () => {
    const sources = readdirSync(new URL("supabase/functions/", root), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts") && !file.endsWith("_test.ts"))
      .map((file) => readFileSync(new URL(`supabase/functions/${file}`, root), "utf8"))
      .join("\n");
    for (const name of REQUIRED_SECRETS)
      expect({ name, read: sources.includes(`"${name}"`) }).toEqual({ name, read: true });
    expect(REQUIRED_SECRETS).toContain("TURNSTILE_SECRET_KEY");
  });
});

describe("checkHostedProject against the saved responses", () => {
  it("finds nothing to fix in a project deployed as the README says, and only reads", async () => {
    const management = api();
    const findings = await checkHostedProject(management, REF, expected);
    expect(findings.filter((f) => !f.ok)).toEqual([]);
    expect(findings.map((f) => f.what)).toEqual([
      "auth",
      "function add-to-waitlist",
      "function refresh-protocols",
      "function waitlist-resync",
      ...REQUIRED_SECRETS.map((name) => `secret ${name}`),
      "cron job for refresh-protocols",
      "cron job for waitlist-resync",
    ]);
    expect(management.calls).toEqual([
      `GET /v1/projects/${REF}/config/auth`,
      `GET /v1/projects/${REF}/functions`,
      `GET /v1/projects/${REF}/secrets`,
      `POST /v1/projects/${REF}/database/query ${JSON.stringify({ query: CRON_QUERY, read_only: true })}`,
    ]);
  });

  it("flags sign-ups left on", async () => {
    expect(
      await differences((r) => ((r["GET /config/auth"]!.body as Record<string, unknown>).disable_signup = false)),
    ).toEqual([expect.stringMatching(/^auth: sign-ups are ON \(disable_signup is false\)/)]);
  });

  it("flags a function whose gateway checks JWTs, one not deployed or not active, and one not in the repository", async () => {
    expect(await differences((r) => (body(r, "GET /functions")[2]!.verify_jwt = true))).toEqual([
      expect.stringMatching(/^function waitlist-resync: verify_jwt is true, supabase\/config\.toml says false/),
    ]);
    expect(await differences((r) => body(r, "GET /functions").splice(0, 1))).toEqual([
      "function add-to-waitlist: not deployed",
    ]);
    expect(await differences((r) => (body(r, "GET /functions")[1]!.status = "THROTTLED"))).toEqual([
      "function refresh-protocols: status THROTTLED, not ACTIVE",
    ]);
    expect(
      await differences((r) =>
        body(r, "GET /functions").push({ slug: "hello-world", status: "ACTIVE", verify_jwt: false }),
      ),
    ).toEqual(["function hello-world: deployed but not in supabase/functions: delete it"]);
  });

  it("flags a missing bot-check secret, and any other missing secret", async () => {
    const without = (name: string) => (r: Record<string, ApiAnswer>) => {
      r["GET /secrets"]!.body = body(r, "GET /secrets").filter((s) => s.name !== name);
    };
    expect(await differences(without("TURNSTILE_SECRET_KEY"))).toEqual([
      "secret TURNSTILE_SECRET_KEY: not set: signups have NO bot check (README, Deploy)",
    ]);
    expect(await differences(without("WAITLIST_RESYNC_SECRET"))).toEqual([
      "secret WAITLIST_RESYNC_SECRET: not set (README, Deploy: supabase secrets set)",
    ]);
  });

  it("flags a schedule that is missing, paused, aimed at another project, or holds its secret in clear", async () => {
    const jobs = (r: Record<string, ApiAnswer>) => body(r, "POST /database/query");
    expect(await differences((r) => jobs(r).splice(1, 1))).toEqual([
      `cron job for waitlist-resync: no job POSTs to https://${REF}.supabase.co/functions/v1/waitlist-resync (README, Deploy)`,
    ]);
    expect(await differences((r) => (jobs(r)[0]!.active = false))).toEqual([
      "cron job for refresh-protocols: job refresh-protocols-daily is not active",
    ]);
    expect(
      await differences(
        (r) => (jobs(r)[0]!.command = String(jobs(r)[0]!.command).replace(REF, "otherprojectrefxxxxx")),
      ),
    ).toEqual([expect.stringMatching(/^cron job for refresh-protocols: no job POSTs to/)]);
    expect(
      await differences(
        (r) =>
          (jobs(r)[1]!.command = String(jobs(r)[1]!.command).replace(
            /'Bearer ' \|\| \(select[^)]*\)/,
            `'Bearer ${"a1".repeat(32)}'`,
          )),
      ),
    ).toEqual([expect.stringMatching(/^cron job for waitlist-resync: job waitlist-resync holds its secret in clear/)]);
    expect(
      await differences(
        (r) => (r["POST /database/query"] = { status: 400, body: { message: 'relation "cron.job" does not exist' } }),
      ),
    ).toEqual(['cron: cron.job could not be read (400: relation "cron.job" does not exist); is pg_cron enabled?']);
  });

  it("stops with a readable error when the token is refused or the project does not exist", async () => {
    await expect(
      checkHostedProject(
        api((r) => (r["GET /config/auth"] = { status: 401, body: { message: "Unauthorized" } })),
        REF,
        expected,
      ),
    ).rejects.toThrow(
      new ManagementApiError(
        `the Management API refused the token (401 on /v1/projects/${REF}/config/auth): check SUPABASE_ACCESS_TOKEN`,
      ),
    );
    await expect(checkHostedProject(api(), "zzzzzzzzzzzzzzzzzzzz", expected)).rejects.toThrow(/no such project \(404/);
  });
});

describe("npm run deploy:check, end to end against a stand-in Management API", () => {
  let server: Server;
  let url = "";
  let responses = structuredClone(saved) as Record<string, ApiAnswer>;
  const tokens: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      tokens.push(req.headers.authorization ?? "");
      const answer = responses[`${req.method} ${req.url?.replace(`/v1/projects/${REF}`, "")}`] ?? {
        status: 404,
        body: {},
      };
      req.resume();
      req.on("end", () =>
        res.writeHead(answer.status, { "Content-Type": "application/json" }).end(JSON.stringify(answer.body)),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  function run(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/deploy-check.ts"], {
        cwd: fileURLToPath(root),
        env: { PATH: process.env.PATH ?? "", SUPABASE_API_URL: url, ...env },
      });
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.on("close", (code) => resolve({ code, out }));
    });
  }
  const TOKEN = "sbp_0123456789abcdef0123456789abcdef01234567";

  it("exits 0 when the project matches, 1 on a difference, 2 without a token; never prints the token", async () => {
    responses = structuredClone(saved) as Record<string, ApiAnswer>;
    const good = await run({ SUPABASE_ACCESS_TOKEN: TOKEN, SUPABASE_PROJECT_REF: REF });
    expect(good.code).toBe(0);
    expect(good.out).toContain("[deploy:check] the hosted project matches the repository");
    expect(tokens.every((t) => t === `Bearer ${TOKEN}`)).toBe(true);

    (responses["GET /secrets"]!.body as Array<{ name: string }>).splice(
      (responses["GET /secrets"]!.body as Array<{ name: string }>).findIndex((s) => s.name === "TURNSTILE_SECRET_KEY"),
      1,
    );
    const bad = await run({ SUPABASE_ACCESS_TOKEN: TOKEN, SUPABASE_PROJECT_REF: REF });
    expect(bad.code).toBe(1);
    expect(bad.out).toContain("DIFF  secret TURNSTILE_SECRET_KEY: not set: signups have NO bot check");
    expect(bad.out).toContain("1 difference(s)");

    const none = await run({ SUPABASE_PROJECT_REF: REF });
    expect(none.code).toBe(2);
    expect(none.out).toContain("SUPABASE_ACCESS_TOKEN is not set");
    for (const output of [good.out, bad.out]) expect(output).not.toContain(TOKEN);
  });
});
