import { ExternalLink } from "lucide-react";
import { formatDocumentDate, UNDATED } from "@/lib/product-sources";
import { cn } from "@/lib/utils";
import type { Product } from "./product-model";
import { FigureCell } from "./product-cells";
import type { ProductView } from "./product-view";

// The Products section's two layouts: a table from 1024px, a stack of one block per product below
// (the section chooses in script, so only one is in the DOM).

type Entry = { product: Product; view: ProductView };

const COLUMNS = ["Product", "Access", "KYC", "Minimum", "Time to cash", "Fees", "Yield", "Yield after fees"] as const;

/** The yield with where it comes from: DefiLlama's pools (their page, their day) or the issuer's page. */
function YieldFigure({ entry }: { entry: Entry }) {
  const { product, view } = entry;
  const stated = product.yield;
  return (
    <div className="min-w-0">
      <FigureCell view={view.yield} label={`${product.symbol} yield`} strong />
      {stated?.from === "defillama" && stated.sourceUrl !== null && (
        <a
          href={stated.sourceUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${product.symbol} yield source: DefiLlama, ${formatDocumentDate(stated.asOf)} (opens in a new tab)`}
          className="mt-1 inline-flex items-center gap-1 rounded-sm text-xs text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          DefiLlama, {formatDocumentDate(stated.asOf)}
          <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
        </a>
      )}
      {stated?.from === "stated" && stated.asOf !== UNDATED && (
        <p className="mt-0.5 text-xs text-muted-foreground">Figure as of {formatDocumentDate(stated.asOf)}</p>
      )}
    </div>
  );
}

/** 'Private Credit', or 'Other: Reinsurance' where the asset is none of the six. */
function AssetLine({ product }: { product: Product }) {
  if (product.assetClass === null) return null;
  return (
    <span className="mt-0.5 block max-w-40 text-xs text-subtle-foreground">
      {product.assetNote === null ? product.assetClass : `${product.assetClass}: ${product.assetNote}`}
    </span>
  );
}

function cells(entry: Entry) {
  const { product, view } = entry;
  const label = (term: string) => `${product.symbol} ${term}`;
  return [
    <FigureCell key="access" view={view.access} label={label("investor access")} />,
    <FigureCell key="kyc" view={view.kyc} label={label("KYC")} />,
    <FigureCell key="minimum" view={view.minimum} label={label("minimum")} />,
    <FigureCell key="cash" view={view.timeToCash} label={label("redemption")} />,
    <FigureCell key="fees" view={view.fees} label={label("fees")} />,
    <YieldFigure key="yield" entry={entry} />,
    <FigureCell key="after" view={view.afterFees} label={label("yield after fees")} strong />,
  ];
}

export function ProductTable({ entries, protocolName }: { entries: readonly Entry[]; protocolName: string }) {
  return (
    <div
      className="mt-4 overflow-x-auto rounded-xl border border-border bg-surface shadow-sm"
      tabIndex={0}
      role="region"
      aria-label={`Products of ${protocolName}`}
    >
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-border bg-muted/50 align-bottom">
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className="px-3 py-3 text-xs font-semibold tracking-wide text-subtle-foreground uppercase"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.product.id} className="border-b border-border align-top last:border-b-0">
              <th scope="row" className="px-3 py-3 text-left font-normal">
                <span className="block font-bold text-foreground">{entry.product.symbol}</span>
                <span className="mt-0.5 block max-w-40 text-xs text-muted-foreground">{entry.product.name}</span>
                <AssetLine product={entry.product} />
              </th>
              {cells(entry).map((cell, index) => (
                <td key={index} className={cn("max-w-52 px-3 py-3", index === 6 && "bg-muted/30")}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ProductStack({ entries }: { entries: readonly Entry[] }) {
  return (
    <ul className="mt-4 space-y-3">
      {entries.map((entry) => (
        <li key={entry.product.id} className="rounded-xl border border-border bg-surface p-4 shadow-sm">
          <h3 className="text-base font-bold text-foreground">
            {entry.product.symbol}
            <span className="ml-2 text-xs font-normal text-muted-foreground">{entry.product.name}</span>
          </h3>
          <AssetLine product={entry.product} />
          <dl className="mt-3 grid grid-cols-1 gap-3 text-sm min-[420px]:grid-cols-2">
            {cells(entry).map((cell, index) => (
              <div key={index} className="min-w-0">
                <dt className="text-[0.6875rem] font-semibold tracking-wider text-muted-foreground uppercase">
                  {COLUMNS[index + 1]}
                </dt>
                <dd className="mt-0.5">{cell}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
