// What the rating reads of one protocol, as public.protocol_rating_inputs serves it, read
// defensively: a factor or a point that is not what the table allows is left out (and so counts as
// Unknown, never as safer). Runtime-neutral: no I/O.
import { isRiskFactor, isRiskStep, type RiskStep } from "../../_shared/risk-rating.ts";
import type { RatingInput } from "./types.ts";

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
/** YYYY-MM-DD, or YYYY-MM for a launch the source dates by its month (the tables' own checks). */
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === "object" && v !== null) : [];

/** One protocol's inputs; none when the row names no slug. */
export function ratingInputFrom(row: Record<string, unknown>): RatingInput[] {
  const slug = text(row.defillama_slug);
  if (slug === null) return [];
  const level = text(row.risk_level);
  const launch = typeof row.launch === "object" && row.launch !== null ? (row.launch as Record<string, unknown>) : null;
  const launchText = text(launch?.date);
  const launchDate = launchText !== null && (DAY.test(launchText) || MONTH.test(launchText)) ? launchText : null;
  const launchUrl = text(launch?.source_url);
  return [
    {
      defillama_slug: slug,
      risk_level: level !== null && isRiskStep(level) ? level : null,
      factors: list(row.factors).flatMap((f) => {
        const factor = text(f.factor);
        const step = text(f.level);
        const finding = text(f.finding);
        const sourceUrl = text(f.source_url);
        return factor !== null && isRiskFactor(factor) && step !== null && isRiskStep(step) && finding && sourceUrl
          ? [{ factor, level: step as RiskStep, finding, source_url: sourceUrl, computed: f.computed === true }]
          : [];
      }),
      launch: launchDate && launchUrl ? { date: launchDate, source_url: launchUrl } : null,
      history: list(row.history).flatMap((p) => {
        const day = text(p.day);
        const usd = p.tvl_usd === null || p.tvl_usd === "" ? NaN : Number(p.tvl_usd);
        return day !== null && DAY.test(day) && Number.isFinite(usd) ? [{ day, tvl_usd: usd }] : [];
      }),
    },
  ];
}
