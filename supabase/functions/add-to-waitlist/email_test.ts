// normalizeEmail (lib/email.ts): look-alike and invisible characters (issue 30, item 4), through
// handler.ts. npm run test:deno.
import * as assert from "../_shared/test_assert.ts";
import { handleRequest } from "./handler.ts";
import { INVALID_EMAIL_MESSAGE, normalizeEmail } from "./lib/email.ts";
import { expectJson, post, setup } from "./test_deps.ts";

const LOOK_ALIKES: Array<[string, string]> = [
  ["a full-width g", "ada@\uff47mail.com"],
  ["a zero-width space after it", "ada@gmail.com\u200b"],
  ["a zero-width space inside", "ada\u200b@gmail.com"],
  ["a Cyrillic а", "\u0430da@gmail.com"],
  ["a Kelvin sign, which lower-cases to k", "\u212aate@example.com"],
  ["a soft hyphen", "ada@gm\u00adail.com"],
  ["a right-to-left mark", "ada@gmail.com\u200f"],
  ["a byte-order mark inside", "ada@gm\ufeffail.com"],
  ["an accented letter", "adà@example.com"],
];

for (const [what, email] of LOOK_ALIKES) {
  Deno.test(`an address with ${what} answers 400 with the spec's message and stores nothing`, async () => {
    const t = setup();
    await expectJson(await handleRequest(post({ email }), t.deps), 400, { error: INVALID_EMAIL_MESSAGE });
    await t.settle();
    assert.equal(t.rows.size, 0);
    assert.equal(t.sent.length, 0);
  });
}

Deno.test("the real address, and its punycode domain form, are still accepted", () => {
  assert.deepEqual(normalizeEmail(" Ada@Gmail.com "), { ok: true, email: "ada@gmail.com" });
  assert.deepEqual(normalizeEmail("ada@xn--mller-kva.de"), { ok: true, email: "ada@xn--mller-kva.de" });
});
