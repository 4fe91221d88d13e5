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

/** Limits in waitlist_signup's order: per client a minute, per mailbox an hour, global a minute, domain mails an hour. */
export type Limits = readonly [number | null, number | null, number | null, number | null];

/** The rows of one mailbox: address, whether a mail is held, whether it holds a link. */
export async function mailboxRows(tx: Transaction, mailbox: string) {
  return (
    await tx.query<{ email: string; held: boolean; linked: boolean }>(
      `select email, mail_waiting_since is not null as held, token_hash is not null as linked
       from public.waitlist where mailbox = $1 order by email`,
      [mailbox],
    )
  ).rows;
}

/** The resync's batch for addresses starting with prefix: [email, action]. */
export async function pendingFor(
  tx: Transaction,
  prefix: string,
  leaseSeconds = 600,
  domainLimit: number | null = null,
) {
  return (
    await tx.query<{ email: string; action: string }>(
      "select email, action from public.waitlist_pending_sync(1000, $1, $2) order by email",
      [leaseSeconds, domainLimit],
    )
  ).rows
    .filter((r) => r.email.startsWith(prefix))
    .map((r) => [r.email, r.action]);
}

export async function claim(tx: Transaction, email: string, token: string, domainLimit: number | null = null) {
  return (
    await tx.query<{ c: boolean }>("select public.waitlist_claim_mail($1, $2, 3600, 600, $3) as c", [
      email,
      token,
      domainLimit,
    ])
  ).rows[0]!.c;
}

export async function confirmStatus(tx: Transaction, token: string): Promise<string> {
  return (await tx.query<{ status: string }>("select status from public.waitlist_confirm($1)", [token])).rows[0]!
    .status;
}

/** Moves the mailbox's clocks a day back: its day is over. */
export async function dayLater(tx: Transaction, mailbox: string) {
  await tx.query(
    `update public.waitlist set confirmation_requested_at = confirmation_requested_at - interval '25 hours',
       mail_waiting_since = mail_waiting_since - interval '25 hours' where mailbox = $1`,
    [mailbox],
  );
}
