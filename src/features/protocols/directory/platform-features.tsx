import { memo } from "react";
import { Activity, CandlestickChart, ShieldCheck } from "lucide-react";
import { useLaunchTarget } from "@/components/use-launch-target";
import { OPENING_SOON } from "@/lib/launch-target";

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

/**
 * The platform's three feature themes under their eyebrow, on navy. The hero carries them from
 * the small breakpoint up; on a phone the home page shows them after the directory instead, so
 * the first card is about a screen down (docs/decisions/017-phone-first-screen.md).
 */
export function PlatformFeatures({ className }: { className?: string }) {
  const launch = useLaunchTarget();
  return (
    <div className={className}>
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
  );
}

/** The phone's copy of the themes (hidden from the small breakpoint up, where the hero has them). */
export const PlatformFeaturesBand = memo(function PlatformFeaturesBand() {
  return (
    <section
      aria-label="Portfolio analytics platform"
      className="rounded-2xl bg-primary px-5 py-6 text-primary-foreground sm:hidden"
    >
      <PlatformFeatures />
    </section>
  );
});
