// A product's sources, notes and the rule tying each term to its source (docs/data.md, "Products"):
// a known term has the page that states it, an unknown one has none.
import { PRODUCT_SOURCE_KEYS, SOURCE_TIERS, type ProductSourceKey } from "../../../src/config/domain.ts";
import { isDocumentDate, PRODUCT_SOURCE_KINDS, UNDATED } from "../../../src/lib/product-sources.ts";
import { AS_OF_MIN, parseIsoDate } from "./cells.ts";
import { isObject, PRODUCT_LIMITS, stringList, type ProductRecord, type ProductSource } from "./product-record.ts";
import { checkSourceUrl } from "./source-tiers.ts";

const SOURCE_FIELDS = ["url", "document_date", "read_on", "tier", "kind"] as const;

/** A labelled line ('Access: …'), with at most one markdown link [text](url). */
const NOTE_LINE = /^[A-Z][A-Za-z0-9 '()/&-]{0,40}: \S/;
const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

export function checkDay(
  field: string,
  raw: unknown,
  today: string,
  add: (f: string, m: string) => void,
): string | null {
  if (typeof raw !== "string" || parseIsoDate(raw) === null) {
    add(field, `${JSON.stringify(raw)} is not a real date in YYYY-MM-DD form`);
    return null;
  }
  if (raw < AS_OF_MIN) add(field, `'${raw}' is before ${AS_OF_MIN}`);
  else if (raw > today) add(field, `'${raw}' is after today (${today})`);
  return raw;
}

export function checkSources(
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

export function checkNotes(raw: unknown, add: (f: string, m: string) => void): string[] {
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
export function checkTermsAgainstSources(product: ProductRecord, add: (f: string, m: string) => void) {
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
