// The rating's change log lives with the Edge Functions' shared code: the daily refresh records the
// computed factors' and the overall level's changes with it (an Edge Function can only import under
// supabase/functions), a review (data:build, data:push) the researched ones.
export {
  NO_RATING,
  NOT_RATED_VALUE,
  ratingChanges,
  ratingState,
  REASON_MAX,
  refreshRatingChanges,
  UNKNOWN_VALUE,
} from "../../supabase/functions/_shared/risk-changes.ts";
export type { FactorState, RatingChange, RatingState } from "../../supabase/functions/_shared/risk-changes.ts";
