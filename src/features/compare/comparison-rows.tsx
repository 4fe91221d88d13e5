import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import type { BestFactors, BestMetric, BestReasons, BestValues } from "@/features/protocols/model/best-values";
import { TagList } from "@/features/protocols/card/protocol-tags";
import { FigureText } from "@/features/protocols/card/tracked-note";
import { RiskBadge } from "@/features/protocols/card/risk-badge";
import { minimumTextOf } from "@/features/protocols/model/product-summary";
import type { Protocol } from "@/features/protocols/model/types";
import { INVESTOR_ACCESS_LABELS, KYC_LABELS, UNKNOWN_LABEL, feesLabel, redemptionLabel } from "@/lib/terms";
import { FACTOR_LABELS, RISK_FACTORS, type RiskFactor } from "@/lib/risk-rating";
import { FactorValue, Provenance, Term, type FactorState } from "./comparison-values";
import type { FigureView, ProductView } from "@/features/protocols/products/product-view";
import type { ProductBest, ProductMetric, ProductsState } from "./product-context";
import { ProductLines, ProductTermLines } from "./product-lines";

// The comparison's rows, shared by both layouts (comparison-table.tsx on wider screens,
// comparison-phone.tsx below 640px): what each row is called, what it ranks, and how it renders
// a protocol's value.

/** Where a protocol has no tags to show, the cell says so rather than staying blank. */
const NONE = <span className="text-faint-foreground">—</span>;

/** What screen readers hear on a value that holds its row's best, per ranked metric. */
export const BEST_DESCRIPTION: Record<BestMetric, string> = {
  tvl: "Best: highest TVL among compared",
  yield: "Best: highest yield among compared",
  min: "Best: lowest minimum investment among compared",
  risk: "Best: lowest risk among compared",
};

/** Described by the factor rows' best values. */
export const BEST_FACTOR_DESCRIPTION = "Best: lowest risk on this factor among compared";

/** The id of the hidden description a best value points at: one per metric, one for every factor row. */
export function bestDescriptionId(descriptionIds: string, key: BestMetric | "factor"): string {
  return `${descriptionIds}-${key}`;
}

/**
 * What the rows read besides the protocol itself: each compared protocol's factors and products, by
 * protocol id, the products' best lines, and the id of each product row's best description.
 */
export type RowContext = {
  factors: ReadonlyMap<string, FactorState>;
  products: ReadonlyMap<string, ProductsState>;
  productBest: ProductBest;
  productDescription: (metric: ProductMetric) => string;
};

/** A protocol with products shows the term product by product (the filter and the row follow each one); else its row's term. */
function termCell(p: Protocol, context: RowContext, pick: (view: ProductView) => FigureView, fallback: string) {
  if (p.products.count === 0) return <Term label={fallback} />;
  return <ProductTermLines state={context.products.get(p.id)} pick={pick} />;
}

export type Row = {
  label: string;
  metric?: BestMetric;
  /** A risk factor's row (docs/methodology.md): ranked by bestFactorValues, headed as a sub-row of Risk Level. */
  factor?: RiskFactor;
  render: (protocol: Protocol, context: RowContext) => ReactNode;
};

/** 'Time to cash' and 'Yield after fees': one line per product, the best line among all compared products marked. */
const PRODUCT_ROWS: Row[] = [
  {
    label: "Time to cash",
    render: (p, c) => (
      <ProductLines
        state={c.products.get(p.id)}
        metric="timeToCash"
        best={c.productBest}
        describedBy={c.productDescription("timeToCash")}
      />
    ),
  },
  {
    label: "Yield after fees",
    render: (p, c) => (
      <ProductLines
        state={c.products.get(p.id)}
        metric="afterFees"
        best={c.productBest}
        describedBy={c.productDescription("afterFees")}
      />
    ),
  },
];

