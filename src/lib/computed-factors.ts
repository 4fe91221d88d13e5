// The computed risk factors live with the Edge Functions' shared code, so the daily refresh
// computes them as the data tooling does (an Edge Function can only import under supabase/functions).
export { computedFactors, launchDay } from "../../supabase/functions/_shared/computed-factors.ts";
export type { ComputedInput } from "../../supabase/functions/_shared/computed-factors.ts";
