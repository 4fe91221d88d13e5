import { BarChart3, X } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { MAX_COMPARED } from "@/config/site";
import type { Protocol } from "@/features/protocols/model/types";

type SelectionBarProps = {
  protocols: readonly Protocol[];
  onRemove: (slug: string) => void;
  onCompare: () => void;
  max?: number;
  /** Shown beside the count on phones only (below 640px): the home page's folded join button. */
  phoneAction?: ReactNode;
};

/** Floating tray of the protocols picked for comparison; absent when nothing is picked. */
export function SelectionBar({ protocols, onRemove, onCompare, max = MAX_COMPARED, phoneAction }: SelectionBarProps) {
  if (protocols.length === 0) return null;
  return (
    <section
      aria-label="Comparison selection"
      data-selection-bar=""
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-4xl rounded-2xl border border-primary-foreground/10 bg-primary/95 p-3 text-primary-foreground shadow-2xl backdrop-blur sm:bottom-5 sm:p-4"
    >
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <div className="flex min-w-0 flex-1 flex-col items-start gap-2 sm:flex-row sm:items-center">
          <div className="flex w-full items-center justify-between gap-2 sm:w-auto">
            <p className="mr-1 flex shrink-0 items-baseline gap-1.5 text-sm font-semibold">
              <span className="text-primary-muted-foreground">Compare</span>
              <span className="rounded-md bg-primary-accent-soft/15 px-1.5 py-0.5 text-primary-accent-soft-foreground tabular-nums">
                {protocols.length}/{max}
              </span>
            </p>
            {phoneAction !== undefined && <div className="sm:hidden">{phoneAction}</div>}
          </div>
          {/* Every pick stays visible and removable: on a phone the chips wrap two to a line
              (names truncated, full name in the title) rather than scrolling out of sight. */}
          <ul className="flex w-full min-w-0 flex-wrap gap-1.5 sm:w-auto sm:gap-2">
            {protocols.map((protocol) => (
              <li
                key={protocol.id}
                className="flex max-w-[calc(50%-0.1875rem)] min-w-0 items-center gap-1 rounded-full border border-primary-foreground/15 bg-primary-foreground/10 py-0.5 pr-0.5 pl-3 text-sm sm:max-w-[16rem]"
              >
                <span className="truncate" title={protocol.name}>
                  {protocol.name}
                </span>
                <button
                  type="button"
                  aria-label={`Remove ${protocol.name} from comparison`}
                  onClick={() => onRemove(protocol.slug)}
                  className="inline-flex size-7 shrink-0 items-center justify-center rounded-full text-primary-muted-foreground hover:bg-primary-foreground/15 hover:text-primary-foreground focus-visible:outline-2 focus-visible:outline-primary-ring"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        </div>
        <Button
          variant="accent"
          onClick={onCompare}
          className="w-full bg-primary-action text-primary hover:bg-primary-action-hover md:w-auto"
        >
          <BarChart3 aria-hidden="true" />
          Compare in Dashboard
        </Button>
      </div>
    </section>
  );
}
