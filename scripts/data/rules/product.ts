// One product of data/products.json against the database's constraints and the editorial rules
// (docs/data.md, "Products"): vocabularies, numbers and their bounds, dates, sources. The file as a
// whole (order, unique symbols, protocol names, pools, coverage) is products.ts's.
import {
  BLOCKCHAINS,
  OTHER,
  PRODUCT_ASSET_CLASSES,
  PRODUCT_INVESTOR_ACCESS,
  PRODUCT_KYC_VALUES,
  PRODUCT_REDEMPTION_VALUES,
  REDEMPTION_DAYS_MAX,
  REDEMPTION_WINDOWS,
  type ProductRedemption,
  type RedemptionWindow,
} from "../../../src/config/domain.ts";
import { isDocumentDate, UNDATED } from "../../../src/lib/product-sources.ts";
import { CHAIN_ALIASES, CHAIN_NAME_PATTERN } from "../../../supabase/functions/refresh-protocols/lib/defillama.ts";
import { MAX_APY } from "../../../supabase/functions/refresh-protocols/lib/yields.ts";
import {
  isObject,
  PRODUCT_LIMITS,
  stringList,
  type FieldProblem,
  type ProductRecord,
  type StatedYield,
} from "./product-record.ts";
import { checkNotes, checkSources, checkTermsAgainstSources } from "./product-sources-check.ts";

export const REQUIRED_FIELDS = [
  "protocol",
  "symbol",
  "name",
  "chains",
  "asset_class",
  "pool_symbols",
  "investor_access",
  "kyc",
  "min_investment_usd",
  "min_investment_note",
  "redemption",
  "redemption_days",
  "redemption_window",
  "redemption_note",
  "instant_facility",
  "management_fee_pct",
  "subscription_fee_pct",
  "redemption_fee_pct",
  "fees_note",
  "stated_yield",
  "pool_yield_net_of_management_fee",
  "sources",
  "notes",
] as const;
const OPTIONAL_FIELDS = ["asset_note", "redemption_usual_hours"] as const;

/**
 * Checks one element of the file. Returns the product when it is usable (every field has the right
 * type and vocabulary), with the problems found either way.
 */
