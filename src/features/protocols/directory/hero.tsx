import { Activity, ArrowRight, CandlestickChart, ShieldCheck } from "lucide-react";
import { Button, buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { useLaunchTarget } from "@/components/use-launch-target";
import { OPENING_SOON } from "@/lib/launch-target";
import { STAT_PLACEHOLDER } from "./ecosystem-stats";
import type { ProtocolStats } from "../model/stats";

const FEATURES = [
  {
    icon: CandlestickChart,
    title: "Terminal-Grade Market Data",
    text: "Market-data-terminal-style views of every protocol: TVL, yield, risk and minimums side by side.",
  },
  {
    icon: Activity,
    title: "Real-Time Valuations",
    text: "Live TVL and yield tracking across chains and issuers.",
  },
  {
    icon: ShieldCheck,
    title: "Risk Assessment",
    text: "Institutional-grade risk metrics and due diligence.",
  },
] as const;

type HeroProps = {
  stats: ProtocolStats | null;
  onJoinWaitlist: () => void;
  /** Hover, touch or focus on the join button: warm the dialog's code. */
  onIntent?: () => void;
};

export function Hero({ stats, onJoinWaitlist, onIntent }: HeroProps) {
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
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,rgba(45,212,191,0.18),transparent),radial-gradient(40rem_24rem_at_0%_110%,rgba(27,58,99,0.9),transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 [background-image:linear-gradient(to_right,white_1px,transparent_1px),linear-gradient(to_bottom,white_1px,transparent_1px)] [mask-image:linear-gradient(to_bottom,black,transparent_85%)] [background-size:48px_48px] opacity-[0.05]"
      />
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <div className="grid items-center gap-12 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-primary-accent-soft/30 bg-primary-accent-soft/10 px-3 py-1 text-xs font-semibold tracking-wide text-primary-accent-soft-foreground">
              <span className="size-1.5 rounded-full bg-primary-accent" aria-hidden="true" />
              Free protocol explorer, available now
            </p>
            <h1
              id="hero-heading"
              className="mt-5 text-4xl leading-[1.1] font-bold tracking-tight text-balance sm:text-5xl"
            >
              Bringing <span className="text-primary-accent">Wall Street</span> experience to{" "}
              <span className="whitespace-nowrap">on-chain</span> real-world assets
            </h1>
            <p className="mt-5 max-w-xl text-base leading-relaxed text-primary-muted-foreground sm:text-lg">
              Search, filter and compare tokenized Treasuries, private credit, real estate, commodities and more, free.{" "}
              {launch.past
                ? `Our portfolio analytics platform is ${OPENING_SOON} for early access.`
                : `Our portfolio analytics platform opens for early access in ${launch.target}.`}
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <a href="#directory" className={cn(buttonVariants({ variant: "accent", size: "lg" }))}>
                Explore Protocols
                <ArrowRight aria-hidden="true" />
              </a>
              <Button variant="inverse" size="lg" onClick={onJoinWaitlist} onPointerEnter={onIntent} onFocus={onIntent}>
                Request Early Access
              </Button>
            </div>
          </div>

          <dl className="grid grid-cols-3 gap-px overflow-hidden rounded-xl border border-primary-foreground/10 bg-primary-foreground/10 backdrop-blur-sm">
            {figures.map((figure) => (
              <div
                key={figure.label}
                className="flex flex-col justify-between bg-primary/70 px-2 py-5 text-center sm:px-5 sm:py-6"
              >
                <dt className="text-[0.625rem] leading-tight font-semibold tracking-wider text-primary-subtle-foreground uppercase sm:text-xs">
                  {figure.label}
                </dt>
                <dd className="mt-1.5 text-2xl font-bold tracking-tight text-primary-foreground tabular-nums sm:text-3xl">
                  {figure.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>

        <div className="mt-14 border-t border-primary-foreground/10 pt-10">
          <p className="text-xs font-semibold tracking-[0.18em] text-primary-accent uppercase">
            Portfolio analytics platform • Early access {launch.past ? OPENING_SOON : launch.target}
          </p>
          <ul className="mt-5 grid gap-4 md:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li
                key={title}
                className="flex gap-4 rounded-xl border border-primary-foreground/10 bg-primary-foreground/[0.04] p-5"
              >
                <span
                  className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-accent-soft/15 text-primary-accent"
                  aria-hidden="true"
                >
                  <Icon className="size-5" />
                </span>
                <div>
                  <h2 className="text-sm font-semibold text-primary-foreground">{title}</h2>
                  <p className="mt-1 text-sm leading-relaxed text-primary-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
