// Dates and sources of figures. The implementation lives in lib/tvl-provenance.ts so the
// comparison (another feature) and shared components use the same one.
export { dataAsOfMonth, formatAsOf } from "@/lib/tvl-provenance";
