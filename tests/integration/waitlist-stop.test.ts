// The "This wasn't me: stop" link in SQL (waitlist_stop, 20261127100200_waitlist_stop.sql,
// issue 30 item 2): one press stops every mail to the mailbox, for good, and takes it off the list.
import { describe, expect, it } from "vitest";
import { snapshotDatabase } from "./database-helpers.ts";
import {
  asService,
  claim,
  confirmStatus,
  dayLater,
  hash,
  mailboxRows,
  pendingFor,
  signup,
  unique,
} from "./waitlist-db.ts";

const snapshot = snapshotDatabase();

type Tx = Parameters<Parameters<typeof asService>[1]>[0];
const stop = async (tx: Tx, token: string) =>
  (await tx.query<{ status: string; remove: string[] }>("select * from public.waitlist_stop($1)", [token])).rows[0];

describe("waitlist_stop", () => {
  it("stops every mail to the mailbox: its held mail, its links, and any later signup of any spelling", async () => {
    await asService(snapshot, async (tx) => {
      expect((await signup(tx, "vic+x@example.com", hash("1"))).outcome).toBe("send");
      expect((await signup(tx, "vic@example.com", hash("2"))).outcome).toBe("none");
      expect(await stop(tx, hash("1"))).toEqual({ status: "stopped", remove: [] });

      expect(await mailboxRows(tx, "vic@example.com")).toEqual([
        { email: "vic+x@example.com", held: false, linked: true },
        { email: "vic@example.com", held: false, linked: false },
      ]);
      expect(await confirmStatus(tx, hash("1"))).toBe("expired");
      for (const email of ["vic@example.com", "vic+y@example.com", "vic+x@example.com"])
        expect((await signup(tx, email, unique())).outcome).toBe("none");
      // Nothing new stored or held, nothing due, nothing the resync may claim, even after the mailbox's day.
      expect(await mailboxRows(tx, "vic@example.com")).toEqual([
        { email: "vic+x@example.com", held: false, linked: true },
        { email: "vic@example.com", held: false, linked: false },
      ]);
      await dayLater(tx, "vic@example.com");
      expect(await pendingFor(tx, "vic", 0)).toEqual([]);
      expect(await claim(tx, "vic+x@example.com", unique())).toBe(false);
      expect(await claim(tx, "vic@example.com", unique())).toBe(false);
      // The link still says so when pressed again.
      expect(await stop(tx, hash("1"))).toEqual({ status: "stopped", remove: [] });
    });
  });

  it("takes a mailbox that was on the list off it, and the resync removes it from the audience", async () => {
    await asService(snapshot, async (tx) => {
      expect((await signup(tx, "joined@example.com", hash("3"))).outcome).toBe("send");
      expect(await confirmStatus(tx, hash("3"))).toBe("confirmed");
      await tx.query("select public.waitlist_record_sync('joined@example.com', null)");
      expect(await pendingFor(tx, "joined")).toEqual([]);

      expect(await stop(tx, hash("3"))).toEqual({ status: "stopped", remove: ["joined@example.com"] });
      expect(
        (
          await tx.query(
            "select confirmed_at, synced_at is not null as in_audience from public.waitlist where email = 'joined@example.com'",
          )
        ).rows,
      ).toEqual([{ confirmed_at: null, in_audience: true }]);
      // Until the removal is recorded the resync has it to do, and retries it after a failure.
      expect(await pendingFor(tx, "joined")).toEqual([["joined@example.com", "remove"]]);
      await tx.query("select public.waitlist_record_removal('joined@example.com', 'Resend answered 500')");
      expect(
        (await tx.query("select attempts, last_error from public.waitlist where email = 'joined@example.com'")).rows,
      ).toEqual([{ attempts: 2, last_error: "Resend answered 500" }]);
      expect(await pendingFor(tx, "joined")).toEqual([["joined@example.com", "remove"]]);
      await tx.query("select public.waitlist_record_removal('joined@example.com', null)");
      expect(await pendingFor(tx, "joined")).toEqual([]);
      expect(await confirmStatus(tx, hash("3"))).toBe("expired");
    });
  });

  it("keeps only the mailbox's SHA-256, and answers 'invalid' for a token no row holds", async () => {
    await asService(snapshot, async (tx) => {
      await signup(tx, "private+tag@example.com", hash("4"));
      await stop(tx, hash("4"));
      const kept = await tx.query<{ mailbox_sha256: string }>(
        "select mailbox_sha256 from public.waitlist_stopped_mailboxes where mailbox_sha256 = encode(sha256('private@example.com'), 'hex')",
      );
      expect(kept.rows).toHaveLength(1);
      expect(JSON.stringify((await tx.query("select * from public.waitlist_stopped_mailboxes")).rows)).not.toContain(
        "private",
      );
      expect(await stop(tx, hash("5"))).toEqual({ status: "invalid", remove: [] });
    });
  });
});

describe("the waitlist's tables and functions, this pass's included", () => {
  it("are service_role only: RLS on, no privilege and no EXECUTE for anon or authenticated, invoker with an empty search_path", async () => {
    const tables = await snapshot.db.query<{ relname: string; rls: boolean; anon: boolean; authenticated: boolean }>(
      `select relname, relrowsecurity as rls,
              has_table_privilege('anon', oid, 'select, insert, update, delete') as anon,
              has_table_privilege('authenticated', oid, 'select, insert, update, delete') as authenticated
       from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' and relname like 'waitlist%'
       order by relname`,
    );
    expect(tables.rows.map((t) => t.relname)).toEqual(
      expect.arrayContaining(["waitlist", "waitlist_shared_mail_domains", "waitlist_stopped_mailboxes"]),
    );
    for (const table of tables.rows)
      expect(table).toEqual({ relname: table.relname, rls: true, anon: false, authenticated: false });

    const functions = await snapshot.db.query<{
      proname: string;
      definer: boolean;
      config: string[];
      anon: boolean;
      authenticated: boolean;
    }>(
      `select proname, prosecdef as definer, proconfig as config,
              has_function_privilege('anon', oid, 'execute') as anon,
              has_function_privilege('authenticated', oid, 'execute') as authenticated
       from pg_proc where pronamespace = 'public'::regnamespace and proname like 'waitlist%' order by proname`,
    );
    expect(functions.rows.map((f) => f.proname)).toEqual(
      expect.arrayContaining([
        "waitlist_stop",
        "waitlist_record_removal",
        "waitlist_expire_reconsent",
        "waitlist_mailbox_stopped",
      ]),
    );
    for (const f of functions.rows)
      expect(f).toEqual({
        proname: f.proname,
        definer: false,
        config: ['search_path=""'],
        anon: false,
        authenticated: false,
      });
  });
});
