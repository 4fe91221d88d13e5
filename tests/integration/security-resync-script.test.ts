// npm run waitlist:resync against the local API, whose mailer is down at signup: it lists, sends
// the mails that did not go out (the console mailer prints them), asks legacy rows for consent,
// and refuses bad arguments.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalApi } from "../../local-api/server.ts";
import type { WaitlistMailer } from "../../supabase/functions/add-to-waitlist/lib/types.ts";
import { startSnapshotApi } from "./snapshot.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("npm run waitlist:resync against the local API", () => {
  let api: LocalApi;
  beforeAll(async () => {
    const down = () => Promise.reject(new Error("fetch failed"));
    const failing: WaitlistMailer = { name: "down", addContact: down, removeContact: down, sendConfirmation: down };
    api = await startSnapshotApi({
      mailer: failing,
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  function runScript(...args: string[]): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      const env: NodeJS.ProcessEnv = { ...process.env, LOCAL_API_PORT: String(api.port) };
      for (const name of ["SUPABASE_URL", "SUPABASE_SERVICE_ROLE_KEY", "RESEND_API_KEY", "WAITLIST_CONFIRM_URL"])
        delete env[name];
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/waitlist-resync.ts", ...args], {
        cwd: root,
        env,
      });
      let output = "";
      child.stdout.on("data", (c: Buffer) => (output += c.toString()));
      child.stderr.on("data", (c: Buffer) => (output += c.toString()));
      child.on("exit", (code) => resolve({ code, output }));
    });
  }

  it("lists, then sends the confirmation mails that did not go out, then finds nothing left", async () => {
    for (const email of ["s1@example.com", "s2@example.com"]) {
      const response = await fetch(`${api.url}/functions/v1/add-to-waitlist`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email }),
      });
      expect(response.status).toBe(200);
    }
    await api.settled();
    // Past the lease that protects a signup's own deferred send.
    await api.db.query("update public.waitlist set confirmation_requested_at = now() - interval '1 hour'");

    const dry = await runScript("--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.output).toContain("dry run: 2 row(s) to retry");
    expect(dry.output).not.toContain("s1@example.com"); // masked in output: s1***@example.com
    expect(dry.output).toContain("s1***@example.com  confirmation mail");

    const result = await runScript();
    expect(result.output).toContain("2 to retry: 2 done, 0 failed");
    expect(result.output).toContain("To:      s1@example.com"); // the console mailer's printed e-mail
    expect(result.output).toMatch(/http:\/\/127\.0\.0\.1:5173\/confirm#token=[A-Za-z0-9_-]{43}/);
    expect(result.code).toBe(0);
    const rows = (await (await fetch(`${api.url}/_local/waitlist`)).json()) as Array<{
      confirmation_sent_at: string | null;
      last_error: string | null;
    }>;
    expect(rows.map((r) => [r.confirmation_sent_at !== null, r.last_error])).toEqual([
      [true, null],
      [true, null],
    ]);

    const again = await runScript();
    expect([again.code, again.output]).toEqual([0, expect.stringContaining("0 to retry: 0 done")]);
  }, 60_000);

  it("asks the legacy single-opt-in rows for consent: a dry run first, mails only with --send, the link confirms", async () => {
    // Rows as the hardening migration left them: synced under the old flow, counted as confirmed.
    for (const email of ["old1@example.com", "old2@example.com"])
      await api.db.query(
        `insert into public.waitlist (email, mailbox, confirmed_at, synced_at, confirmation_requested_at, confirmation_sent_at, single_opt_in)
         values ($1, $1, now() - interval '400 days', now() - interval '400 days', now() - interval '400 days', now() - interval '400 days', true)`,
        [email],
      );

    const dry = await runScript("--reconsent");
    expect(dry.code).toBe(0);
    expect(dry.output).toContain("reconsent dry run: 2 single-opt-in row(s) to ask for consent");
    expect(dry.output).toContain("ol***@example.com  confirmed");
    expect(dry.output).toContain("npm run waitlist:resync -- --reconsent --send");
    expect(dry.output).not.toContain("old1@example.com");
    expect(dry.output).not.toContain("To:");
    const untouched = await api.db.query(
      "select count(*)::int as n from public.waitlist where single_opt_in and reconsent_requested_at is null",
    );
    expect(untouched.rows).toEqual([{ n: 2 }]);

    const sent = await runScript("--reconsent", "--send");
    expect([sent.code, sent.output]).toEqual([0, expect.stringContaining("reconsent: 2 due: 2 asked, 0 failed")]);
    expect(sent.output).toContain("To:      old1@example.com");
    expect(sent.output).toContain("You joined the RWA Atlas waitlist before we asked every address to confirm it.");
    // Asked once: a second run finds nobody to ask.
    expect((await runScript("--reconsent")).output).toContain("0 single-opt-in row(s)");

    const token = /To: {6}old1@example\.com[\s\S]*?#token=([A-Za-z0-9_-]{43})/.exec(sent.output)![1]!;
    const answer = await fetch(`${api.url}/functions/v1/add-to-waitlist/confirm`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token }),
    });
    expect(await answer.json()).toEqual({ status: "confirmed" });
    const rows = await api.db.query<{ email: string; single_opt_in: boolean }>(
      "select email, single_opt_in from public.waitlist where email like 'old%' order by email",
    );
    expect(rows.rows).toEqual([
      { email: "old1@example.com", single_opt_in: false },
      { email: "old2@example.com", single_opt_in: true },
    ]);
    await api.settled();
  }, 60_000);

  it("refuses --send without --reconsent", async () => {
    const bad = await runScript("--send");
    expect([bad.code, bad.output]).toEqual([2, expect.stringContaining("--send goes with --reconsent")]);
  });

  it("exits 2 with a readable message on a bad argument", async () => {
    const bad = await runScript("--limit", "0");
    expect(bad.code).toBe(2);
    expect(bad.output).toContain("--limit must be an integer from 1 to 1000");
  });
});
