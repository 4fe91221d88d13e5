// The risk rating rule lives with the Edge Functions' shared code, so the daily refresh
// (supabase/functions/refresh-protocols) rates with the same rule as the site and the data tooling
// (an Edge Function can only import under supabase/functions).
export {
  contractFactor,
  FACTOR_LABELS,
  isRiskFactor,
  isRiskStep,
  maxDrawdown,
  MIN_EVIDENCED,
  overallRating,
  RATING_VERSION,
  RISK_FACTORS,
  RISK_STEPS,
  scoreOf,
  trackRecordFactor,
  WEAKEST_LINK_SPAN,
} from "../../supabase/functions/_shared/risk-rating.ts";
export type { Assessment, Assessments, RiskFactor, RiskStep } from "../../supabase/functions/_shared/risk-rating.ts";
