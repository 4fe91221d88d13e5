// How a protocol's row speaks for its products: the investor-type filter matches a protocol when
// any product fits (the summary holds the most open access), and its minimum reads 'from $500'.
// A protocol with no product yet keeps its own row's terms and minimum.
import type { InvestorAccess } from "@/config/domain";
import { formatUsd } from "@/lib/product-terms";
import type { Protocol } from "./types";

/** The access the 'Investor type' filter tests: the most open of its products', else the row's own. */
export function investorAccessOf(protocol: Pick<Protocol, "products" | "terms">): InvestorAccess {
  if (protocol.products.count === 0) return protocol.terms.investorAccess;
  return protocol.products.investorAccess ?? "unknown";
}

/** The minimum as a number (sorting, the comparison's best value); null when none is stated. */
export function minimumUsdOf(protocol: Pick<Protocol, "products">): number | null {
  return protocol.products.count > 0 ? protocol.products.minInvestmentUsd : null;
}

/** 'from $500' when it has several products, '$100K' for one, 'No minimum'; else the row's own text. */
export function minimumTextOf(protocol: Pick<Protocol, "products" | "minInvestment">): string {
  const { count, minInvestmentUsd } = protocol.products;
  if (count === 0 || minInvestmentUsd === null) return protocol.minInvestment;
  if (minInvestmentUsd === 0) return "No minimum";
  return count === 1 ? formatUsd(minInvestmentUsd) : `from ${formatUsd(minInvestmentUsd)}`;
}

/** '1 product', '3 products'. */
export function productCountText(count: number): string {
  return `${count} ${count === 1 ? "product" : "products"}`;
}
