/**
 * A protocol's asset classes and blockchains as tags: the card and the protocol page show the same
 * lists. `maxChains` shows the first N chains and a '+N' tag naming the rest (the card's rule).
 */
export function ProtocolTags({
  assetClasses,
  blockchains,
  maxChains = Infinity,
}: {
  assetClasses: readonly string[];
  blockchains: readonly string[];
  maxChains?: number;
}) {
  const shownChains = blockchains.slice(0, maxChains);
  const hiddenChains = blockchains.slice(maxChains);
  return (
    <>
      {assetClasses.length > 0 && (
        <ul aria-label="Asset classes" className="flex flex-wrap gap-1.5">
          {assetClasses.map((assetClass) => (
            <li key={assetClass} className="rounded-md bg-accent-soft/70 px-2 py-0.5 text-xs font-medium text-teal-900">
              {assetClass}
            </li>
          ))}
        </ul>
      )}
      {blockchains.length > 0 && (
        <ul aria-label="Blockchains" className="flex flex-wrap gap-1.5">
          {shownChains.map((chain) => (
            <li key={chain} className="rounded-md border border-border px-2 py-0.5 text-xs font-medium text-slate-700">
              {chain}
            </li>
          ))}
          {hiddenChains.length > 0 && (
            <li
              className="rounded-md border border-dashed border-slate-300 px-2 py-0.5 text-xs font-medium text-slate-600"
              title={hiddenChains.join(", ")}
              aria-label={`${hiddenChains.length} more: ${hiddenChains.join(", ")}`}
            >
              +{hiddenChains.length}
            </li>
          )}
        </ul>
      )}
    </>
  );
}
