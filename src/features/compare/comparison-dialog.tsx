import { ExternalLink } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { RiskLevel } from "@/config/site";
import type { Protocol } from "@/features/protocols/types";

const RISK_VARIANT: Record<RiskLevel, NonNullable<BadgeProps["variant"]>> = {
  Low: "low",
  Medium: "medium",
  High: "high",
  "Very High": "veryHigh",
};

function Tags({ items, tone }: { items: readonly string[]; tone: "accent" | "outline" }) {
  if (items.length === 0) return <span className="text-slate-400">—</span>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li
          key={item}
          className={
            tone === "accent"
              ? "rounded-md bg-accent-soft/70 px-2 py-0.5 text-xs font-medium text-teal-900"
              : "rounded-md border border-border px-2 py-0.5 text-xs font-medium text-slate-700"
          }
        >
          {item}
        </li>
      ))}
    </ul>
  );
}

type Row = { label: string; render: (protocol: Protocol) => ReactNode };

const ROWS: Row[] = [
  { label: "Total Value Locked", render: (p) => <span className="text-lg font-bold tabular-nums">{p.tvl}</span> },
  { label: "Yield Range", render: (p) => <span className="font-semibold tabular-nums">{p.yieldRange}</span> },
  {
    label: "Risk Level",
    render: (p) =>
      p.riskLevel === null ? <Badge variant="muted">Unrated</Badge> : <Badge variant={RISK_VARIANT[p.riskLevel]}>{p.riskLevel}</Badge>,
  },
  { label: "Min Investment", render: (p) => <span className="font-semibold">{p.minInvestment}</span> },
  { label: "Asset Classes", render: (p) => <Tags items={p.assetClasses} tone="accent" /> },
  { label: "Blockchains", render: (p) => <Tags items={p.blockchains} tone="outline" /> },
  {
    label: "Website",
    render: (p) =>
      p.url === null ? (
        <span className="text-slate-400">—</span>
      ) : (
        <a
          href={p.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 font-semibold text-accent underline-offset-4 hover:underline"
        >
          Visit {p.name}
          <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ),
  },
];

type ComparisonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  protocols: readonly Protocol[];
};

export function ComparisonDialog({ open, onOpenChange, protocols }: ComparisonDialogProps) {
  // Opened from a plain button rather than a Radix trigger, so remember the opener (focus is
  // still on it while this first renders) and give focus back to it on close.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  if (protocols.length === 0) return null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-5xl p-0 sm:p-0"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (opener?.isConnected) opener.focus();
        }}
      >
        <DialogHeader className="border-b border-border px-5 py-4 sm:px-6">
          <DialogTitle>Protocol Comparison Dashboard</DialogTitle>
          <DialogDescription className="sr-only">
            Side-by-side comparison of {protocols.length} selected {protocols.length === 1 ? "protocol" : "protocols"}: value
            locked, yield, risk, minimum investment, asset classes, blockchains and website.
          </DialogDescription>
        </DialogHeader>
        {/* On a phone the table scrolls sideways instead of squashing its columns. */}
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Comparison table">
          <table className="w-full min-w-max border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-border bg-muted/50 align-top">
                <th scope="col" className="sticky left-0 z-10 w-36 bg-muted px-4 py-4 text-xs font-semibold tracking-wider text-muted-foreground uppercase sm:px-6">
                  Protocol
                </th>
                {protocols.map((protocol) => (
                  <th key={protocol.id} scope="col" className="w-64 min-w-56 px-4 py-4 align-top font-normal sm:min-w-64">
                    <span className="block text-base font-bold text-foreground">{protocol.name}</span>
                    <span className="mt-1 block max-w-72 text-xs leading-relaxed whitespace-normal text-muted-foreground">
                      {protocol.description || "No description on record."}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => (
                <tr key={row.label} className="border-b border-border last:border-b-0 align-top">
                  <th scope="row" className="sticky left-0 z-10 bg-surface px-4 py-3.5 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:px-6">
                    {row.label}
                  </th>
                  {protocols.map((protocol) => (
                    <td key={protocol.id} className="px-4 py-3.5 text-foreground">
                      {row.render(protocol)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </DialogContent>
    </Dialog>
  );
}
