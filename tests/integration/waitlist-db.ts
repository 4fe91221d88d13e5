// What the waitlist's database tests share: work as service_role, always rolled back, and one
// signup as the handler makes it (waitlist_signup with lib/email.ts's mailbox).
import type { Transaction } from "@electric-sql/pglite";
import { mailboxOf } from "../../supabase/functions/add-to-waitlist/lib/email.ts";
import type { SnapshotDatabase } from "./database-helpers.ts";

/** Runs work as service_role in a transaction that is always rolled back. */
export async function asService(snapshot: SnapshotDatabase, work: (tx: Transaction) => Promise<void>) {
  await snapshot.db.transaction(async (tx) => {
    await tx.exec("set local role service_role");
    await work(tx);
    await tx.rollback();
  });
}
/** A token hash made of one character. */
export const hash = (c: string) => c.repeat(64);
let next = 0;
/** A token hash no other signup in this file uses. */
export const unique = () => (++next).toString(16).padStart(64, "0");
const OFF = [null, null, null] as const;
/** One signup as the handler makes it (mailbox from lib/email.ts); limits: client, mailbox, global, domain mails. */
export async function signup(
  tx: Transaction,
  email: string,
  token: string,
  opts: { client?: string; limits?: readonly (number | null)[] } = {},
) {
  const [client, mailboxLimit, global, domainMails] = opts.limits ?? OFF;
  const result = await tx.query<{ outcome: string; retry_after: number }>(
    "select * from public.waitlist_signup($1, $2, 'hero', $3, $4, 3600, $5, $6, $7, $8)",
    [
      email,
      mailboxOf(email),
      opts.client ?? "198.51.100.1/32",
      token,
      client,
      mailboxLimit,
      global,
      domainMails ?? null,
    ],
  );
  return result.rows[0]!;
}
