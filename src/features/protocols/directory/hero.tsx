import { memo } from "react";
import { ArrowRight } from "lucide-react";
import { Button, buttonVariants } from "@/components/ui/button";
import { useLaunchTarget } from "@/components/use-launch-target";
import { OPENING_SOON } from "@/lib/launch-target";
import { STAT_PLACEHOLDER } from "./ecosystem-stats";
import { PlatformFeatures } from "./platform-features";
import type { ProtocolStats } from "../model/stats";

type HeroProps = {
  stats: ProtocolStats | null;
  onJoinWaitlist: () => void;
  /** Hover, touch or focus on the join button: warm the dialog's code. */
  onIntent?: () => void;
};

export const Hero = memo(function Hero({ stats, onJoinWaitlist, onIntent }: HeroProps) {
  const launch = useLaunchTarget();
  const figures = [
    { label: "Protocols", value: stats ? String(stats.totalProtocols) : STAT_PLACEHOLDER },
    { label: "Total TVL", value: stats ? stats.totalTVL : STAT_PLACEHOLDER },
    { label: "Asset Classes", value: stats ? String(stats.assetClassCount) : STAT_PLACEHOLDER },
  ];

  return (
    <section
      aria-labelledby="hero-heading"
      className="relative isolate overflow-hidden bg-primary text-primary-foreground"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,theme(colors.primary-accent-soft/18%),transparent),radial-gradient(40rem_24rem_at_0%_110%,theme(colors.primary-hover/90%),transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 [background-image:linear-gradient(to_right,white_1px,transparent_1px),linear-gradient(to_bottom,white_1px,transparent_1px)] [mask-image:linear-gradient(to_bottom,black,transparent_85%)] [background-size:48px_48px] opacity-[0.05]"
      />
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-20 lg:px-8">
        <div className="grid items-center gap-5 sm:gap-12 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
          <div className="min-w-0">
            <p className="inline-flex items-center gap-2 rounded-full border border-primary-accent-soft/30 bg-primary-accent-soft/10 px-3 py-1 text-xs font-semibold tracking-wide text-primary-accent-soft-foreground">
              <span className="size-1.5 rounded-full bg-primary-accent" aria-hidden="true" />
              Free protocol explorer, available now
            </p>
            <h1
              id="hero-heading"
              className="mt-3 text-[1.75rem] leading-[1.1] font-bold tracking-tight text-balance sm:mt-5 sm:text-5xl"
            >
              Bringing <span className="text-primary-accent">Wall Street</span> experience to{" "}
              <span className="whitespace-nowrap">on-chain</span> real-world assets
            </h1>
            <p className="mt-3 max-w-xl text-sm leading-relaxed text-primary-muted-foreground sm:mt-5 sm:text-lg">
              Search, filter and compare tokenized Treasuries, private credit, real estate, commodities and more, free.{" "}
              {launch.past
                ? `Our portfolio analytics platform is ${OPENING_SOON} for early access.`
                : `Our portfolio analytics platform opens for early access in ${launch.target}.`}
            </p>
            <div className="mt-5 flex flex-col gap-2 sm:mt-8 sm:flex-row sm:gap-3">
              <a href="#directory" className={buttonVariants({ variant: "accent", size: "hero" })}>
                Explore Protocols
                <ArrowRight aria-hidden="true" />
              </a>
              <Button
                variant="inverse"
                size="hero"
                onClick={onJoinWaitlist}
                onPointerEnter={onIntent}
                onFocus={onIntent}
              >
                Request Early Access
              </Button>
            </div>
          </div>

          <dl className="grid grid-cols-3 gap-px overflow-hidden rounded-xl border border-primary-foreground/10 bg-primary-foreground/10 backdrop-blur-sm">
            {figures.map((figure) => (
              <div
                key={figure.label}
                className="flex flex-col justify-between bg-primary/70 px-2 py-3 text-center sm:px-5 sm:py-6"
              >
                <dt className="text-[0.625rem] leading-tight font-semibold tracking-wider text-primary-subtle-foreground uppercase sm:text-xs">
                  {figure.label}
                </dt>
                <dd className="mt-1 text-xl font-bold tracking-tight text-primary-foreground tabular-nums sm:mt-1.5 sm:text-3xl">
                  {figure.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>

        <PlatformFeatures className="mt-14 hidden border-t border-primary-foreground/10 pt-10 sm:block" />
      </div>
    </section>
  );
});
