import { Coins, Layers, Landmark } from "lucide-react";
import type { ReactNode } from "react";
import { site } from "@/config/site";
import type { ProtocolStats } from "./stats";

/** Shown instead of a figure while data is loading or failed: never a made-up number. */
export const STAT_PLACEHOLDER = "—";

function Tile({ icon, label, value, hint }: { icon: ReactNode; label: string; value: string; hint: string }) {
  return (
    <div className="flex items-start gap-4 rounded-xl border border-border bg-surface p-5 shadow-sm">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent" aria-hidden="true">
        {icon}
      </span>
      <div className="min-w-0">
        <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
        <dd className="mt-0.5 text-3xl font-bold tracking-tight text-foreground tabular-nums">{value}</dd>
        <p className="mt-1 text-xs text-slate-500">{hint}</p>
      </div>
    </div>
  );
}

export function EcosystemStats({ stats }: { stats: ProtocolStats | null }) {
  const show = (value: number | string) => (stats === null ? STAT_PLACEHOLDER : String(value));
  return (
    <section aria-labelledby="ecosystem-heading" className="space-y-5">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="ecosystem-heading" className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
          Explore the RWA Protocol Ecosystem
        </h2>
        <p className="text-sm text-muted-foreground">
          {stats === null
            ? `Data as of ${site.dataAsOf}`
            : `Across ${stats.blockchainCount} ${stats.blockchainCount === 1 ? "blockchain" : "blockchains"} • Data as of ${site.dataAsOf}`}
        </p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        <Tile icon={<Landmark className="size-5" />} label="Protocols" value={show(stats?.totalProtocols ?? 0)} hint="Tokenized RWA issuers and products" />
        <Tile icon={<Layers className="size-5" />} label="Asset Classes" value={show(stats?.assetClassCount ?? 0)} hint="From Treasuries to carbon credits" />
        <Tile icon={<Coins className="size-5" />} label="Total TVL" value={show(stats?.totalTVL ?? "")} hint="Sum of reported value locked" />
      </dl>
    </section>
  );
}
