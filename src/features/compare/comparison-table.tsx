import { NO_DESCRIPTION } from "@/features/protocols/model/model";
import { ProtocolNameLink } from "@/features/protocols/card/protocol-link";
import { cn } from "@/lib/utils";
import { ComparedTrackedNote } from "./compared-tracked-note";
import { BEST_TAG, bestProps, notRanked, ROWS, type LayoutProps } from "./comparison-rows";
import { NotRanked } from "./not-ranked";

/** A factor row's header reads as part of Risk Level: indented, in sentence case. */
const FACTOR_HEADER = "pl-5 font-medium sm:pr-3 sm:pl-9";

/**
 * From 640px: one column per compared protocol, one row per metric. The table's region is the
 * dialog's only scroll container, both ways (the dialog's title and the Best note stay put), so
 * nothing scrolls inside something else that scrolls too.
 */
export function ComparisonTable(props: LayoutProps) {
  const { protocols, context } = props;
  return (
    <div className="min-h-0 overflow-auto" tabIndex={0} role="region" aria-label="Comparison table">
      <table className="w-full min-w-max border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-border bg-muted/50 align-top">
            <th
              scope="col"
              className="sticky left-0 z-10 w-28 bg-muted px-3 py-4 text-[0.6875rem] font-semibold tracking-wider text-muted-foreground uppercase sm:w-36 sm:px-6 sm:text-xs"
            >
              Protocol
            </th>
            {protocols.map((protocol) => (
              <th key={protocol.id} scope="col" className="w-64 min-w-52 px-4 py-4 align-top font-normal sm:min-w-64">
                <span className="block text-base font-bold text-foreground">
                  <ProtocolNameLink protocol={protocol} />
                </span>
                <span className="mt-1 block max-w-72 text-xs leading-relaxed whitespace-normal text-muted-foreground">
                  {protocol.description || NO_DESCRIPTION}
                </span>
                <ComparedTrackedNote protocol={protocol} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row.label} className="border-b border-border align-top last:border-b-0">
              <th
                scope="row"
                // Named by its label alone: the 'why no Best' button beside it has its own name.
                aria-label={row.label}
                className={cn(
                  "sticky left-0 z-10 w-28 bg-surface px-3 py-3.5 text-[0.6875rem] text-subtle-foreground sm:w-36 sm:px-6 sm:text-xs",
                  row.factor !== undefined ? FACTOR_HEADER : "font-semibold tracking-wide uppercase",
                )}
              >
                {row.label}
                {notRanked(row, props) && <NotRanked {...notRanked(row, props)!} />}
              </th>
              {protocols.map((protocol) => {
                const { isBest, attributes } = bestProps(row, protocol, props);
                return (
                  <td
                    key={protocol.id}
                    {...attributes}
                    className={cn("px-4 py-3.5 text-foreground", isBest && "bg-success-soft")}
                  >
                    {/* The 'Best' tag is CSS-generated text so the cell's own text stays the exact figure. */}
                    <div className={cn(isBest && BEST_TAG)}>{row.render(protocol, context)}</div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
