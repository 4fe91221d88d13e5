// The deployed function's configuration checks (lib/edge-config.ts), npm run test:deno.
import * as assert from "../_shared/test_assert.ts";
import { readEdgeConfig, refusingHandler } from "./lib/edge-config.ts";
import type { Logger } from "./lib/types.ts";

const env = (values: Record<string, string>) => (name: string) => values[name];
const GOOD = { ALLOWED_ORIGINS: "https://rwaatlas.com", WAITLIST_CONFIRM_URL: "https://rwaatlas.com/confirm" };

Deno.test("a complete configuration is accepted as is", () => {
  const result = readEdgeConfig(env(GOOD));
  assert.deepEqual(result, {
    ok: true,
    config: { allowedOrigins: ["https://rwaatlas.com"], confirmUrl: "https://rwaatlas.com/confirm" },
    warnings: [],
  });
});

Deno.test("ALLOWED_ORIGINS unset or blank is refused, never read as '*'", () => {
  for (const value of [undefined, "", "   ", " , "]) {
    const values: Record<string, string> = { WAITLIST_CONFIRM_URL: GOOD.WAITLIST_CONFIRM_URL };
    if (value !== undefined) values.ALLOWED_ORIGINS = value;
    const result = readEdgeConfig(env(values));
    assert.equal(result.ok, false, String(value));
    if (!result.ok) assert.match(result.problems.join(" "), /ALLOWED_ORIGINS is not set/);
  }
});

Deno.test("an explicit '*' is served, with a warning in the log", () => {
  const result = readEdgeConfig(env({ ...GOOD, ALLOWED_ORIGINS: "*" }));
  assert.equal(result.ok, true);
  if (result.ok) {
    assert.equal(result.config.allowedOrigins, "*");
    assert.match(result.warnings.join(" "), /any web site/);
  }
});

Deno.test("WAITLIST_CONFIRM_URL must be the https /confirm page", () => {
  for (const value of [undefined, "", "http://rwaatlas.com/confirm", "rwaatlas.com/confirm", "javascript:alert(1)"]) {
    const values: Record<string, string> = { ALLOWED_ORIGINS: GOOD.ALLOWED_ORIGINS };
    if (value !== undefined) values.WAITLIST_CONFIRM_URL = value;
    const result = readEdgeConfig(env(values));
    assert.equal(result.ok, false, String(value));
    if (!result.ok) assert.match(result.problems.join(" "), /WAITLIST_CONFIRM_URL/);
  }
});

Deno.test("a misconfigured function answers every request 503 without CORS, and logs why", async () => {
  const lines: Array<{ event: string; detail: unknown }> = [];
  const log: Logger = {
    info() {},
    warn() {},
    error: (event, fields = {}) => lines.push({ event, detail: fields.detail }),
  };
  const result = readEdgeConfig(env({}));
  assert.equal(result.ok, false);
  if (result.ok) return;
  const handler = refusingHandler(result.problems, log);
  assert.equal(lines.length, 1);
  assert.match(String(lines[0]!.detail), /ALLOWED_ORIGINS is not set.*WAITLIST_CONFIRM_URL is not set/);
  const response = handler(
    new Request("https://x.supabase.co/functions/v1/add-to-waitlist", {
      method: "POST",
      headers: { Origin: "https://evil.test" },
    }),
  );
  assert.equal(response.status, 503);
  assert.equal(response.headers.get("access-control-allow-origin"), null);
  assert.deepEqual(await response.json(), { error: "The waitlist is not configured." });
  assert.equal(lines.length, 2);
});
