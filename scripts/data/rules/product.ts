// One product of data/products.json against the database's constraints and the editorial rules
// (docs/data.md, "Products"): vocabularies, numbers and their bounds, dates, sources. The file as a
// whole (order, unique symbols, protocol names, pools, coverage) is products.ts's.
import {
  BLOCKCHAINS,
  OTHER_ASSET_CLASS,
  PRODUCT_ASSET_CLASSES,
  PRODUCT_INVESTOR_ACCESS,
  PRODUCT_KYC_VALUES,
  PRODUCT_REDEMPTION_VALUES,
  PRODUCT_SOURCE_KEYS,
  REDEMPTION_DAYS_MAX,
  REDEMPTION_WINDOWS,
  SOURCE_TIERS,
  type ProductInvestorAccess,
  type ProductKyc,
  type ProductRedemption,
  type ProductSourceKey,
  type RedemptionWindow,
  type SourceTier,
} from "../../../src/config/domain.ts";
import { isDocumentDate, PRODUCT_SOURCE_KINDS, UNDATED } from "../../../src/lib/product-sources.ts";
import { CHAIN_ALIASES, CHAIN_NAME_PATTERN } from "../../../supabase/functions/refresh-protocols/lib/defillama.ts";
import { MAX_APY } from "../../../supabase/functions/refresh-protocols/lib/yields.ts";
import { checkSourceUrl } from "./source-url.ts";
import { AS_OF_MIN, parseIsoDate } from "./cells.ts";

export type ProductSource = { url: string; document_date: string; read_on: string; tier: SourceTier; kind: string };
/** as_of: the document's date for the figure (YYYY-MM-DD, YYYY-MM) or 'undated' (its source's read_on dates it then). */
export type StatedYield = { apy_pct: number; as_of: string; net_of_management_fee: boolean | null };

/** A product as data/products.json writes it (and public.products stores it). */
export type ProductRecord = {
  protocol: string;
  symbol: string;
  name: string;
  chains: string[];
  asset_class: string;
  /** Optional in the file: what the asset class leaves out ('Reinsurance', 'AAA CLOs'). */
  asset_note: string | null;
  pool_symbols: string[];
  investor_access: ProductInvestorAccess;
  kyc: ProductKyc;
  min_investment_usd: number | null;
  min_investment_note: string | null;
  redemption: ProductRedemption;
  redemption_days: number | null;
  redemption_window: RedemptionWindow | null;
  /** Optional in the file: a queue's usual wait as the issuer states it, in hours. */
  redemption_usual_hours: number | null;
  redemption_note: string | null;
  instant_facility: string | null;
  management_fee_pct: number | null;
  subscription_fee_pct: number | null;
  redemption_fee_pct: number | null;
  fees_note: string | null;
  stated_yield: StatedYield | null;
  pool_yield_net_of_management_fee: boolean | null;
  sources: Partial<Record<ProductSourceKey, ProductSource>>;
  notes: string[];
};

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
const SOURCE_FIELDS = ["url", "document_date", "read_on", "tier", "kind"] as const;

/** Lengths (characters), the same as the database's constraints. */
export const PRODUCT_LIMITS = {
  symbol: 40,
  name: 200,
  note: 500,
  noteLine: 300,
  notes: 12,
  poolItem: 200,
  /** An editorial bound: a fee above it is almost surely a typo (performance fees go in fees_note). */
  feePct: 25,
  minInvestmentUsd: 1e12,
  usualHours: 24 * 365,
} as const;

/** A labelled line ('Access: …'), with at most one markdown link [text](url). */
const NOTE_LINE = /^[A-Z][A-Za-z0-9 '()/&-]{0,40}: \S/;
const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

export type FieldProblem = { field: string; message: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

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
  if (assetClass === OTHER_ASSET_CLASS && assetNote === null)
    add("asset_note", "is missing: asset class 'Other' says in asset_note what the asset is");
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

function stringList(field: string, raw: unknown, max: number, add: (f: string, m: string) => void): string[] {
  if (!Array.isArray(raw) || raw.some((item) => typeof item !== "string")) {
    add(field, "must be a list of text ([] when none)");
    return [];
  }
  const items = raw as string[];
  for (const item of items) {
    if (item.trim() === "" || item.trim() !== item) add(field, `has an empty or padded item ${JSON.stringify(item)}`);
    if (item.length > max) add(field, `has an item of ${item.length} characters, at most ${max}`);
  }
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.toLowerCase())) add(field, `lists '${item}' more than once`);
    seen.add(item.toLowerCase());
  }
  return items;
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

