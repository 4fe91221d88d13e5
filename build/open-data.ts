import type { Plugin } from "vite";
import { toCsv } from "../src/lib/csv.ts";
import { COLUMNS, type ProtocolRow } from "../scripts/data/rules/protocol-row.ts";
import { FACTOR_LABELS, RATING_VERSION } from "../src/lib/risk-rating.ts";
import type { FactorRecord } from "../scripts/data/risk-factors.ts";
import { committedRiskFactors, committedRows } from "./committed-rows.ts";

// Open data: `npm run build` writes dist/data/protocols.json and dist/data/protocols.csv
// from data/protocols.csv, the directory's source of truth. Every public column is included, each
// figure with its source and as-of date, the term sheet with its own source and date, a
// generated_at timestamp and the licence. Static files outside the app's bundle: nothing on the
// boot path of / loads them. The JSON's shape is documented in docs/data.md.

/** Bump when a field is renamed or removed, or its meaning changes; adding a field keeps it. */
export const OPEN_DATA_SCHEMA_VERSION = 1;
export const OPEN_DATA_DIR = "data";
export const LICENSE = {
  name: "CC BY 4.0",
  url: "https://creativecommons.org/licenses/by/4.0/",
};

export type OpenData = {
  schema_version: number;
  generated_at: string;
  license: string;
  license_url: string;
  attribution: string;
  source: string;
  count: number;
  fields: string[];
  /** The risk rule's version (docs/methodology.md); each protocol's evidence is in `risk_factors`. */
  risk_rating_version: string;
  protocols: Array<ProtocolRow & { risk_factors: RiskFactorOut[] }>;
};

/** One evidenced risk factor as the open data publishes it; a factor not listed is 'Unknown'. */
export type RiskFactorOut = Omit<FactorRecord, "factor"> & { factor: FactorRecord["factor"] };

export const RISK_FACTOR_COLUMNS = [
  "protocol",
  "factor",
  "factor_label",
  "level",
  "finding",
  "source_url",
  "source_kind",
  "source_tier",
  "document_date",
  "read_on",
  "computed",
  "rating_version",
] as const;

export function licenseLine(siteUrl: string): string {
  return `Licensed ${LICENSE.name} (${LICENSE.url}): share and adapt it, crediting "RWA Atlas (${siteUrl})".`;
}

export function openDataJson(
  rows: readonly ProtocolRow[],
  siteUrl: string,
  generatedAt: string,
  risk: ReadonlyMap<string, readonly FactorRecord[]> = new Map(),
): string {
  const data: OpenData = {
    schema_version: OPEN_DATA_SCHEMA_VERSION,
    generated_at: generatedAt,
    license: LICENSE.name,
    license_url: LICENSE.url,
    attribution: licenseLine(siteUrl),
    source: `${siteUrl}/`,
    count: rows.length,
    fields: [...COLUMNS],
    risk_rating_version: RATING_VERSION,
    protocols: rows.map((row) => ({
      ...(Object.fromEntries(COLUMNS.map((column) => [column, row[column]])) as ProtocolRow),
      risk_factors: (risk.get(row.name) ?? []).map((r) => ({ ...r })),
    })),
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

/**
 * One row per protocol with the CSV's own columns (lists joined with '; '), then generated_at,
 * schema_version and license on every row: any CSV reader sees them, and a plain header stays
 * the first line (a comment line would break spreadsheet imports).
 */
export function openDataCsv(rows: readonly ProtocolRow[], siteUrl: string, generatedAt: string): string {
  const cell = (value: ProtocolRow[keyof ProtocolRow]) =>
    value === null ? "" : Array.isArray(value) ? value.join("; ") : String(value);
  // The site's CSV writer: every field quoted, formula triggers neutralised (also after a ';'),
  // NUL dropped, so a downloaded file is as safe to open in a spreadsheet as the in-app export.
  return toCsv(
    [...COLUMNS, "generated_at", "schema_version", "license"],
    rows.map((row) => [
      ...COLUMNS.map((column) => cell(row[column])),
      generatedAt,
      String(OPEN_DATA_SCHEMA_VERSION),
      licenseLine(siteUrl),
    ]),
  );
}

/**
 * One row per protocol and evidenced factor (a factor not listed is 'Unknown'), with the rule's
 * version, the date and the licence on every row, written by the same safe CSV writer.
 */
export function riskFactorsCsv(
  rows: readonly ProtocolRow[],
  risk: ReadonlyMap<string, readonly FactorRecord[]>,
  siteUrl: string,
  generatedAt: string,
): string {
  return toCsv(
    [...RISK_FACTOR_COLUMNS, "generated_at", "schema_version", "license"],
    rows.flatMap((row) =>
      (risk.get(row.name) ?? []).map((r) => [
        row.name,
        r.factor,
        FACTOR_LABELS[r.factor],
        r.level,
        r.finding,
        r.source_url,
        r.source_kind,
        r.source_tier,
        r.document_date,
        r.read_on,
        String(r.computed),
        RATING_VERSION,
        generatedAt,
        String(OPEN_DATA_SCHEMA_VERSION),
        licenseLine(siteUrl),
      ]),
    ),
  );
}

const FILE_NAMES = ["protocols.json", "protocols.csv", "risk-factors.csv"] as const;

export function openData({ siteUrl, now = () => new Date() }: { siteUrl: string; now?: () => Date }): Plugin {
  const files = (): Record<string, string> => {
    const rows = committedRows();
    const risk = committedRiskFactors(rows);
    const generatedAt = now().toISOString();
    return {
      [`${OPEN_DATA_DIR}/protocols.json`]: openDataJson(rows, siteUrl, generatedAt, risk),
      [`${OPEN_DATA_DIR}/protocols.csv`]: openDataCsv(rows, siteUrl, generatedAt),
      [`${OPEN_DATA_DIR}/risk-factors.csv`]: riskFactorsCsv(rows, risk, siteUrl, generatedAt),
    };
  };
  return {
    name: "rwa-atlas:open-data",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.split("?")[0]?.slice(1);
        if (name === undefined || !FILE_NAMES.some((file) => name === `${OPEN_DATA_DIR}/${file}`)) return next();
        res.setHeader(
          "Content-Type",
          name.endsWith(".json") ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
        );
        res.end(files()[name]);
      });
    },
    generateBundle() {
      for (const [fileName, source] of Object.entries(files())) this.emitFile({ type: "asset", fileName, source });
    },
  };
}
