import type { Protocol } from "@/features/protocols/model/types";
import { isTracked, TRACKED_NOTE } from "@/features/protocols/model/review-status";

/** Under a tracked protocol's name (a row listed from DefiLlama, not reviewed): its terms and risk are not reviewed yet. */
export function ComparedTrackedNote({ protocol }: { protocol: Protocol }) {
  if (!isTracked(protocol)) return null;
  return (
    <span className="mt-1.5 block max-w-72 text-xs font-medium whitespace-normal text-secondary-foreground">
      {TRACKED_NOTE}
    </span>
  );
}
