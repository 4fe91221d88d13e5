import { BarChart3, X } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { MAX_COMPARED } from "@/config/site";
import type { Protocol } from "@/features/protocols/model/types";
import { ProtocolKey } from "./protocol-key";
import { protocolKeys } from "./protocol-keys";

type SelectionBarProps = {
  protocols: readonly Protocol[];
  onRemove: (slug: string) => void;
  onCompare: () => void;
  max?: number;
  /** Shown beside the picks on phones only (below 640px): the home page's folded join button. */
  phoneAction?: ReactNode;
};

/**
 * Floating tray of the protocols picked for comparison; absent when nothing is picked. One row of
 * picks that scrolls sideways, each with the colour key the comparison gives it (and its name
 * from sm up) and its remove button, and 'Compare in Dashboard': beside them from md up, under
 * them below md. With three
 * picks it is at most about 96 px tall on a phone (e2e/compare.spec.ts keeps that bound), so it
 * covers as little of the cards as it can.
 */
export function SelectionBar({ protocols, onRemove, onCompare, max = MAX_COMPARED, phoneAction }: SelectionBarProps) {
  if (protocols.length === 0) return null;
  const keys = protocolKeys(protocols.map((protocol) => protocol.name));
  return (
    <section
      aria-label="Comparison selection"
      data-selection-bar=""
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-5xl rounded-2xl border border-primary-foreground/10 bg-primary/95 p-2 text-primary-foreground shadow-2xl backdrop-blur sm:bottom-5 sm:p-3"
    >
      <div className="flex flex-wrap items-center gap-1.5 md:flex-nowrap md:gap-3">
        <p className="flex shrink-0 items-baseline gap-1.5 pl-1 text-sm font-semibold">
          <span className="sr-only text-primary-muted-foreground sm:not-sr-only">Compare</span>
          <span className="rounded-md bg-primary-accent-soft/15 px-1.5 py-0.5 text-primary-accent-soft-foreground tabular-nums">
            {protocols.length}/{max}
          </span>
        </p>
        {/* One row that scrolls sideways: every pick stays reachable and removable. Below sm a pick
            shows its key alone (the name is what a screen reader reads); from sm up its name too,
            cut to fit and whole in its title. */}
        <ul
          aria-label="Picked protocols"
          className="flex min-w-0 flex-1 snap-x [scrollbar-width:none] gap-1.5 overflow-x-auto overscroll-x-contain sm:gap-2 [&::-webkit-scrollbar]:hidden"
        >
          {protocols.map((protocol, index) => (
            <li
              key={protocol.id}
              className="flex shrink-0 snap-start items-center gap-0.5 rounded-full border border-primary-foreground/15 bg-primary-foreground/10 p-0.5 text-sm sm:gap-1.5"
            >
              <ProtocolKey index={index} keys={keys} />
              <span className="sr-only sm:not-sr-only sm:max-w-[8rem] sm:truncate" title={protocol.name}>
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
        {phoneAction !== undefined && <div className="shrink-0 sm:hidden">{phoneAction}</div>}
        <Button variant="action" size="bar" onClick={onCompare} className="w-full shrink-0 md:w-auto">
          <BarChart3 aria-hidden="true" />
          Compare in Dashboard
        </Button>
      </div>
    </section>
  );
}
