import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { feedUrl } from "@/lib/feed-url";
import type { Protocol } from "../model/types";
import { ChangeList, FeedLink } from "./change-list";
import { changeItems, protocolChangesQueryOptions } from "./changes";

/** A protocol page's 'Recent changes': its newest changes from the change log, and its own feed. */
export function RecentChanges({ protocol }: { protocol: Protocol }) {
  const { data, error } = useQuery(protocolChangesQueryOptions(protocol.id));
  const items = data ? changeItems(data, [protocol]) : [];
  return (
    <section aria-labelledby="changes-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <h2 id="changes-heading" className="text-xl font-bold tracking-tight text-primary">
          Recent changes
        </h2>
        <FeedLink href={feedUrl(protocol.slug)}>Follow {protocol.name}&apos;s changes (Atom feed)</FeedLink>
      </div>
      <div className="mt-4">
        {error ? (
          <p role="alert" className="text-sm text-danger-heading">
            Error loading changes{error.message ? `: ${error.message}` : ""}
          </p>
        ) : !data ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading changes...
          </p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No changes recorded yet.</p>
        ) : (
          <ChangeList items={items} linkProtocols={false} />
        )}
      </div>
      <p className="mt-3 text-sm">
        <Link
          to="/changes"
          className="rounded-sm font-medium text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          All changes
        </Link>
      </p>
    </section>
  );
}
