import { ProtocolLink } from "../card/protocol-link";
import { RiskBadge } from "../card/risk-badge";
import type { Protocol } from "../model/types";

/** Links to up to three protocols of the same primary asset class; nothing when there are none. */
export function SimilarProtocols({ protocols, assetClass }: { protocols: readonly Protocol[]; assetClass: string }) {
  if (protocols.length === 0) return null;
  return (
    <section aria-labelledby="similar-heading">
      <h2 id="similar-heading" className="text-xl font-bold tracking-tight text-primary">
        Similar protocols
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Also in {assetClass}</p>
      {/* Tiles alike in shape to the cards (protocol-card.tsx), kept apart: smaller, and the name's link covers the tile. */}
      <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-3">
        {protocols.map((protocol) => (
          <li
            key={protocol.id}
            className="relative rounded-xl border border-border bg-surface p-4 shadow-sm transition hover:border-border-strong hover:shadow-md"
          >
            <ProtocolLink
              slug={protocol.slug}
              className="font-bold [overflow-wrap:anywhere] text-foreground underline-offset-4 after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {protocol.name}
            </ProtocolLink>
            <div className="mt-2 flex items-center justify-between gap-2 text-sm">
              <span className="text-secondary-foreground tabular-nums">
                <span className="text-muted-foreground">TVL </span>
                {protocol.tvl}
              </span>
              <RiskBadge level={protocol.riskLevel} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
