import { useCallback, useMemo, useState } from "react";
import { MAX_COMPARED } from "@/config/site";
import type { Protocol } from "@/features/protocols/types";
import { toggleSelection } from "./selection";

type Options = { onLimitReached?: () => void; max?: number };

/**
 * Compare selection. Stores ids only; the selected protocols are derived from the current data,
 * so an id whose protocol disappears (refetch, bad row) silently drops out.
 */
export function useSelection(protocols: readonly Protocol[], { onLimitReached, max = MAX_COMPARED }: Options = {}) {
  const [ids, setIds] = useState<string[]>([]);

  const selectedProtocols = useMemo(() => {
    const byId = new Map(protocols.map((protocol) => [protocol.id, protocol]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }, [ids, protocols]);

  const selectedIds = useMemo(() => selectedProtocols.map((protocol) => protocol.id), [selectedProtocols]);

  const toggle = useCallback(
    (id: string) => {
      const result = toggleSelection(selectedIds, id, max);
      if (result.limitReached) onLimitReached?.();
      else setIds(result.selected);
    },
    [selectedIds, max, onLimitReached],
  );

  const remove = useCallback((id: string) => setIds((current) => current.filter((selectedId) => selectedId !== id)), []);
  const clear = useCallback(() => setIds([]), []);

  return { selectedIds, selectedProtocols, toggle, remove, clear, max };
}
