// The HTTP face of the refresh for the scheduled Edge Function (supabase/functions/refresh-protocols):
// POST with REFRESH_PROTOCOLS_SECRET as bearer token (what the pg_cron + pg_net schedule sends),
// get the counts back. Runtime-neutral like add-to-waitlist/handler.ts.
import { answerJson as answer, hasBearerSecret, refuseNonPost } from "../../_shared/scheduled.ts";
import { SourceError } from "./defillama.ts";
import type { RefreshReport } from "./types.ts";
import { StoreError } from "./rest-store.ts";

export type RefreshEndpointDeps = {
  /** The dedicated secret (never the service-role key): the only bearer token allowed to run a refresh. */
  secret: string;
  /** Runs one refresh for the given day (YYYY-MM-DD, UTC). */
  run: (day: string) => Promise<RefreshReport>;
  now: () => Date;
  log: (event: string, fields: Record<string, unknown>) => void;
};

export async function handleRefreshRequest(req: Request, deps: RefreshEndpointDeps): Promise<Response> {
  const notPost = refuseNonPost(req);
  if (notPost) return notPost;
  if (!(await hasBearerSecret(req, deps.secret))) return answer(401, { error: "Unauthorized" });

  const day = deps.now().toISOString().slice(0, 10);
  try {
    const report = await deps.run(day);
    const body = {
      day,
      updated: report.counts.updated,
      unchanged: report.counts.unchanged,
      held: report.counts.held,
      notCovered: report.counts.notCovered,
      heldSlugs: [...new Set(report.held.map((h) => h.slug))],
      newTracked: report.tracked.filter((t) => t.status === "listed").map((t) => t.slug),
      renamed: report.renames.map((r) => ({ from: r.from, to: r.to, id: r.id })),
      dropped: report.dropped.map((d) => d.slug),
      yields: {
        updated: report.counts.yieldsUpdated,
        unchanged: report.counts.yieldsUnchanged,
        held: report.counts.yieldsHeld,
        withoutPools: report.withoutPools.length,
      },
      written: report.written,
      failed: report.failures,
    };
    if (report.failures.length > 0) {
      // One source failed: nothing from it was written; the other source's figures were.
      deps.log("refresh.source_failed", body);
      return answer(
        502,
        { ...body, error: "A source failed; nothing from it was written, the other source's figures were." },
        { "Retry-After": "3600" },
      );
    }
    deps.log("refresh.done", body);
    return answer(200, body);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof SourceError) {
      // DefiLlama failed: nothing was written; the site keeps the last good figures and dates.
      deps.log("refresh.source_failed", { day, error: message });
      return answer(
        502,
        { error: "The source failed; nothing was written.", detail: message },
        { "Retry-After": "3600" },
      );
    }
    deps.log("refresh.failed", { day, error: message, store: error instanceof StoreError });
    return answer(503, { error: "The refresh could not write; nothing was written." }, { "Retry-After": "3600" });
  }
}
