import type { Protocol } from "./types";

// '$2.8B', '$350M', '~$15M', '$1,200 M' -> millions. Only dollar figures in B or M count:
// 'N/A', 'Unclear', '€100M' or '$5K' are display text, never a number (and never NaN).
const TVL_PATTERN = /^~?\$(\d+(?:\.\d+)?)([MB])$/i;

export function parseTvlMillions(text: unknown): number | null {
  if (typeof text !== "string") return null;
  const compact = text.replace(/[\s,]/g, "");
  const match = TVL_PATTERN.exec(compact);
  if (!match) return null;
  const amount = Number(match[1]);
  if (!Number.isFinite(amount)) return null;
  const millions = match[2]!.toUpperCase() === "B" ? amount * 1000 : amount;
  // Strip binary-float noise (1.1 * 1000 = 1100.0000000000002).
  return Math.round(millions * 1e6) / 1e6;
}

/**
 * '$X.XB' at or above 1000M, else '$XM'. Rounds to whole millions first so 999.6M reads
 * '$1.0B' rather than the odd-looking '$1000M'.
 */
export function formatTotalTvl(millions: number): string {
  const safe = Number.isFinite(millions) && millions > 0 ? millions : 0;
  const wholeMillions = Math.round(safe);
  if (wholeMillions >= 1000) return `$${(safe / 1000).toFixed(1)}B`;
  return `$${wholeMillions}M`;
}

/** Sum of the parseable TVL figures, in millions. */
export function totalTvlMillions(protocols: readonly Pick<Protocol, "tvl">[]): number {
  let sum = 0;
  for (const protocol of protocols) sum += parseTvlMillions(protocol.tvl) ?? 0;
  return Math.round(sum * 1e6) / 1e6;
}

export function totalTvl(protocols: readonly Pick<Protocol, "tvl">[]): string {
  return formatTotalTvl(totalTvlMillions(protocols));
}
