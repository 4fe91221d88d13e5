// The app's en-US numbers, shared with the Edge Functions (risk-rating.ts writes amounts too).
export { formatEnUs, formatUsdCompact, formatUsdWhole } from "../../supabase/functions/_shared/en-us-number.ts";