export function checkProduct(
  value: unknown,
  today: string,
): { product: ProductRecord | null; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  if (!isObject(value)) return { product: null, problems: [{ field: "product", message: "is not an object" }] };
  for (const key of Object.keys(value))
    if (![...REQUIRED_FIELDS, ...OPTIONAL_FIELDS].includes(key as never)) add(key, "is not a field of a product");
  for (const key of REQUIRED_FIELDS) if (!(key in value)) add(key, "is missing (write null when not stated)");
  if (problems.length > 0) return { product: null, problems };

  const v = value as Record<(typeof REQUIRED_FIELDS)[number] | (typeof OPTIONAL_FIELDS)[number], unknown>;
  const before = problems.length;
  const text = (field: string, raw: unknown, max: number, nullable: boolean): string | null => {
    if (raw === null && nullable) return null;
    if (typeof raw !== "string") return (add(field, `must be ${nullable ? "text or null" : "text"}`), null);
    if (raw.trim() !== raw) add(field, "has leading or trailing spaces");
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001F\u007F]/.test(raw)) add(field, "has a control character (one line, no tabs)");
    if (raw === "") add(field, nullable ? "is empty: write null when not stated" : "is empty");
    if ([...raw].length > max) add(field, `is ${[...raw].length} characters, at most ${max}`);
    return raw;
  };
  const oneOf = <T extends string>(field: string, raw: unknown, allowed: readonly T[]): T | null => {
    if (typeof raw === "string" && (allowed as readonly string[]).includes(raw)) return raw as T;
    add(field, `${JSON.stringify(raw)} is not one of ${allowed.join(", ")}`);
    return null;
  };
  const amount = (field: string, raw: unknown, max: number): number | null => {
    if (raw === null) return null;
    if (typeof raw !== "number" || !Number.isFinite(raw) || raw < 0) {
      add(field, `${JSON.stringify(raw)} is not a number from 0 (or null when not stated)`);
      return null;
    }
    if (raw > max) add(field, `${raw} is above ${max}`);
    return raw;
  };
  const flag = (field: string, raw: unknown): boolean | null => {
    if (raw === null || typeof raw === "boolean") return raw;
    add(field, "must be true, false or null (not known)");
    return null;
  };

  const protocol = text("protocol", v.protocol, 120, false);
  const symbol = text("symbol", v.symbol, PRODUCT_LIMITS.symbol, false);
  const name = text("name", v.name, PRODUCT_LIMITS.name, false);
  const chains = chainList(v.chains, add);
  const assetClass = oneOf("asset_class", v.asset_class, PRODUCT_ASSET_CLASSES);
  const assetNote = "asset_note" in value ? text("asset_note", v.asset_note, PRODUCT_LIMITS.noteLine, true) : null;
  if (assetClass === OTHER && assetNote === null)
    add("asset_note", "is missing: asset class 'Other' says in asset_note what the asset is");
  if (assetClass !== null && assetClass !== OTHER && assetNote !== null)
    add("asset_note", "is only for asset class 'Other' (write null)");
  const poolSymbols = stringList("pool_symbols", v.pool_symbols, PRODUCT_LIMITS.poolItem, add);
  const investorAccess = oneOf("investor_access", v.investor_access, PRODUCT_INVESTOR_ACCESS);
  const kyc = oneOf("kyc", v.kyc, PRODUCT_KYC_VALUES);
  const minUsd = amount("min_investment_usd", v.min_investment_usd, PRODUCT_LIMITS.minInvestmentUsd);
  const minNote = text("min_investment_note", v.min_investment_note, PRODUCT_LIMITS.note, true);
  const redemption = oneOf("redemption", v.redemption, PRODUCT_REDEMPTION_VALUES);
  const days = redemptionDays(v.redemption_days, redemption, add);
  const window = redemptionWindow(v.redemption_window, redemption, add);
  const usualHours =
    "redemption_usual_hours" in value
      ? amount("redemption_usual_hours", v.redemption_usual_hours, PRODUCT_LIMITS.usualHours)
      : null;
  if (usualHours !== null && redemption !== "queue") add("redemption_usual_hours", "is only for redemption 'queue'");
  if (usualHours === 0) add("redemption_usual_hours", "is 0: a same-day exit is redemption 'instant'");
  const redemptionNote = text("redemption_note", v.redemption_note, PRODUCT_LIMITS.note, true);
  const facility = text("instant_facility", v.instant_facility, PRODUCT_LIMITS.note, true);
  const management = amount("management_fee_pct", v.management_fee_pct, PRODUCT_LIMITS.feePct);
  const subscription = amount("subscription_fee_pct", v.subscription_fee_pct, PRODUCT_LIMITS.feePct);
  const redemptionFee = amount("redemption_fee_pct", v.redemption_fee_pct, PRODUCT_LIMITS.feePct);
  const feesNote = text("fees_note", v.fees_note, PRODUCT_LIMITS.note, true);
  const statedYield = checkStatedYield(v.stated_yield, today, add);
  const poolNet = flag("pool_yield_net_of_management_fee", v.pool_yield_net_of_management_fee);
  if (poolNet !== null && poolSymbols.length === 0)
    add("pool_yield_net_of_management_fee", "is set but pool_symbols names no pool (write null)");
  const sources = checkSources(v.sources, today, add);
  const notes = checkNotes(v.notes, add);
  if (problems.length > before) return { product: null, problems };

  const product: ProductRecord = {
    protocol: protocol!,
    symbol: symbol!,
    name: name!,
    chains,
    asset_class: assetClass!,
    asset_note: assetNote,
    pool_symbols: poolSymbols,
    investor_access: investorAccess!,
    kyc: kyc!,
    min_investment_usd: minUsd,
    min_investment_note: minNote,
    redemption: redemption!,
    redemption_days: days,
    redemption_window: window,
    redemption_usual_hours: usualHours,
    redemption_note: redemptionNote,
    instant_facility: facility,
    management_fee_pct: management,
    subscription_fee_pct: subscription,
    redemption_fee_pct: redemptionFee,
    fees_note: feesNote,
    stated_yield: statedYield,
    pool_yield_net_of_management_fee: poolNet,
    sources,
    notes,
  };
  checkTermsAgainstSources(product, add);
  return { product: problems.length > before ? null : product, problems };
}

