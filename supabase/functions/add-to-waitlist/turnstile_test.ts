// lib/turnstile.ts against a stand-in for Cloudflare's Siteverify (npm run test:deno).
import * as assert from "../_shared/test_assert.ts";
import {
  announceBotCheck,
  ChallengeUnavailableError,
  createTurnstileChallenge,
  readTurnstileConfig,
  SITEVERIFY_URL,
  TURNSTILE_ACTION,
} from "./lib/turnstile.ts";

type Call = { url: string; body: Record<string, unknown> };

function siteverify(answer: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchImpl = async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
    return await answer();
  };
  return { calls, fetchImpl };
}

const passing =
  (extra: Record<string, unknown> = {}) =>
  () =>
    Response.json({ success: true, "error-codes": [], action: TURNSTILE_ACTION, hostname: "rwaatlas.com", ...extra });

const config = { secret: "0x4AAAAAAA-secret", hostnames: ["rwaatlas.com"] };

Deno.test("sends the secret, the token and the visitor's address to Siteverify, and passes its yes", async () => {
  const { calls, fetchImpl } = siteverify(passing());
  const challenge = createTurnstileChallenge(config, fetchImpl);
  assert.deepEqual(await challenge.verify("tok", "203.0.113.7"), { ok: true });
  assert.deepEqual(calls, [
    { url: SITEVERIFY_URL, body: { secret: config.secret, response: "tok", remoteip: "203.0.113.7" } },
  ]);
  await challenge.verify("tok", null);
  assert.deepEqual(calls[1]!.body, { secret: config.secret, response: "tok" });
});

Deno.test(
  "refuses Siteverify's no, another form's or another site's token, and an empty or oversized one",
  async () => {
    const refusals: Array<[string, () => Response]> = [
      ["no", () => Response.json({ success: false, "error-codes": ["timeout-or-duplicate"] })],
      ["another form", passing({ action: "login" })],
      ["another site", passing({ hostname: "evil.example" })],
    ];
    for (const [what, answer] of refusals) {
      const { fetchImpl } = siteverify(answer);
      const result = await createTurnstileChallenge(config, fetchImpl).verify("tok", null);
      assert.equal(result.ok, false, what);
    }
    const { calls, fetchImpl } = siteverify(passing());
    const challenge = createTurnstileChallenge(config, fetchImpl);
    assert.equal((await challenge.verify("", null)).ok, false);
    assert.equal((await challenge.verify("x".repeat(2049), null)).ok, false);
    assert.equal(calls.length, 0);
    assert.equal((await challenge.verify("x".repeat(2048), null)).ok, true);
    // No allowed origins listed ("*"): any hostname.
    const anyHost = createTurnstileChallenge(
      { ...config, hostnames: [] },
      siteverify(passing({ hostname: "x.io" })).fetchImpl,
    );
    assert.equal((await anyHost.verify("tok", null)).ok, true);
  },
);

Deno.test("an unreachable, failing, slow or unreadable Siteverify is an error, never a pass", async () => {
  const answers: Array<() => Response | Promise<Response>> = [
    () => Promise.reject(new TypeError("fetch failed")),
    () => new Response("upstream error", { status: 502 }),
    () => new Response("<html>challenge</html>", { status: 200 }),
    () => Response.json({ hello: "world" }),
    () => new Promise<Response>(() => {}),
  ];
  for (const answer of answers) {
    const { fetchImpl } = siteverify(answer);
    let caught: unknown = null;
    try {
      await createTurnstileChallenge(config, fetchImpl, 30).verify("tok", null);
    } catch (error) {
      caught = error;
    }
    assert.ok(caught instanceof ChallengeUnavailableError, `expected an error, got ${String(caught)}`);
  }
});

Deno.test("TURNSTILE_SECRET_KEY turns the challenge on, with the allowed origins' hostnames", () => {
  assert.equal(
    readTurnstileConfig(() => undefined, ["https://rwaatlas.com"]),
    null,
  );
  assert.equal(
    readTurnstileConfig(() => "  ", ["https://rwaatlas.com"]),
    null,
  );
  assert.deepEqual(
    readTurnstileConfig(
      (name) => (name === "TURNSTILE_SECRET_KEY" ? " s3cret " : undefined),
      ["https://rwaatlas.com", "https://www.rwaatlas.com:8443"],
    ),
    { secret: "s3cret", hostnames: ["rwaatlas.com", "www.rwaatlas.com"] },
  );
  assert.deepEqual(
    readTurnstileConfig(() => "s3cret", "*"),
    { secret: "s3cret", hostnames: [] },
  );
});

Deno.test("says at start, as an error line, when the function runs without a bot check; and when it has one", () => {
  const lines: Array<{ level: string; event: string; fields: Record<string, unknown> }> = [];
  const log = {
    info: (event: string, fields: Record<string, unknown> = {}) => lines.push({ level: "info", event, fields }),
    warn: (event: string, fields: Record<string, unknown> = {}) => lines.push({ level: "warn", event, fields }),
    error: (event: string, fields: Record<string, unknown> = {}) => lines.push({ level: "error", event, fields }),
  };
  announceBotCheck(
    readTurnstileConfig(() => undefined, ["https://rwaatlas.com"]),
    log,
  );
  assert.equal(lines.length, 1);
  assert.equal(lines[0]!.level, "error");
  assert.equal(lines[0]!.event, "waitlist.bot_check_off");
  assert.match(String(lines[0]!.fields.detail), /^RUNNING WITHOUT A BOT CHECK: TURNSTILE_SECRET_KEY is not set/);
  assert.match(String(lines[0]!.fields.detail), /README, Deploy/);

  lines.length = 0;
  announceBotCheck(
    readTurnstileConfig(() => "0x4AAAAAAA-secret", ["https://rwaatlas.com"]),
    log,
  );
  assert.deepEqual(lines, [{ level: "info", event: "waitlist.bot_check_on", fields: { hostnames: "rwaatlas.com" } }]);
});
