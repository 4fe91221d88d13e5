// A protocol row against its products (issue 33): the row never says otherwise than the products
// that state its terms. Its minimum is theirs: no dollar figure they do not state, and a cited page
// one of them cites for its minimum. A curated yield a product states carries that product's page,
// date, day read and kind. data:check reports each as `protocols.csv, <name>, <column>: message`.
import type { ProductRecord } from "./product-record.ts";
import type { ProtocolRow } from "./protocol-row.ts";

type RowFields = Pick<
  ProtocolRow,
  | "name"
  | "review_status"
  | "min_investment"
  | "min_investment_source_url"
  | "yield_source"
  | "yield_source_url"
  | "yield_as_of"
  | "yield_document_date"
  | "yield_source_kind"
>;
type ProductFields = Pick<ProductRecord, "protocol" | "symbol" | "min_investment_usd" | "stated_yield" | "sources">;

/** 'https://www.paxos.com/PAXGold/' and 'http://paxos.com/PAXGold' are one page. */
export function samePage(a: string, b: string): boolean {
  const key = (url: string) =>
    url
      .trim()
      .replace(/^https?:\/\/(www\.)?/i, "")
      .replace(/\/+$/, "")
      .toLowerCase();
  return key(a) === key(b);
}

/** Every dollar figure a minimum's text states, in US dollars: '$10K (OUSG); $500' -> [10000, 500]. */
export function dollarFigures(text: string): number[] {
  const unit = { "": 1, K: 1e3, M: 1e6, B: 1e9 } as const;
  return [...text.matchAll(/\$\s?([0-9][0-9,]*(?:\.[0-9]+)?)\s?([KMB]?)\b/g)].map(
    (m) => Number(m[1]!.replace(/,/g, "")) * unit[m[2] as keyof typeof unit],
  );
}

const money = (usd: number) => `$${usd.toLocaleString("en-US")}`;

/** The rows whose minimum or curated yield says otherwise than their products: one message each. */
export function rowsAgreeWithProducts(rows: readonly RowFields[], products: readonly ProductFields[]): string[] {
  const problems: string[] = [];
  for (const row of rows) {
    const own = products.filter((product) => product.protocol === row.name);
    if (own.length === 0 || row.review_status !== "reviewed") continue;
    const at = (column: string, message: string) => problems.push(`protocols.csv, ${row.name}, ${column}: ${message}`);

    const stated = own.flatMap((p) => (p.min_investment_usd === null ? [] : [p.min_investment_usd]));
    for (const figure of dollarFigures(row.min_investment)) {
      if (!stated.includes(figure))
        at(
          "min_investment",
          stated.length === 0
            ? `'${row.min_investment}' states ${money(figure)}, which none of its products states: write Unknown or Not disclosed, or give a product the minimum with the page that states it`
            : `'${row.min_investment}' states ${money(figure)}, which none of its products states (they state ${stated.map(money).join(", ")})`,
        );
    }
    const cited = own.flatMap((p) => (p.sources.min_investment === undefined ? [] : [p.sources.min_investment.url]));
    const page = row.min_investment_source_url;
    if (page !== null && !cited.some((url) => samePage(url, page)))
      at(
        "min_investment_source_url",
        `'${page}' is not a page its products cite for their minimum${cited.length === 0 ? " (none cites one)" : ` (${cited.join(", ")})`}`,
      );

    if (row.yield_source !== "curated" || row.yield_source_url === null) continue;
    for (const product of own) {
      const source = product.sources.stated_yield;
      if (product.stated_yield === null || source === undefined || !samePage(source.url, row.yield_source_url))
        continue;
      const pairs: Array<[string, string | null, string]> = [
        ["yield_document_date", row.yield_document_date, source.document_date],
        ["yield_as_of", row.yield_as_of, source.read_on],
        ["yield_source_kind", row.yield_source_kind, source.kind],
      ];
      for (const [column, value, expected] of pairs)
        if (value !== expected)
          at(
            column,
            `'${value ?? ""}' is not what ${product.symbol}'s stated yield cites ('${expected}'): the row takes the product's page`,
          );
    }
  }
  return problems;
}
