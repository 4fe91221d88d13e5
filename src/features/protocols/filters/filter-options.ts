// What the asset-class and blockchain selects offer: the spec's vocabularies first,
// then what the data holds beyond them. Chains are no longer cut to the spec's eleven, so a
// visitor can find a protocol by any chain it is on.
import { ALL, ASSET_CLASSES, BLOCKCHAINS, OTHER, UNCLASSIFIED } from "@/config/site";
import type { ProtocolFilters } from "./filter";
import type { Protocol } from "../model/types";

export type FilterOptions = {
  /** The spec's six, then 'Other' and 'Unclassified', each only when some row has it. */
  assetClasses: readonly string[];
  /** The spec's eleven in the spec's order, then every other chain in the data, sorted by name. */
  blockchains: readonly string[];
};

// Made on first use, not when the module loads (as in sort.ts).
let collator: Intl.Collator | undefined;

export function filterOptions(protocols: readonly Protocol[]): FilterOptions {
  const spec = new Set<string>(BLOCKCHAINS.map((chain) => chain.toLowerCase()));
  const others = new Map<string, string>();
  let other = false;
  let unclassified = false;
  for (const protocol of protocols) {
    if (protocol.assetClasses.includes(OTHER)) other = true;
    if (protocol.assetClasses.includes(UNCLASSIFIED)) unclassified = true;
    for (const chain of protocol.blockchains) {
      const key = chain.toLowerCase();
      // One entry per name, whatever its case: the first spelling met is the one offered.
      if (!spec.has(key) && !others.has(key)) others.set(key, chain);
    }
  }
  return {
    assetClasses:
      other || unclassified
        ? [...ASSET_CLASSES, ...(other ? [OTHER] : []), ...(unclassified ? [UNCLASSIFIED] : [])]
        : ASSET_CLASSES,
    blockchains: [
      ...BLOCKCHAINS,
      ...[...others.values()].sort(
        (collator ??= new Intl.Collator("en", { sensitivity: "base", numeric: true })).compare,
      ),
    ],
  };
}

/** The option `value` names, matched case-insensitively (links get retyped); ALL when none does. */
function canonical(value: string, options: readonly string[]): string {
  if (value === ALL) return ALL;
  const wanted = value.trim().toLowerCase();
  return options.find((option) => option.toLowerCase() === wanted) ?? ALL;
}

/**
 * The filters as the directory applies them: a chain or class the URL names is spelled as the data
 * spells it, and one the data does not offer is ignored (filter off), as any unknown value is.
 */
export function canonicalFilters(filters: ProtocolFilters, options: FilterOptions): ProtocolFilters {
  const selectedAssetClass = canonical(filters.selectedAssetClass, options.assetClasses);
  const selectedBlockchain = canonical(filters.selectedBlockchain, options.blockchains);
  if (selectedAssetClass === filters.selectedAssetClass && selectedBlockchain === filters.selectedBlockchain) {
    return filters;
  }
  return { ...filters, selectedAssetClass, selectedBlockchain };
}
