import { lazy, Suspense, useMemo, useState } from "react";
import { SelectionBar } from "@/features/compare/selection-bar";
import { bestValues } from "@/features/protocols/best-values";
import { downloadProtocolsCsv } from "@/features/protocols/export-csv";
import type { Protocol } from "@/features/protocols/types";

// The comparison table is only needed after a click: keep it out of the entry chunk.
const ComparisonDialog = lazy(() =>
  import("@/features/compare/comparison-dialog").then((m) => ({ default: m.ComparisonDialog })),
);

type CompareTrayProps = {
  selected: readonly Protocol[];
  onRemove: (slug: string) => void;
  /** Absolute link that reproduces the directory with this selection ('Copy link'). */
  shareUrl: () => string;
};

/** The selection bar and, on 'Compare in Dashboard', the comparison dialog (home and protocol pages). */
export function CompareTray({ selected, onRemove, shareUrl }: CompareTrayProps) {
  const [open, setOpen] = useState(false);
  const best = useMemo(() => bestValues(selected), [selected]);
  return (
    <>
      <SelectionBar protocols={selected} onRemove={onRemove} onCompare={() => setOpen(true)} />
      {open && selected.length > 0 && (
        <Suspense fallback={null}>
          <ComparisonDialog
            open
            onOpenChange={setOpen}
            protocols={selected}
            best={best}
            shareUrl={shareUrl()}
            onDownloadCsv={() => downloadProtocolsCsv(selected, "comparison")}
          />
        </Suspense>
      )}
    </>
  );
}