export const ROWS: Row[] = [
  {
    label: "Total Value Locked",
    metric: "tvl",
    render: (p) => <FigureText value={p.tvl} weight="font-bold" className="text-lg tabular-nums" />,
  },
  {
    label: "Yield Range",
    metric: "yield",
    render: (p) => <FigureText value={p.yieldRange} weight="font-semibold" className="tabular-nums" />,
  },
  {
    label: "Risk Level",
    metric: "risk",
    render: (p) => <RiskBadge level={p.riskLevel} />,
  },
  // The seven factors behind the level, in the method's order (docs/methodology.md).
  ...RISK_FACTORS.map((factor): Row => ({
    label: FACTOR_LABELS[factor],
    factor,
    render: (p, { factors }) => <FactorValue state={factors.get(p.id)} factor={factor} />,
  })),
  {
    label: "Min Investment",
    metric: "min",
    render: (p, context) => (
      <>
        <FigureText value={minimumTextOf(p)} weight="font-semibold" />
        {p.products.count > 1 && (
          <div className="mt-1.5 text-xs">
            <ProductTermLines state={context.products.get(p.id)} pick={(view) => view.minimum} />
          </div>
        )}
      </>
    ),
  },
  {
    label: "Asset Classes",
    render: (p) =>
      p.assetClasses.length > 0 ? <TagList label="Asset classes" items={p.assetClasses} tone="accent" /> : NONE,
  },
  {
    label: "Blockchains",
    render: (p) =>
      p.blockchains.length > 0 ? <TagList label="Blockchains" items={p.blockchains} tone="outline" /> : NONE,
  },
  {
    label: "Website",
    render: (p) =>
      p.url === null ? (
        <Term label={UNKNOWN_LABEL} />
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
  // Term sheet: after the specification's rows, before 'Source'; product by product where there are products.
  {
    label: "Investor access",
    render: (p, c) => termCell(p, c, (view) => view.access, INVESTOR_ACCESS_LABELS[p.terms.investorAccess]),
  },
  { label: "KYC", render: (p, c) => termCell(p, c, (view) => view.kyc, KYC_LABELS[p.terms.kyc]) },
  { label: "Redemption", render: (p, c) => termCell(p, c, (view) => view.timeToCash, redemptionLabel(p.terms)) },
  { label: "Fees", render: (p, c) => termCell(p, c, (view) => view.fees, feesLabel(p.terms.fees)) },
  // Per product (issue 28): how soon it turns back into cash, and what is kept of its yield after fees.
  ...PRODUCT_ROWS,
  { label: "Source", render: (p) => <Provenance protocol={p} /> },
];

/** What both layouts are given: the compared protocols, the best marks, the rows' context and the description ids. */
export type LayoutProps = {
  protocols: readonly Protocol[];
  best: BestValues;
  bestFactors: BestFactors;
  /** Why a ranked row has no 'Best' mark (its tooltip). */
  reasons: BestReasons;
  context: RowContext;
  descriptionIds: string;
};

/** The classes that add the CSS-generated 'Best' tag after a value (the cell's own text stays the exact figure). */
export const BEST_TAG =
  "flex flex-wrap items-center gap-2 after:rounded after:bg-success after:px-1.5 after:py-0.5 after:text-[0.6875rem] after:font-bold after:tracking-wide after:text-success-foreground after:uppercase after:content-['Best']";

/** The row's key among the reasons: its metric or its factor (undefined for a row that is not ranked). */
function rankedKey(row: Row) {
  return row.metric ?? row.factor;
}

/** The id of the hidden text that says why a row has no 'Best' mark (the dialog renders one per reason). */
export function reasonId(descriptionIds: string, key: string): string {
  return `${descriptionIds}-why-${key}`;
}

/** Why the row has no 'Best' mark, and the id of that text, if it is ranked and has none. */
export function notRanked(row: Row, { reasons, descriptionIds }: LayoutProps) {
  const key = rankedKey(row);
  const reason = key === undefined ? undefined : reasons[key];
  return reason === undefined || key === undefined ? null : { reason, describedBy: reasonId(descriptionIds, key) };
}

/** The attributes of a value that holds the row's best: a marker for styling and tests, and the description screen readers hear. */
export function bestProps(row: Row, protocol: Protocol, { best, bestFactors, descriptionIds }: LayoutProps) {
  const holders =
    row.metric !== undefined ? best[row.metric] : row.factor !== undefined ? bestFactors[row.factor] : undefined;
  const isBest = holders?.includes(protocol.slug) ?? false;
  return {
    isBest,
    attributes: {
      "data-best": isBest || undefined,
      "aria-describedby": isBest ? bestDescriptionId(descriptionIds, row.metric ?? "factor") : undefined,
    },
  };
}
