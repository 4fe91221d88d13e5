// The confirmation mail's launch line (lib/resend.ts), npm run test:deno.
import * as assert from "../_shared/test_assert.ts";
import { confirmationText, readResendConfig } from "./lib/resend.ts";

const LINK = "https://rwaatlas.com/confirm?token=abc";

Deno.test("before the target has passed, the mail names it", () => {
  const text = confirmationText("RWA Atlas", LINK, "Q1 2026", new Date("2026-01-15T00:00:00Z"));
  assert.match(text, /early access when it launches \(target: Q1 2026\)\./);
});

Deno.test("once the target has passed, the mail says 'opening soon' and names no date", () => {
  const text = confirmationText("RWA Atlas", LINK, "Q1 2026", new Date("2026-11-25T00:00:00Z"));
  assert.match(text, /early access when it launches \(opening soon\)\./);
  assert.ok(!text.includes("2026"), text);
});

Deno.test("WAITLIST_LAUNCH_TARGET sets the mail's target; unset, the spec's default is used", () => {
  const base = { RESEND_API_KEY: "re_x", RESEND_AUDIENCE_ID: "aud", WAITLIST_FROM: "a@b.co" };
  const get = (values: Record<string, string>) => (name: string) => values[name];
  assert.equal(readResendConfig(get({ ...base, WAITLIST_LAUNCH_TARGET: " Q3 2027 " }))?.launchTarget, "Q3 2027");
  assert.equal(readResendConfig(get(base))?.launchTarget, undefined);
  const future = confirmationText("RWA Atlas", LINK, undefined, new Date("2026-02-01T00:00:00Z"));
  assert.match(future, /\(target: Q1 2026\)/);
});

Deno.test(
  "the consent mail for a legacy single-opt-in address says why it comes, and promises nothing it cannot keep",
  () => {
    const text = confirmationText("RWA Atlas", LINK, "Q3 2027", new Date("2026-11-25T00:00:00Z"), "reconsent");
    assert.match(text, /^You joined the RWA Atlas waitlist before we asked every address to confirm it\./);
    assert.ok(text.includes(`\n${LINK}\n`), text);
    assert.ok(!text.includes("won't hear from us again"), text);
    assert.match(
      confirmationText("RWA Atlas", LINK, "Q3 2027", new Date("2026-11-25T00:00:00Z")),
      /^Thanks for joining/,
    );
  },
);
