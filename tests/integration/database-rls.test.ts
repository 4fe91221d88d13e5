// The RLS and grants matrix on real Postgres (PGlite): what anon, authenticated and service_role
// may do to each table and function.
import { beforeAll, describe, expect, it } from "vitest";
import { insertProtocol, snapshotDatabase } from "./database-helpers.ts";

const snapshot = snapshotDatabase();

describe("RLS and grants matrix", () => {
  const protocolWrites = {
    insert: `insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url)
             values ('X', 'd', '{Equities}', '{Base}', '$1M', '1%', 'Low', 'None', 'https://x.io')`,
    update: "update public.protocols set name = 'Y'",
    delete: "delete from public.protocols",
  };
  const waitlist = {
    select: "select * from public.waitlist",
    insert: "insert into public.waitlist (email, mailbox) values ('eve@example.com', 'eve@example.com')",
    update: "update public.waitlist set source = 'hero'",
    delete: "delete from public.waitlist",
    "rpc waitlist_signup": `select * from public.waitlist_signup('eve@example.com', 'eve@example.com', null, 'x', '${"a".repeat(64)}', 60, 5, 5, 5, 5)`,
    "rpc waitlist_take_domain_mail": "select public.waitlist_take_domain_mail('eve@example.com', 5)",
    "rpc waitlist_reconsent_due": "select * from public.waitlist_reconsent_due(10)",
    "rpc waitlist_claim_reconsent": `select public.waitlist_claim_reconsent('eve@example.com', '${"a".repeat(64)}', 60)`,
    "rpc waitlist_confirm": `select * from public.waitlist_confirm('${"a".repeat(64)}')`,
    "rpc waitlist_record_mail": `select public.waitlist_record_mail('eve@example.com', '${"a".repeat(64)}')`,
    "rpc waitlist_claim_mail": `select public.waitlist_claim_mail('eve@example.com', '${"a".repeat(64)}', 60)`,
    "rpc waitlist_record_sync": "select public.waitlist_record_sync('eve@example.com')",
    "rpc waitlist_pending_sync": "select * from public.waitlist_pending_sync(10)",
    "select rate limits": "select * from public.waitlist_rate_limit",
    "insert rate limits": "insert into public.waitlist_rate_limit values ('global', now(), 0)",
    "delete rate limits": "delete from public.waitlist_rate_limit",
  };

  beforeAll(async () => {
    await insertProtocol(snapshot.db, { name: "Readable Row" });
  });

  it.each(["anon", "authenticated"])("%s can read protocols", async (role) => {
    const rows = await snapshot.db.transaction(async (tx) => {
      await tx.exec(`set local role ${role}`);
      return (await tx.query<{ name: string }>("select name from public.protocols")).rows;
    });
    expect(rows.map((r) => r.name)).toContain("Readable Row");
  });

  it.each(["anon", "authenticated"])("%s cannot insert, update or delete protocols", async (role) => {
    for (const sql of Object.values(protocolWrites)) expect(await snapshot.as(role, sql)).toBe("42501");
  });

  it.each(["anon", "authenticated"])("%s cannot touch the waitlist at all", async (role) => {
    for (const [what, sql] of Object.entries(waitlist)) {
      expect({ what, code: await snapshot.as(role, sql) }).toEqual({ what, code: "42501" });
    }
  });

  it("service_role can insert, read and sync waitlist rows", async () => {
    for (const [what, sql] of Object.entries(waitlist))
      expect({ what, code: await snapshot.as("service_role", sql) }).toEqual({ what, code: "ok" });
  });

  it("the trigger function and internals are not callable by API roles", async () => {
    expect(await snapshot.as("anon", "select public.protocols_set_updated_at()")).toBe("42501");
  });
});
