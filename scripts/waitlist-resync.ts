// npm run waitlist:resync [-- --limit N] [-- --dry-run]
// Retries what the e-mail provider missed (confirmation mails that did not go out, confirmed
// addresses not yet in the audience, addresses that left the list but are still in it), with the
// module the scheduled Edge Function runs (supabase/functions/add-to-waitlist/lib/resync.ts).
//
// npm run waitlist:resync -- --reconsent [--send]
// Asks the legacy single-opt-in rows (confirmed by the hardening migration, never by a link) for
// consent (lib/reconsent.ts). Without --send it is a dry run: it lists them, masked, and mails
// nobody; run it first, then again with --send.
//
// Target: SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY when set (a real project), else the local API
// (http://127.0.0.1:$LOCAL_API_PORT, default 54321) with its demo service-role key.
// Provider: Resend when RESEND_API_KEY, RESEND_AUDIENCE_ID and WAITLIST_FROM are set; against
// the local API without them, the console mailer (e-mails printed, as the local API does).
// Exit status: 0 all synced (or nothing to do), 1 some rows still failing, 2 bad configuration.
import { parseArgs } from "node:util";
import { createClient } from "@supabase/supabase-js";
import { createConsoleMailer } from "../local-api/console-mailer.ts";
import { LOCAL_API_HOST, LOCAL_API_PORT } from "../local-api/defaults.ts";
import { LOCAL_SERVICE_ROLE_KEY } from "../local-api/service-key.ts";
import { maskEmail } from "../supabase/functions/add-to-waitlist/lib/email.ts";
import { createJsonLogger, silentLogger } from "../supabase/functions/_shared/log.ts";
import { createResendMailer, readResendConfig } from "../supabase/functions/add-to-waitlist/lib/resend.ts";
import {
  DEFAULT_RESYNC_BATCH,
  MAX_RESYNC_BATCH,
  resyncPending,
} from "../supabase/functions/add-to-waitlist/lib/resync.ts";
import { reconsentLegacy } from "../supabase/functions/add-to-waitlist/lib/reconsent.ts";
import { createSupabaseStore } from "../supabase/functions/add-to-waitlist/lib/supabase-store.ts";
import type { WaitlistMailer } from "../supabase/functions/add-to-waitlist/lib/types.ts";

const ACTION_LABELS = { mail: "confirmation mail", contact: "audience contact", remove: "audience removal" } as const;

function fail(message: string): never {
  console.error(`[waitlist:resync] ${message}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        limit: { type: "string" },
        "dry-run": { type: "boolean" },
        verbose: { type: "boolean" },
        reconsent: { type: "boolean" },
        send: { type: "boolean" },
      },
      strict: true,
    });
  } catch (error) {
    return fail(
      `${(error as Error).message}. Usage: npm run waitlist:resync -- [--limit N] [--dry-run] [--verbose] | --reconsent [--send] [--limit N]`,
    );
  }
})();
if (values.send && !values.reconsent) fail("--send goes with --reconsent (the retries need no flag)");
if (values.send && values["dry-run"]) fail("--send and --dry-run contradict each other");

const limit = values.limit === undefined ? DEFAULT_RESYNC_BATCH : Number(values.limit);
if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RESYNC_BATCH)
  fail(`--limit must be an integer from 1 to ${MAX_RESYNC_BATCH}`);

const remoteUrl = process.env.SUPABASE_URL?.trim();
const remoteKey = process.env.SUPABASE_SERVICE_ROLE_KEY?.trim();
if (Boolean(remoteUrl) !== Boolean(remoteKey))
  fail("set both SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, or neither (local API)");
const local = !remoteUrl;
const port = process.env.LOCAL_API_PORT?.trim() || String(LOCAL_API_PORT);
const url = remoteUrl ?? `http://${LOCAL_API_HOST}:${port}`;
const key = remoteKey ?? LOCAL_SERVICE_ROLE_KEY;

const resend = readResendConfig((name) => process.env[name]);
let mailer: WaitlistMailer;
if (resend) mailer = createResendMailer(resend);
else if (local) mailer = createConsoleMailer();
else fail("RESEND_API_KEY, RESEND_AUDIENCE_ID and WAITLIST_FROM must be set to sync a real project's waitlist");

// Where the mails link to: the site's /confirm page (the dev server's, against the local API).
const confirmUrl = process.env.WAITLIST_CONFIRM_URL?.trim() || (local ? "http://127.0.0.1:5173/confirm" : "");
if (!confirmUrl) fail("WAITLIST_CONFIRM_URL must be set (the site's /confirm page, e.g. https://rwaatlas.com/confirm)");

const store = createSupabaseStore(createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } }));
console.log(`[waitlist:resync] ${local ? "local API" : "project"} ${url}, provider ${mailer.name}, batch ${limit}`);

try {
  if (values.reconsent) {
    const send = values.send === true;
    const report = await reconsentLegacy(
      { store, mailer, log: values.verbose ? createJsonLogger() : silentLogger, limit, confirmUrl },
      { send },
    );
    const more = report.more ? " (batch full, more may remain)" : "";
    if (!send) {
      console.log(
        `[waitlist:resync] reconsent dry run: ${report.due.length} single-opt-in row(s) to ask for consent${more}; nothing was sent`,
      );
      for (const row of report.due)
        console.log(
          `  ${maskEmail(row.email)}  confirmed ${row.confirmedAt.slice(0, 10)} (by the migration)  ${row.reconsentRequestedAt ? `asked ${row.reconsentRequestedAt.slice(0, 10)}, mail not sent: ${row.lastError ?? ""}` : "never asked"}`,
        );
      if (report.due.length > 0)
        console.log("[waitlist:resync] to mail them: npm run waitlist:resync -- --reconsent --send");
      process.exit(0);
    }
    console.log(
      `[waitlist:resync] reconsent: ${report.due.length} due: ${report.asked.length} asked, ${report.failed.length} failed${more}`,
    );
    for (const { email, error } of report.failed) console.log(`  failed     ${maskEmail(email)}: ${error}`);
    process.exit(report.failed.length > 0 ? 1 : 0);
  }
  if (values["dry-run"]) {
    const rows = await store.pending(limit);
    console.log(
      `[waitlist:resync] dry run: ${rows.length} row(s) to retry${rows.length >= limit ? " (batch full, more may remain)" : ""}`,
    );
    for (const row of rows) {
      console.log(
        `  ${maskEmail(row.email)}  ${ACTION_LABELS[row.action]}  attempts=${row.attempts}  ${row.lastError ?? ""}`,
      );
    }
    process.exit(0);
  }
  const report = await resyncPending({
    store,
    mailer,
    log: values.verbose ? createJsonLogger() : silentLogger,
    limit,
    confirmUrl,
  });
  console.log(
    `[waitlist:resync] ${report.pending} to retry: ${report.synced.length} done, ${report.failed.length} failed, ` +
      `${report.gaveUp.length} over the attempt limit${report.more ? "; batch full, run again for the rest" : ""}`,
  );
  for (const { email, error } of report.failed)
    console.log(`  failed     ${maskEmail(email)}: ${error ?? "unknown error"}`);
  for (const email of report.gaveUp) console.log(`  gave up on ${maskEmail(email)} (see last_error in the table)`);
  process.exit(report.failed.length > 0 ? 1 : 0);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  const hint = local ? ` Is the local API running (npm run local-api, port ${port})?` : "";
  fail(`could not read the waitlist: ${message}.${hint}`);
}
