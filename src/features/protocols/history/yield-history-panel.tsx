import { useQuery } from "@tanstack/react-query";
import type { DayPoint } from "@/lib/history-rules";
import { CHART_HEIGHT, HistoryChart, HistoryPanel, NoHistory } from "./history-panel";
import type { Protocol } from "../model/types";
import {
  formatRate,
  formatYieldRange,
  protocolYieldHistoryQueryOptions,
  yieldHistorySummary,
  type YieldPoint,
} from "./yield-history";

const YIELD_TABLE = {
  label: "Yield history data",
  caption: "Yield range by day",
  valueHeader: "Yield (APY)",
  value: formatYieldRange,
};

// Stable references: the chart redraws only when its range changes.
const lowerOf = (point: DayPoint) => (point as YieldPoint).min;
const formatPoint = (point: DayPoint) => formatYieldRange(point as YieldPoint);

/**
 * The yield history next to the TVL's: the range's two ends as a band, with the same
 * range buttons, summary and 'Show data' table. Requested only on the protocol page.
 */
export function YieldHistory({ protocol }: { protocol: Protocol }) {
  const { data, error } = useQuery(protocolYieldHistoryQueryOptions(protocol.id));
  return (
    <HistoryPanel
      title="Yield history"
      figure="yield"
      data={data}
      error={error}
      empty={
        <NoHistory title="No yield history recorded yet">
          {protocol.yieldSource === "defillama"
            ? `The daily refresh records ${protocol.name}'s yield from its DefiLlama pools; the chart appears once there are two days to draw.`
            : `No DefiLlama pool of $1M or more reports ${protocol.name}'s yield, so it is not recorded daily. The key figure above gives its source and date.`}
        </NoHistory>
      }
      chart={(view) => (
        <HistoryChart
          view={view}
          formatValue={formatRate}
          lowerOf={lowerOf}
          formatPoint={formatPoint}
          className={CHART_HEIGHT}
          testId="yield-chart"
        />
      )}
      summary={yieldHistorySummary}
      table={YIELD_TABLE}
    />
  );
}