/** Chains in the directory's one naming (data:check's rule for data/protocols.csv's blockchains). */
function chainList(raw: unknown, add: (f: string, m: string) => void): string[] {
  const chains = stringList("chains", raw, 60, add);
  for (const chain of chains) {
    const ours = BLOCKCHAINS.find((known) => known.toLowerCase() === chain.toLowerCase());
    const alias = CHAIN_ALIASES[chain];
    if (alias !== undefined) add("chains", `'${chain}' is written '${alias}' here (one name per chain)`);
    else if (ours !== undefined && ours !== chain) add("chains", `'${chain}' is written '${ours}'`);
    else if (!CHAIN_NAME_PATTERN.test(chain))
      add("chains", `'${chain}' is not a chain name (at most 60 characters, no '|')`);
  }
  return chains;
}

function redemptionDays(raw: unknown, redemption: ProductRedemption | null, add: (f: string, m: string) => void) {
  if (redemption === "days") {
    if (typeof raw === "number" && Number.isInteger(raw) && raw >= 1 && raw <= REDEMPTION_DAYS_MAX) return raw;
    add(
      "redemption_days",
      `must be a whole number from 1 to ${REDEMPTION_DAYS_MAX} with redemption 'days' (T+0 is 'instant')`,
    );
    return null;
  }
  // T+0 written out with 'instant' says the same thing twice; anything else is a contradiction.
  if (raw !== null && !(redemption === "instant" && raw === 0))
    add("redemption_days", "is only for redemption 'days' (write null; 0 with 'instant')");
  return null;
}

function redemptionWindow(raw: unknown, redemption: ProductRedemption | null, add: (f: string, m: string) => void) {
  if (redemption === "window") {
    // A window whose frequency no page fixes (set per vault) is null: 'Periodic window'.
    if (raw === null) return null;
    if (typeof raw === "string" && (REDEMPTION_WINDOWS as readonly string[]).includes(raw))
      return raw as RedemptionWindow;
    add("redemption_window", `must be one of ${REDEMPTION_WINDOWS.join(", ")}, or null, with redemption 'window'`);
    return null;
  }
  if (raw !== null) add("redemption_window", "is only for redemption 'window' (write null)");
  return null;
}

function checkStatedYield(raw: unknown, today: string, add: (f: string, m: string) => void): StatedYield | null {
  if (raw === null) return null;
  if (!isObject(raw) || Object.keys(raw).sort().join(",") !== "apy_pct,as_of,net_of_management_fee") {
    add("stated_yield", "must be null or { apy_pct, as_of, net_of_management_fee }");
    return null;
  }
  const apy = raw.apy_pct;
  if (typeof apy !== "number" || !Number.isFinite(apy) || apy < 0 || apy >= MAX_APY)
    add("stated_yield.apy_pct", `${JSON.stringify(apy)} is not a percent from 0 to below ${MAX_APY}`);
  const asOf = raw.as_of;
  if (typeof asOf !== "string" || !isDocumentDate(asOf))
    add(
      "stated_yield.as_of",
      `${JSON.stringify(asOf)} is not YYYY-MM-DD, YYYY-MM or '${UNDATED}' (the document's date for the figure)`,
    );
  else if (asOf !== UNDATED && asOf.slice(0, today.length) > today)
    add("stated_yield.as_of", `'${asOf}' is after today (${today})`);
  const net = raw.net_of_management_fee;
  if (net !== null && typeof net !== "boolean")
    add("stated_yield.net_of_management_fee", "must be true, false or null (not known)");
  return { apy_pct: apy as number, as_of: asOf as string, net_of_management_fee: net as boolean | null };
}
