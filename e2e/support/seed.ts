import type { APIRequestContext } from "@playwright/test";
import { LOCAL_ANON_KEY } from "../../local-api/defaults.ts";
import type { ServedProtocolRow } from "../../scripts/data/rules/protocol-row.ts";
import { formatUsd } from "../../src/lib/product-terms.ts";
import { E2E_API_URL } from "./ports.ts";

/** A protocols row as the local API serves it to the anon role (the app's own view). */
export type ProtocolRow = ServedProtocolRow;

export type Filters = { search?: string; assetClass?: string; risk?: string; blockchain?: string };

const anonHeaders = { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` };

/**
 * The seed straight from the database, fetched the way the app fetches it. Tests derive their
 * expectations from it (with the spec's rules, re-stated below) instead of hard-coding counts,
 * so they keep proving the behaviour when the monthly data update changes the rows.
 */
export async function fetchSeed(request: APIRequestContext): Promise<ProtocolRow[]> {
  const response = await request.get(`${E2E_API_URL}/rest/v1/protocols?select=*&order=name.asc`, {
    headers: anonHeaders,
  });
  if (!response.ok()) throw new Error(`seed fetch failed: ${response.status()} ${await response.text()}`);
  const rows = ((await response.json()) as ProtocolRow[]).sort((a, b) => compareNames(a.name, b.name));
  if (rows.length < 13) throw new Error(`the e2e journeys need at least 13 seeded protocols, got ${rows.length}`);
  return rows;
}

// Name order as a person expects it and as Supabase's en_US collation gives it ('stUSDT' among
// the S's). The local API's PGlite sorts bytewise, so the order is re-stated here.
const collator = new Intl.Collator("en", { sensitivity: "base" });
function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** docs/product.md, 'The directory', Filters: AND of all filters; 'all'/undefined disables one; search = case-insensitive substring of name. */
export function applyFilters(rows: ProtocolRow[], filters: Filters): ProtocolRow[] {
  const search = (filters.search ?? "").trim().toLowerCase();
  return rows.filter(
    (row) =>
      (search === "" || row.name.toLowerCase().includes(search)) &&
      (!filters.assetClass || row.asset_classes.includes(filters.assetClass)) &&
      (!filters.risk || row.risk_level === filters.risk) &&
      (!filters.blockchain || row.blockchains.includes(filters.blockchain)),
  );
}

/** docs/product.md, 'Data rules': B counts times 1000 into millions; >= 1000M shows as $X.XB, else $XM. */
export function totalTvl(rows: ProtocolRow[]): string {
  let millions = 0;
  for (const row of rows) {
    const match = /^\$(\d+(?:\.\d+)?)([MB])$/.exec(row.tvl);
    if (match) millions += Number(match[1]) * (match[2] === "B" ? 1000 : 1);
  }
  return millions >= 1000 ? `$${(millions / 1000).toFixed(1)}B` : `$${Math.round(millions)}M`;
}

export function distinctCount(rows: ProtocolRow[], pick: (row: ProtocolRow) => string[]): number {
  return new Set(rows.flatMap(pick)).size;
}

/** The value of some field that the most rows share, so a filter on it narrows but keeps results. */
export function mostCommon(rows: ProtocolRow[], pick: (row: ProtocolRow) => string[]): string {
  const counts = new Map<string, number>();
  for (const value of rows.flatMap(pick)) counts.set(value, (counts.get(value) ?? 0) + 1);
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (!best) throw new Error("no values to choose from");
  return best[0];
}

/** A TVL history point as the local API serves it. */
export type HistoryRow = { day: string; tvl_usd: number; source: string };

/** The protocol's TVL history as the local API serves it to the anon role, oldest first. */
export async function fetchHistory(request: APIRequestContext, protocolId: string): Promise<HistoryRow[]> {
  const response = await request.get(
    `${E2E_API_URL}/rest/v1/protocol_tvl_history?select=day,tvl_usd,source&protocol_id=eq.${protocolId}&order=day.asc`,
    { headers: anonHeaders },
  );
  if (!response.ok()) throw new Error(`history fetch failed: ${response.status()} ${await response.text()}`);
  // tvl_usd is a numeric column: PostgREST may send it as a string.
  return ((await response.json()) as Array<{ day: string; tvl_usd: number | string; source: string }>).map((row) => ({
    ...row,
    tvl_usd: Number(row.tvl_usd),
  }));
}

/** One evidenced risk factor as the local API serves it (protocol_risk_factors). */
export type RiskFactorRow = {
  protocol_id: string;
  factor: string;
  level: string;
  finding: string;
  source_url: string;
  source_kind: string;
  source_tier: string;
  document_date: string;
  read_on: string;
  computed: boolean;
};

/** One change of the rating as the local API serves it (protocol_changes, kinds risk_factor and risk_level). */
export type RatingChangeRow = {
  protocol_id: string;
  day: string;
  kind: string;
  field: string | null;
  old_value: string;
  new_value: string;
};

/** The rating's changes the local API serves to the anon role, by protocol id. */
export async function fetchRatingChanges(request: APIRequestContext): Promise<Map<string, RatingChangeRow[]>> {
  const response = await request.get(
    `${E2E_API_URL}/rest/v1/protocol_changes?select=protocol_id,day,kind,field,old_value,new_value`,
    { headers: anonHeaders },
  );
  if (!response.ok()) throw new Error(`changes fetch failed: ${response.status()} ${await response.text()}`);
  const byProtocol = new Map<string, RatingChangeRow[]>();
  for (const row of (await response.json()) as RatingChangeRow[]) {
    if (row.kind !== "risk_factor" && row.kind !== "risk_level") continue;
    byProtocol.set(row.protocol_id, [...(byProtocol.get(row.protocol_id) ?? []), row]);
  }
  return byProtocol;
}

/** Every evidenced risk factor the local API serves to the anon role, by protocol id. */
export async function fetchRiskFactors(request: APIRequestContext): Promise<Map<string, RiskFactorRow[]>> {
  const response = await request.get(
    `${E2E_API_URL}/rest/v1/protocol_risk_factors?select=protocol_id,factor,level,finding,source_url,source_kind,source_tier,document_date,read_on,computed`,
    { headers: anonHeaders },
  );
  if (!response.ok()) throw new Error(`risk factors fetch failed: ${response.status()} ${await response.text()}`);
  const byProtocol = new Map<string, RiskFactorRow[]>();
  for (const row of (await response.json()) as RiskFactorRow[]) {
    byProtocol.set(row.protocol_id, [...(byProtocol.get(row.protocol_id) ?? []), row]);
  }
  return byProtocol;
}

/** A waitlist row as the local API's inspection route lists it (the columns the journeys read). */
export type WaitlistRow = { email: string; source: string | null; created_at: string; confirmed_at: string | null };

/** All waitlist rows in the e2e database (dev/test-only inspection route of the local API). */
export async function fetchWaitlist(request: APIRequestContext): Promise<WaitlistRow[]> {
  const response = await request.get(`${E2E_API_URL}/_local/waitlist`);
  if (!response.ok()) throw new Error(`waitlist fetch failed: ${response.status()}`);
  return (await response.json()) as WaitlistRow[];
}

/** 'Data as of' names the month of the newest TVL date in the data ('December 2025'). */
export function dataAsOfMonth(rows: ProtocolRow[]): string {
  const newest = rows
    .map((r) => r.tvl_as_of)
    .filter((d): d is string => d !== null)
    .sort()
    .at(-1);
  if (!newest) throw new Error("no seeded protocol has a tvl_as_of");
  return new Date(`${newest}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** The confirmation mails the e2e local API sent (dev/test-only route; printed to its console too). */
/** A mail the local API sent: its confirm link and its "This wasn't me: stop" link. */
export type OutboxMail = { to: string; link: string; stopLink: string; at: string };

export async function fetchOutbox(request: APIRequestContext): Promise<OutboxMail[]> {
  const response = await request.get(`${E2E_API_URL}/_local/outbox`);
  if (!response.ok()) throw new Error(`outbox fetch failed: ${response.status()}`);
  return (await response.json()) as OutboxMail[];
}

/** A yield history point as the local API serves it. */
export type YieldHistoryRow = { day: string; apy_min: number; apy_max: number; source: string };

/** The protocol's yield history as the local API serves it to the anon role, oldest first. */
export async function fetchYieldHistory(request: APIRequestContext, protocolId: string): Promise<YieldHistoryRow[]> {
  const response = await request.get(
    `${E2E_API_URL}/rest/v1/protocol_yield_history?select=day,apy_min,apy_max,source&protocol_id=eq.${protocolId}&order=day.asc`,
    { headers: anonHeaders },
  );
  if (!response.ok()) throw new Error(`yield history fetch failed: ${response.status()} ${await response.text()}`);
  // numeric columns: PostgREST may send them as strings.
  return (
    (await response.json()) as Array<{
      day: string;
      apy_min: number | string;
      apy_max: number | string;
      source: string;
    }>
  ).map((row) => ({ ...row, apy_min: Number(row.apy_min), apy_max: Number(row.apy_max) }));
}

/**
 * The minimum the card and the comparison show (model/product-summary.ts): a protocol with products shows their lowest stated
 * minimum ('$50K', 'from $500', 'No minimum'); one without keeps its row's own text.
 */
export function minimumShown(row: ProtocolRow): string {
  const { product_count: count = 0, product_min_investment_usd: usd = null } = row as ProtocolRow & {
    product_count?: number;
    product_min_investment_usd?: number | null;
  };
  if (count === 0 || usd === null) return row.min_investment;
  if (usd === 0) return "No minimum";
  return count === 1 ? formatUsd(usd) : `from ${formatUsd(usd)}`;
}
