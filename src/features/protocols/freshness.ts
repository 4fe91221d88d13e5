// The freshness rule for protocol figures (issue #11). The implementation lives in lib/ so the
// comparison (another feature) and shared components can use it too; import it from here in the
// protocols feature and its pages.
export { ageInDays, isStale, STALE_AFTER_DAYS } from "@/lib/freshness";