function checkDay(field: string, raw: unknown, today: string, add: (f: string, m: string) => void): string | null {
  if (typeof raw !== "string" || parseIsoDate(raw) === null) {
    add(field, `${JSON.stringify(raw)} is not a real date in YYYY-MM-DD form`);
    return null;
  }
  if (raw < AS_OF_MIN) add(field, `'${raw}' is before ${AS_OF_MIN}`);
  else if (raw > today) add(field, `'${raw}' is after today (${today})`);
  return raw;
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

function checkSources(
  raw: unknown,
  today: string,
  add: (f: string, m: string) => void,
): Partial<Record<ProductSourceKey, ProductSource>> {
  if (!isObject(raw)) {
    add("sources", "must be an object of term -> source ({} when nothing is known)");
    return {};
  }
  const sources: Partial<Record<ProductSourceKey, ProductSource>> = {};
  for (const [key, source] of Object.entries(raw)) {
    const field = `sources.${key}`;
    if (!(PRODUCT_SOURCE_KEYS as readonly string[]).includes(key)) {
      add(field, `is not a term (${PRODUCT_SOURCE_KEYS.join(", ")})`);
      continue;
    }
    if (!isObject(source) || Object.keys(source).sort().join(",") !== [...SOURCE_FIELDS].sort().join(",")) {
      add(field, `must be { ${SOURCE_FIELDS.join(", ")} }`);
      continue;
    }
    const url = typeof source.url === "string" ? source.url : "";
    const urlProblem = checkSourceUrl(url);
    if (urlProblem !== null) add(`${field}.url`, urlProblem);
    const readOn = checkDay(`${field}.read_on`, source.read_on, today, add);
    const documentDate = source.document_date;
    if (typeof documentDate !== "string" || !isDocumentDate(documentDate))
      add(`${field}.document_date`, `${JSON.stringify(documentDate)} is not YYYY-MM-DD, YYYY-MM or '${UNDATED}'`);
    else if (documentDate !== UNDATED && readOn !== null && documentDate.slice(0, readOn.length) > readOn)
      add(`${field}.document_date`, `'${documentDate}' is after the day it was read (${readOn})`);
    if (!(SOURCE_TIERS as readonly unknown[]).includes(source.tier))
      add(`${field}.tier`, `${JSON.stringify(source.tier)} is not one of ${SOURCE_TIERS.join(", ")}`);
    if (!(PRODUCT_SOURCE_KINDS as readonly unknown[]).includes(source.kind))
      add(`${field}.kind`, `${JSON.stringify(source.kind)} is not one of ${PRODUCT_SOURCE_KINDS.join(", ")}`);
    sources[key as ProductSourceKey] = source as ProductSource;
  }
  return sources;
}

function checkNotes(raw: unknown, add: (f: string, m: string) => void): string[] {
  const notes = stringList("notes", raw, PRODUCT_LIMITS.noteLine, add);
  if (notes.length > PRODUCT_LIMITS.notes) add("notes", `has ${notes.length} lines, at most ${PRODUCT_LIMITS.notes}`);
  for (const note of notes) {
    if (!NOTE_LINE.test(note)) add("notes", `'${note.slice(0, 40)}…' is not a labelled line ('Label: text')`);
    const links = [...note.matchAll(LINK)];
    if (links.length > 1) add("notes", `'${note.slice(0, 40)}…' has ${links.length} links, at most one`);
    for (const link of links) {
      const problem = checkSourceUrl(link[2]!);
      if (problem !== null) add("notes", problem);
    }
    if (/(^|[^(])https?:\/\//.test(note.replace(LINK, "")))
      add("notes", `'${note.slice(0, 40)}…' has a bare URL: write it as [text](url)`);
  }
  return notes;
}

/** Whether each term is known, by the one rule: a known term has its source; an unknown one has none. */
function checkTermsAgainstSources(product: ProductRecord, add: (f: string, m: string) => void) {
  const has = (key: ProductSourceKey) => product.sources[key] !== undefined;
  const pairs: Array<[ProductSourceKey, boolean, string]> = [
    ["investor_access", product.investor_access !== "unknown", `investor_access '${product.investor_access}'`],
    ["kyc", product.kyc !== "unknown", `kyc '${product.kyc}'`],
    ["redemption", product.redemption !== "unknown", `redemption '${product.redemption}'`],
    ["instant_facility", product.instant_facility !== null, "an instant facility"],
    ["stated_yield", product.stated_yield !== null, "a stated yield"],
  ];
  if (product.pool_yield_net_of_management_fee !== null && !has("pool_yield"))
    add(
      "sources.pool_yield",
      "is missing: whether the pool yield is net of the management fee needs the page that says so",
    );
  if (has("pool_yield") && product.pool_symbols.length === 0)
    add("sources.pool_yield", "is given but pool_symbols names no pool");
  for (const [key, stated, what] of pairs) {
    if (stated && !has(key)) add(`sources.${key}`, `is missing: ${what} needs the page that states it`);
    if (!stated && has(key)) add(`sources.${key}`, `is given but the term is not stated (unknown or null)`);
  }
  if (product.min_investment_usd !== null && !has("min_investment"))
    add("sources.min_investment", "is missing: a minimum needs the page that states it");
  const fees = [product.management_fee_pct, product.subscription_fee_pct, product.redemption_fee_pct];
  if (fees.some((fee) => fee !== null) && !has("fees"))
    add("sources.fees", "is missing: a fee needs the page that states it");
  if (product.stated_yield !== null && product.pool_symbols.length > 0)
    add("stated_yield", "is for a product without DefiLlama pools: pool_symbols names some");
}

/** The five terms, known or not (a known term has its source; 'not-disclosed' is a finding). */
export function knownTerms(
  product: ProductRecord,
): Record<"investor_access" | "kyc" | "min_investment" | "redemption" | "fees", boolean> {
  return {
    investor_access: product.sources.investor_access !== undefined,
    kyc: product.sources.kyc !== undefined,
    min_investment: product.sources.min_investment !== undefined,
    redemption: product.sources.redemption !== undefined,
    fees: product.sources.fees !== undefined,
  };
}
