import { Sparkles } from "lucide-react";
import { memo, Suspense, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { useScrolledPast } from "@/components/layout/use-scrolled-past";
import { FLOATING_BUTTON_SCROLL_PX } from "@/config/site";
import { SelectionBar } from "@/features/compare/selection-bar";
import { rankMetrics } from "@/features/protocols/model/best-values";
import { downloadProtocolsCsv } from "@/features/protocols/export/export-csv";
import type { Protocol } from "@/features/protocols/model/types";
import { onDemand } from "@/lib/on-demand";
import { onDemandComponent } from "@/lib/on-demand-component";

// The comparison table is only needed after a click: keep it out of the entry chunk.
const ComparisonDialog = onDemandComponent(
  onDemand(
    () => import("@/features/compare/comparison-dialog"),
    (m) => m.ComparisonDialog,
  ),
);

type CompareTrayProps = {
  selected: readonly Protocol[];
  onRemove: (slug: string) => void;
  /** Absolute link that reproduces the directory with this selection ('Copy link'). */
  shareUrl: () => string;
  /**
   * The home page's floating 'Join Waitlist', folded into the tray on phones while the tray shows
   * (site-layout.tsx keeps the floating one out then), so the two never stack over the cards.
   */
  floatingJoin?: { onJoin: () => void; onIntent?: () => void };
};

/** The selection bar and, on 'Compare in Dashboard', the comparison dialog (home and protocol pages). */
export const CompareTray = memo(function CompareTray({ selected, onRemove, shareUrl, floatingJoin }: CompareTrayProps) {
  const [open, setOpen] = useState(false);
  const ranking = useMemo(() => rankMetrics(selected), [selected]);
  // The same rule as the floating button it stands in for: shown past the spec's 400 px.
  const scrolledPast = useScrolledPast(FLOATING_BUTTON_SCROLL_PX);
  return (
    <>
      <SelectionBar
        protocols={selected}
        onRemove={onRemove}
        onCompare={() => setOpen(true)}
        phoneAction={
          floatingJoin && scrolledPast ? (
            <Button
              variant="action"
              size="tray"
              shape="pill"
              onClick={floatingJoin.onJoin}
              onPointerEnter={floatingJoin.onIntent}
              onFocus={floatingJoin.onIntent}
            >
              <Sparkles aria-hidden="true" />
              Join Waitlist
            </Button>
          ) : undefined
        }
      />
      {open && selected.length > 0 && (
        <Suspense fallback={null}>
          <ComparisonDialog
            open
            onOpenChange={setOpen}
            protocols={selected}
            best={ranking.best}
            bestReasons={ranking.reasons}
            shareUrl={shareUrl()}
            onDownloadCsv={() => downloadProtocolsCsv(selected, "comparison")}
          />
        </Suspense>
      )}
    </>
  );
});
