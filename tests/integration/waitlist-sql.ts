// Helpers for the waitlist's SQL tests: each runs as service_role in a transaction that is always
// rolled back, and signs up as the handler does (the mailbox from lib/email.ts).
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { mailboxOf } from "../../supabase/functions/add-to-waitlist/lib/email.ts";

/** Runs work as service_role in a transaction that is always rolled back. */
export async function asService(db: PGlite, work: (tx: Transaction) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.exec("set local role service_role");
    await work(tx);
    await tx.rollback();
  });
}

/** A token hash made of one repeated hex digit. */
export const hash = (c: string) => c.repeat(64);

let next = 0;
/** A token hash no other signup in this run uses. */
export const unique = () => (++next).toString(16).padStart(64, "f");

/** Limits in waitlist_signup's order: per client a minute, per mailbox an hour, global a minute, domain mails an hour. */
export type Limits = readonly [number | null, number | null, number | null, number | null];
export const NO_LIMITS: Limits = [null, null, null, null];

/** One signup as the handler makes it. */
export async function signup(
  tx: Transaction,
  email: string,
  token: string,
  opts: { client?: string; limits?: Limits } = {},
): Promise<{ outcome: string; retry_after: number }> {
  const [client, mailbox, global, domainMails] = opts.limits ?? NO_LIMITS;
  const result = await tx.query<{ outcome: string; retry_after: number }>(
    "select * from public.waitlist_signup($1, $2, 'hero', $3, $4, 3600, $5, $6, $7, $8)",
    [email, mailboxOf(email), opts.client ?? "198.51.100.1/32", token, client, mailbox, global, domainMails],
  );
  return result.rows[0]!;
}

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
