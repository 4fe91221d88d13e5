// The public change log (protocol_changes) as the pages read it: the newest changes, the whole
// site's (/changes) or one protocol's (its page's 'Recent changes'), each put in words by the same
// module the Atom feed uses (supabase/functions/_shared/change-text.ts).
import { queryOptions } from "@tanstack/react-query";
import { READ_ONCE, readRest } from "@/lib/postgrest";
import {
  CHANGE_COLUMNS,
  changeSummary,
  changeTitle,
  changeValue,
  parseChangeRow,
  type ChangeKind,
  type ChangeRow,
} from "../../../../supabase/functions/_shared/change-text.ts";
import { safeHttpUrl } from "../model/model";
import type { Protocol } from "../model/types";

/** How many changes /changes reads (newest first); its filters work on these. */
export const CHANGES_LIMIT = 500;
/** How many a protocol page lists. */
export const RECENT_CHANGES_LIMIT = 10;

export function parseChangeRows(rows: unknown): ChangeRow[] {
  if (!Array.isArray(rows)) return [];
  return rows.map(parseChangeRow).filter((row): row is ChangeRow => row !== null);
}

const path = (filter: string, limit: number) =>
  `protocol_changes?select=${CHANGE_COLUMNS}${filter}&order=day.desc,id.desc&limit=${limit}`;

export function changesQueryOptions() {
  return queryOptions({
    queryKey: ["changes"] as const,
    queryFn: async ({ signal }) => parseChangeRows(await readRest(path("", CHANGES_LIMIT), signal)),
    // Written once a day by the refresh and by reviews.
    staleTime: 5 * 60_000,
    ...READ_ONCE,
  });
}

export function protocolChangesQueryOptions(protocolId: string) {
  return queryOptions({
    queryKey: ["changes", protocolId] as const,
    queryFn: async ({ signal }) =>
      parseChangeRows(
        await readRest(path(`&protocol_id=eq.${encodeURIComponent(protocolId)}`, RECENT_CHANGES_LIMIT), signal),
      ),
    staleTime: 5 * 60_000,
    ...READ_ONCE,
  });
}

/** One change as a page shows it. */
export type ChangeItem = {
  key: number;
  day: string;
  kind: ChangeKind;
  title: string;
  from: string;
  to: string;
  reason: string | null;
  /** Only an http(s) page is linked. */
  sourceUrl: string | null;
  summary: string;
  protocol: Pick<Protocol, "name" | "slug" | "assetClasses">;
};

/** The changes of protocols the list has, in words; a change whose protocol is not listed is left out. */
export function changeItems(changes: readonly ChangeRow[], protocols: readonly Protocol[]): ChangeItem[] {
  const byId = new Map(protocols.map((protocol) => [protocol.id, protocol]));
  return changes.flatMap((change) => {
    const protocol = byId.get(change.protocol_id);
    if (!protocol) return [];
    return [
      {
        key: change.id,
        day: change.day,
        kind: change.kind,
        title: changeTitle(protocol.name, change),
        from: changeValue(change.kind, change.old_value),
        to: changeValue(change.kind, change.new_value),
        reason: change.reason,
        sourceUrl: safeHttpUrl(change.source_url),
        summary: changeSummary(change),
        protocol: { name: protocol.name, slug: protocol.slug, assetClasses: protocol.assetClasses },
      },
    ];
  });
}

export type ChangeFilter = { kind: ChangeKind | null; assetClass: string | null };

/** Kind and asset class combine with AND; an asset class matches when the protocol's list includes it. */
export function filterChanges(items: readonly ChangeItem[], filter: ChangeFilter): ChangeItem[] {
  return items.filter(
    (item) =>
      (filter.kind === null || item.kind === filter.kind) &&
      (filter.assetClass === null || item.protocol.assetClasses.includes(filter.assetClass)),
  );
}
