// Look-alike addresses (issue 30, item 4) through the local API (the very handler.ts the Edge
// Function deploys, over PGlite): refused with the spec's message, nothing stored; and the table
// refuses them as a second wall (20261127100300_waitlist_ascii_addresses.sql).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalApi } from "../../local-api/server.ts";
import { INVALID_EMAIL_MESSAGE } from "../../supabase/functions/add-to-waitlist/lib/email.ts";
import { startSnapshotApi } from "./snapshot.ts";

let api: LocalApi;
beforeAll(async () => {
  api = await startSnapshotApi();
});
afterAll(async () => {
  await api?.close();
});

const LOOK_ALIKES = [
  ["a full-width g", "ada@\uff47mail.com"],
  ["a zero-width space after it", "ada@gmail.com\u200b"],
  ["a Cyrillic а", "\u0430da@gmail.com"],
] as const;

describe("look-alike addresses", () => {
  it.each(LOOK_ALIKES)("refuses an address with %s beside the real one, with the spec's message", async (_, email) => {
    const signup = (address: string) =>
      fetch(`${api.url}/functions/v1/add-to-waitlist`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: address }),
      });
    expect((await signup("ada@gmail.com")).status).toBe(200);
    const refused = await signup(email);
    expect([refused.status, await refused.json()]).toEqual([400, { error: INVALID_EMAIL_MESSAGE }]);
    await api.settled();
    const rows = (await (await fetch(`${api.url}/_local/waitlist`)).json()) as Array<{ email: string }>;
    expect(rows.map((row) => row.email)).toEqual(["ada@gmail.com"]);
  });

  it.each(LOOK_ALIKES)("cannot be written to the table with %s either", async (_, email) => {
    await api.db.transaction(async (tx) => {
      await tx.exec("set local role service_role");
      await expect(
        tx.query("insert into public.waitlist (email, mailbox) values ($1, $1)", [email]),
      ).rejects.toMatchObject({ code: "23514", constraint: "waitlist_email_ascii_check" });
      await tx.rollback();
    });
  });
});
