import { memo } from "react";
import { Coins, Layers, Landmark } from "lucide-react";
import type { ReactNode } from "react";
import { site } from "@/config/site";
import { cn } from "@/lib/utils";
import type { ProtocolStats } from "../model/stats";

/** Shown instead of a figure while data is loading or failed: never a made-up number. */
export const STAT_PLACEHOLDER = "—";

function Tile({ icon, label, value, hint }: { icon: ReactNode; label: string; value: string; hint: string }) {
  // Only <dt>/<dd> may sit in a <dl> group, so the icon lives inside the <dt>, positioned aside.
  return (
    <div className="relative rounded-xl border border-border bg-surface p-3 text-center shadow-sm sm:py-5 sm:pr-5 sm:pl-20 sm:text-left">
      <dt className="text-xs font-medium text-muted-foreground sm:text-sm">
        <span
          className="absolute top-5 left-5 hidden size-11 items-center justify-center rounded-lg bg-accent-soft text-accent sm:flex"
          aria-hidden="true"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5">
        <span className="block text-xl font-bold tracking-tight text-foreground tabular-nums sm:text-3xl">{value}</span>
        <span className="mt-1 hidden text-xs text-placeholder sm:block">{hint}</span>
      </dd>
    </div>
  );
}

/** On a phone: three small tiles in a row (the hints show from the small breakpoint up). */
export const EcosystemStats = memo(function EcosystemStats({
  stats,
  className,
}: {
  stats: ProtocolStats | null;
  className?: string;
}) {
  const show = (value: number | string) => (stats === null ? STAT_PLACEHOLDER : String(value));
  return (
    <section aria-labelledby="ecosystem-heading" className={cn("space-y-4 sm:space-y-5", className)}>
      <div className="flex flex-col gap-1 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="ecosystem-heading" className="text-xl font-bold tracking-tight text-foreground sm:text-3xl">
          Explore the RWA Protocol Ecosystem
        </h2>
        <p className="text-sm text-muted-foreground">
          {stats === null
            ? `Data as of ${site.dataAsOf}`
            : `Across ${stats.blockchainCount} ${stats.blockchainCount === 1 ? "blockchain" : "blockchains"} • Data as of ${stats.dataAsOf ?? site.dataAsOf}`}
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-2 sm:gap-4">
        <Tile
          icon={<Landmark className="size-5" />}
          label="Protocols"
          value={show(stats?.totalProtocols ?? 0)}
          hint="Tokenized RWA issuers and products"
        />
        <Tile
          icon={<Layers className="size-5" />}
          label="Asset Classes"
          value={show(stats?.assetClassCount ?? 0)}
          hint="From Treasuries to carbon credits"
        />
        <Tile
          icon={<Coins className="size-5" />}
          label="Total TVL"
          value={show(stats?.totalTVL ?? "")}
          hint="Sum of reported value locked"
        />
      </dl>
    </section>
  );
});
