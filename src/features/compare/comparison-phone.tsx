import { ProtocolNameLink } from "@/features/protocols/card/protocol-link";
import { NO_DESCRIPTION } from "@/features/protocols/model/model";
import { cn } from "@/lib/utils";
import { ComparedTrackedNote } from "./compared-tracked-note";
import { BEST_TAG, bestProps, notRanked, ROWS, type LayoutProps } from "./comparison-rows";
import { NotRanked } from "./not-ranked";
import { ProtocolKey } from "./protocol-key";
import { protocolKeys } from "./protocol-keys";

// Below Tailwind's sm (640px) the comparison is a stack of metric blocks instead of a table
// that scrolls sideways; the dialog chooses one of the two layouts, so only one is in the DOM.

/** Phone: the compared protocols (key, name linking its page, description), then one block per metric with every value stacked. */
export function PhoneComparison(props: LayoutProps) {
  const { protocols, descriptionIds, context } = props;
  const keys = protocolKeys(protocols.map((protocol) => protocol.name));
  return (
    <div className="min-w-0 [overflow-wrap:anywhere]" role="region" aria-label="Comparison by metric">
      {/* The table's header row as a list: only one of the two layouts is ever in the DOM. */}
      <ul aria-label="Compared protocols" className="space-y-3 border-b border-border bg-muted/50 px-4 py-4">
        {protocols.map((protocol, index) => (
          <li key={protocol.id} className="flex min-w-0 gap-3">
            <ProtocolKey index={index} keys={keys} />
            <div className="min-w-0">
              {/* The name opens the protocol's page, as in the table's header. */}
              <p className="text-base leading-6 font-bold text-foreground">
                <ProtocolNameLink protocol={protocol} />
              </p>
              <p className="mt-0.5 text-xs leading-relaxed text-muted-foreground">
                {protocol.description || NO_DESCRIPTION}
              </p>
              <ComparedTrackedNote protocol={protocol} />
            </div>
          </li>
        ))}
      </ul>
      {ROWS.map((row) => {
        const headingId = `${descriptionIds}-row-${row.label.replace(/\W+/g, "-")}`;
        return (
          <section
            key={row.label}
            aria-labelledby={headingId}
            className="border-b border-border px-4 py-3.5 last:border-b-0"
          >
            <div className="relative flex items-center">
              <h3
                id={headingId}
                className={cn(
                  "font-semibold text-subtle-foreground",
                  row.factor !== undefined ? "text-xs" : "text-[0.6875rem] tracking-wide uppercase",
                )}
              >
                {row.factor !== undefined ? (
                  <>
                    <span className="font-normal text-muted-foreground">Risk factor:</span> {row.label}
                  </>
                ) : (
                  row.label
                )}
              </h3>
              {notRanked(row, props) && <NotRanked {...notRanked(row, props)!} spanRow />}
            </div>
            <ul className="mt-2 space-y-2">
              {protocols.map((protocol, index) => {
                const { isBest, attributes } = bestProps(row, protocol, props);
                return (
                  <li
                    key={protocol.id}
                    {...attributes}
                    className={cn("flex min-w-0 gap-2.5 rounded-md px-2 py-1.5", isBest && "bg-success-soft")}
                  >
                    <ProtocolKey index={index} keys={keys} />
                    <div className="min-w-0 flex-1">
                      <p className="text-xs font-semibold text-subtle-foreground">{protocol.name}</p>
                      <div className={cn("mt-0.5 text-sm text-foreground", isBest && BEST_TAG)}>
                        {row.render(protocol, context)}
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
