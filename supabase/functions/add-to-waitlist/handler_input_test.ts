// handler.ts's answers to what a request may get wrong (npm run test:deno): the address, the body,
// its size and type, the method, CORS and the allowed origins.
import * as assert from "../_shared/test_assert.ts";
import { handleRequest, MAX_BODY_BYTES, MESSAGES } from "./handler.ts";
import { INVALID_EMAIL_MESSAGE } from "./lib/email.ts";
import { expectJson, post, setup } from "./test_deps.ts";

Deno.test("display-name forms and anything but a bare address answer 400 and store nothing", async () => {
  const t = setup();
  for (const email of [
    "x<victim@example.com>",
    "Name <a@example.com>",
    "<a@example.com>",
    "a@example.com, b@example.com",
    "a@example.com;b@example.com",
    '"quoted"@example.com',
    "a(comment)@example.com",
    "a@[127.0.0.1]",
    "a\\b@example.com",
    "a:b@example.com",
  ]) {
    await expectJson(await handleRequest(post({ email }), t.deps), 400, { error: INVALID_EMAIL_MESSAGE });
  }
  assert.equal(t.rows.size, 0);
  assert.equal(t.attempts.length, 0);
});

Deno.test("invalid e-mails answer 400 with a JSON error and store nothing", async () => {
  const t = setup();
  const invalid: unknown[] = [
    undefined,
    "",
    "   ",
    42,
    "plainaddress",
    "two@@example.com",
    "a@b@example.com",
    "nodot@localhost",
    "trailing@example.",
    "@example.com",
    "spa ce@example.com",
    "tab\t@example.com",
    `${"a".repeat(250)}@x.io`,
    `${"a".repeat(65)}@example.com`,
  ];
  for (const email of invalid) {
    await expectJson(await handleRequest(post({ email }), t.deps), 400, { error: INVALID_EMAIL_MESSAGE });
  }
  assert.equal(t.rows.size, 0);
});

Deno.test("an address of exactly 254 characters is accepted", async () => {
  const t = setup();
  const email = `${"a".repeat(64)}@${"b".repeat(185)}.com`;
  assert.equal(email.length, 254);
  assert.equal((await handleRequest(post({ email }), t.deps)).status, 200);
});

Deno.test("unknown sources are dropped, not rejected", async () => {
  const t = setup();
  assert.equal((await handleRequest(post({ email: "d@example.com", source: "<script>" }), t.deps)).status, 200);
  assert.equal(t.rows.get("d@example.com")?.source, null);
});

Deno.test("bad JSON or a non-object body answers 400", async () => {
  const t = setup();
  for (const raw of ["{", "", "null", "[]", '"ada@example.com"', "42", "\uFFFE"]) {
    await expectJson(await handleRequest(post(null, { raw }), t.deps), 400, { error: MESSAGES.badJson });
  }
  const invalidUtf8 = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]);
  await expectJson(await handleRequest(post(null, { raw: invalidUtf8 }), t.deps), 400, { error: MESSAGES.badJson });
});

Deno.test("a body over 1 KB answers 413, with or without Content-Length", async () => {
  const t = setup();
  const big = JSON.stringify({ email: "e@example.com", pad: "x".repeat(MAX_BODY_BYTES) });
  await expectJson(await handleRequest(post(null, { raw: big }), t.deps), 413, { error: MESSAGES.tooLarge });

  // Streamed body: no Content-Length, size only known while reading.
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < 8; i++) controller.enqueue(new TextEncoder().encode("x".repeat(200)));
      controller.close();
    },
  });
  const streamed = post(null, { raw: stream });
  assert.equal(streamed.headers.get("content-length"), null);
  await expectJson(await handleRequest(streamed, t.deps), 413, { error: MESSAGES.tooLarge });

  // Bytes, not characters: 510 "é" are 1,020 bytes of UTF-8 in a string shorter than 1,024.
  const multibyte = JSON.stringify({ email: "e@example.com", pad: "é".repeat(510) });
  assert.ok(multibyte.length < MAX_BODY_BYTES && new TextEncoder().encode(multibyte).byteLength > MAX_BODY_BYTES);
  assert.equal((await handleRequest(post(null, { raw: multibyte }), t.deps)).status, 413);
  assert.equal(t.rows.size, 0);
});

Deno.test("a non-JSON content type answers 415", async () => {
  const t = setup();
  for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/jsonp"]) {
    const req = post({ email: "e@example.com" }, { headers: { "Content-Type": type } });
    await expectJson(await handleRequest(req, t.deps), 415, { error: MESSAGES.unsupportedMediaType });
  }
  const charset = post({ email: "e@example.com" }, { headers: { "Content-Type": "application/json; charset=utf-8" } });
  assert.equal((await handleRequest(charset, t.deps)).status, 200);
});

Deno.test("other methods answer 405 with Allow", async () => {
  const t = setup();
  for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
    const response = await handleRequest(new Request("http://localhost/", { method }), t.deps);
    assert.equal(response.headers.get("allow"), "POST, OPTIONS");
    await expectJson(response, 405, { error: MESSAGES.methodNotAllowed });
  }
});

Deno.test("CORS preflight answers 204 with the headers supabase-js needs", async () => {
  const t = setup();
  const response = await handleRequest(
    new Request("http://localhost/", { method: "OPTIONS", headers: { Origin: "https://rwaatlas.com" } }),
    t.deps,
  );
  assert.equal(response.status, 204);
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  assert.match(
    response.headers.get("access-control-allow-headers") ?? "",
    /authorization.*x-client-info.*apikey.*content-type.*x-turnstile-token/,
  );
  assert.match(response.headers.get("access-control-allow-methods") ?? "", /POST/);
});

Deno.test("ALLOWED_ORIGINS: listed origins are echoed, others refused with 403", async () => {
  const t = setup({ allowedOrigins: ["https://rwaatlas.com"] });
  const ok = await handleRequest(
    post({ email: "o@example.com" }, { headers: { Origin: "https://rwaatlas.com" } }),
    t.deps,
  );
  assert.equal(ok.status, 200);
  assert.equal(ok.headers.get("access-control-allow-origin"), "https://rwaatlas.com");
  assert.equal(ok.headers.get("vary"), "Origin");

  const evil = await handleRequest(
    post({ email: "p@example.com" }, { headers: { Origin: "https://evil.test" } }),
    t.deps,
  );
  assert.equal(evil.status, 403);
  assert.equal(evil.headers.get("access-control-allow-origin"), null);
  assert.deepEqual(await evil.json(), { error: MESSAGES.originNotAllowed });
  assert.equal(t.rows.has("p@example.com"), false);
});
