import { useQuery } from "@tanstack/react-query";
import { formatUsdCompact, formatUsdFull, historySummary, protocolHistoryQueryOptions, type TvlPoint } from "./history";
import { HistoryChart, HistoryPanel, NoHistory, CHART_HEIGHT } from "./history-panel";

const TVL_TABLE = {
  label: "TVL history data",
  caption: "TVL by day",
  valueHeader: "TVL (USD)",
  value: (point: TvlPoint) => formatUsdFull(point.value),
};

/** The TVL history: range buttons, the chart (lazy), a summary and the data behind 'Show data'. */
export function TvlHistory({ protocolId, protocolName }: { protocolId: string; protocolName: string }) {
  const { data, error } = useQuery(protocolHistoryQueryOptions(protocolId));
  return (
    <HistoryPanel
      title="TVL history"
      figure="TVL"
      data={data}
      error={error}
      empty={
        <NoHistory title="No history recorded yet">
          The daily refresh records {protocolName}&apos;s TVL from now on; the chart appears once there are two days to
          draw.
        </NoHistory>
      }
      chart={(view) => (
        <HistoryChart view={view} formatValue={formatUsdCompact} className={CHART_HEIGHT} testId="tvl-chart" />
      )}
      summary={historySummary}
      table={TVL_TABLE}
    />
  );
}
