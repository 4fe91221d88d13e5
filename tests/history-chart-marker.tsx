// A stand-in for the lazily loaded TVL chart (uPlot draws on a canvas, which jsdom lacks; e2e draws
// the real one): a marker that shows the window and the days it was given. Tests install it with
// vi.mock("@/features/protocols/history/history-chart", () => import(".../tests/history-chart-marker")).
export const HistoryChart = ({ view }: { view: { from: string; to: string; points: Array<{ day: string }> } }) => (
  <div data-testid="tvl-chart" data-window={`${view.from}/${view.to}`}>
    {view.points.map((p) => p.day).join(",")}
  </div>
);
