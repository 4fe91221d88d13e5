import { BarChart3 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { site } from "@/config/site";

/**
 * The waitlist pitch between the two grids. Alike in shape to the hero (a navy panel with a glow
 * and a join button), kept apart: the glow, the frame and the copy all differ.
 */
export function PortfolioPromo({ onJoin, onIntent }: { onJoin: () => void; onIntent?: () => void }) {
  return (
    <aside
      aria-labelledby="promo-heading"
      className="relative isolate overflow-hidden rounded-2xl bg-primary px-6 py-8 text-primary-foreground shadow-lg sm:px-10 sm:py-10"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(36rem_18rem_at_100%_0%,rgba(45,212,191,0.22),transparent)]"
      />
      <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
        <div className="flex gap-5">
          <span
            className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-primary-accent-soft/15 text-primary-accent sm:flex"
            aria-hidden="true"
          >
            <BarChart3 className="size-6" />
          </span>
          <div>
            <p className="inline-block rounded-full bg-primary-highlight px-2.5 py-0.5 text-[0.6875rem] font-bold tracking-widest text-primary">
              COMING SOON
            </p>
            <h2 id="promo-heading" className="mt-3 text-2xl font-bold tracking-tight">
              Want Portfolio Analytics?
            </h2>
            <p className="mt-2 max-w-xl text-sm leading-relaxed text-primary-muted-foreground sm:text-base">
              Track your RWA holdings. Calculate risk metrics. Optimize allocation. Built with TradFi expertise.
            </p>
          </div>
        </div>
        <Button
          variant="inverse"
          size="lg"
          onClick={onJoin}
          onPointerEnter={onIntent}
          onFocus={onIntent}
          className="shrink-0"
        >
          Join {site.productName} Waitlist
        </Button>
      </div>
    </aside>
  );
}
