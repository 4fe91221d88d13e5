import { useCallback, useMemo, useState } from "react";
import { MAX_COMPARED } from "@/config/site";
import type { Protocol } from "@/features/protocols/types";
import { toggleSelection } from "./selection";

type Options = {
  onLimitReached?: () => void;
  max?: number;
  /** Controlled mode (e.g. ids kept in the URL): the ids and where changes go. */
  value?: readonly string[];
  onChange?: (ids: string[]) => void;
};

/**
 * Compare selection. Stores ids only; the selected protocols are derived from the current data,
 * so an id whose protocol disappears (refetch, bad row, stale link) silently drops out.
 */
export function useSelection(
  protocols: readonly Protocol[],
  { onLimitReached, max = MAX_COMPARED, value, onChange }: Options = {},
) {
  const [ownIds, setOwnIds] = useState<string[]>([]);
  const ids = value ?? ownIds;

  const selectedProtocols = useMemo(() => {
    const byId = new Map(protocols.map((protocol) => [protocol.id, protocol]));
    return ids.flatMap((id) => byId.get(id) ?? []).slice(0, max);
  }, [ids, protocols, max]);

  const selectedIds = useMemo(() => selectedProtocols.map((protocol) => protocol.id), [selectedProtocols]);

  const setIds = useCallback(
    (next: string[]) => {
      if (value === undefined) setOwnIds(next);
      onChange?.(next);
    },
    [value, onChange],
  );

  const toggle = useCallback(
    (id: string) => {
      const result = toggleSelection(selectedIds, id, max);
      if (result.limitReached) onLimitReached?.();
      else setIds(result.selected);
    },
    [selectedIds, max, onLimitReached, setIds],
  );

  const remove = useCallback(
    (id: string) => setIds(selectedIds.filter((selectedId) => selectedId !== id)),
    [selectedIds, setIds],
  );
  const clear = useCallback(() => setIds([]), [setIds]);

  return { selectedIds, selectedProtocols, toggle, remove, clear, max };
}
