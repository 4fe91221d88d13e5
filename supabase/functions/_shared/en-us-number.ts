// Numbers written as en-US's Intl.NumberFormat writes them ('2,966.9', '-0.5', '1,000,000'),
// without Intl: a page's first Intl number format loads the browser's number data, 13-25 ms of
// the main thread in Chromium, which a page paid while starting (docs/decisions/025). As Intl
// does, it rounds the shortest decimal that reads back as the number (String(n)), half away from
// zero. src/lib/en-us-number.test.ts holds it to Intl's output.

export type FractionDigits = { minimumFractionDigits?: number; maximumFractionDigits?: number };

/** `n` as `n.toLocaleString("en-US", digits)` writes it (by default 0 to 3 fraction digits). */
export function formatEnUs(
  n: number,
  { minimumFractionDigits = 0, maximumFractionDigits = 3 }: FractionDigits = {},
): string {
  const max = Math.max(minimumFractionDigits, maximumFractionDigits);
  if (!Number.isFinite(n)) return n.toLocaleString("en-US");
  const [whole, fraction] = roundDecimal(plainDecimal(Math.abs(n)), max);
  return `${sign(n)}${written(whole.replace(/\B(?=(\d{3})+$)/g, ","), fraction, minimumFractionDigits)}`;
}

/** `amount` as en-US's USD currency format writes it with no cents: '$2,850,000,000', '-$12'. */
export function formatUsdWhole(amount: number): string {
  if (!Number.isFinite(amount)) return USD_FALLBACK().format(amount);
  return `${sign(amount)}$${formatEnUs(Math.abs(amount), { maximumFractionDigits: 0 })}`;
}

const UNITS = ["", "K", "M", "B", "T"];

/** `amount` in en-US's short compact USD with up to 2 decimals: '$2.85B', '$512.3M', '$1M' (999,999.999), '$950'. */
export function formatUsdCompact(amount: number): string {
  // Past the trillions Intl keeps 'T' and grows the figure; no TVL comes near.
  if (!Number.isFinite(amount) || Math.abs(amount) >= 1e15)
    return USD_FALLBACK({ notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(amount);
  const [whole, fraction] = plainDecimal(Math.abs(amount));
  let unit = whole === "0" ? 0 : Math.min(Math.floor((whole.length - 1) / 3), UNITS.length - 1);
  for (;;) {
    const cut = whole.length - 3 * unit;
    const shifted: [string, string] = [whole.slice(0, cut) || "0", whole.slice(cut) + fraction];
    const [roundedWhole, roundedFraction] = roundDecimal(shifted, 2);
    // 999.999K rounds to 1000K, which Intl writes as 1M.
    if (roundedWhole.length > 3 && unit < UNITS.length - 1) {
      unit += 1;
      continue;
    }
    return `${sign(amount)}$${written(roundedWhole, roundedFraction, 0)}${UNITS[unit]}`;
  }
}

const USD_FALLBACK = (options: Intl.NumberFormatOptions = {}) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0, ...options });

/** Intl's minus: for every negative number, -0 included. */
function sign(n: number): string {
  return n < 0 || Object.is(n, -0) ? "-" : "";
}

/** `whole.fraction`, the fraction's trailing zeros dropped down to `minimumDigits` (no point when none are left). */
function written(whole: string, fraction: string, minimumDigits: number): string {
  let digits = fraction;
  while (digits.length > minimumDigits && digits.endsWith("0")) digits = digits.slice(0, -1);
  return digits === "" ? whole : `${whole}.${digits}`;
}

/** A non-negative finite number's shortest decimal, written out without an exponent: [whole, fraction]. */
function plainDecimal(abs: number): [string, string] {
  const [mantissa = "0", exponentText] = String(abs).split("e");
  const [whole = "0", fraction = ""] = mantissa.split(".");
  const exponent = Number(exponentText ?? 0);
  const digits = whole + fraction;
  const point = whole.length + exponent;
  if (point <= 0) return ["0", "0".repeat(-point) + digits];
  if (point >= digits.length) return [digits + "0".repeat(point - digits.length), ""];
  return [digits.slice(0, point), digits.slice(point)];
}

/** [whole, fraction] rounded to `places` fraction digits, half away from zero (the fraction padded). */
function roundDecimal([whole, fraction]: [string, string], places: number): [string, string] {
  const kept = (whole + fraction.padEnd(places, "0").slice(0, places)).split("").map(Number);
  if (Number(fraction[places] ?? "0") >= 5) {
    let i = kept.length - 1;
    while (i >= 0 && kept[i] === 9) kept[i--] = 0;
    if (i >= 0) kept[i]! += 1;
    else kept.unshift(1);
  }
  const text = kept.join("");
  const wholeDigits = text.slice(0, text.length - places).replace(/^0+(?=\d)/, "") || "0";
  return [wholeDigits, text.slice(text.length - places)];
}
