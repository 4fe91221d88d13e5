import { ChevronDown } from "lucide-react";
import { useLayoutEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from "react";
import { onDemand } from "@/lib/on-demand";
import { selectTriggerClass } from "./select-trigger-class";

// Radix Select (with its popper, floating-ui, focus scope and dismissable layer: about 15 KB
// gzip) stays off the first load. Until someone shows intent, each select renders a stand-in
// button that looks and reads exactly like the closed Radix trigger; pointer enter, touch or
// focus starts loading the real one, and the first press or opening key swaps it in, open.

/**
 * The real select, loaded once; every stand-in switches to it when it arrives. A failed load is
 * forgotten, so the next intent tries again; the returned promise rejects, nothing throws.
 */
const selectCode = onDemand(
  () => import("./select"),
  ({ Select, SelectContent, SelectItem, SelectTrigger, SelectValue }) => ({
    Select,
    SelectContent,
    SelectItem,
    SelectTrigger,
    SelectValue,
  }),
);
export function loadSelect() {
  return selectCode.load();
}

type LazySelectItem = { value: string; label: string };

type LazySelectProps = {
  /** The trigger's id, for the `<label htmlFor>` that names it. */
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  items: readonly LazySelectItem[];
};

const OPEN_KEYS = new Set([" ", "Enter", "ArrowDown", "ArrowUp"]);

// Only the select pressed last opens when the code arrives: pressing another one while it loads
// withdraws the first request.
let cancelPendingOpen: (() => void) | null = null;

export function LazySelect({ id, value, onValueChange, items }: LazySelectProps) {
  // The prerendered shell and hydration always see the stand-in (server snapshot null).
  const select = useSyncExternalStore(selectCode.subscribe, selectCode.current, () => null);
  // Set when this select's stand-in was pressed or sent an opening key: the real one mounts open.
  const [openOnSwap, setOpenOnSwap] = useState(false);
  // Whether the stand-in had focus when it was swapped out, so the real trigger takes it over.
  const focusOnSwap = useRef(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    if (select && focusOnSwap.current) {
      focusOnSwap.current = false;
      triggerRef.current?.focus();
    }
  }, [select]);

  if (select) {
    const { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } = select;
    return (
      <Select value={value} onValueChange={onValueChange} defaultOpen={openOnSwap}>
        <SelectTrigger id={id} ref={triggerRef}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {items.map((item) => (
            <SelectItem key={item.value} value={item.value}>
              {item.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    );
  }

  const open = () => {
    if (openOnSwap) return;
    cancelPendingOpen?.();
    const cancel = () => setOpenOnSwap(false);
    cancelPendingOpen = cancel;
    setOpenOnSwap(true);
    loadSelect().then(
      () => {
        if (cancelPendingOpen === cancel) cancelPendingOpen = null;
      },
      () => {
        // The stand-in stays as it was; the next press or key tries again.
        if (cancelPendingOpen === cancel) cancelPendingOpen = null;
        cancel();
      },
    );
  };
  const current = items.find((item) => item.value === value);

  return (
    <button
      type="button"
      id={id}
      role="combobox"
      aria-expanded="false"
      aria-haspopup="listbox"
      aria-autocomplete="none"
      data-state="closed"
      data-stand-in=""
      className={selectTriggerClass}
      onPointerEnter={selectCode.prefetch}
      onFocus={() => {
        focusOnSwap.current = true;
        selectCode.prefetch();
      }}
      onBlur={() => {
        focusOnSwap.current = false;
      }}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        // Like the Radix trigger: a mouse opens on press, touch and pen on click (so a scroll
        // that starts on the select does not open it). Preventing the default keeps the
        // compatibility mousedown from moving focus once the real list has taken it.
        if (event.pointerType === "mouse" && event.button === 0 && !event.ctrlKey) {
          event.preventDefault();
          event.currentTarget.focus();
          open();
        } else {
          selectCode.prefetch();
        }
      }}
      onClick={(event) => {
        event.currentTarget.focus();
        open();
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        if (OPEN_KEYS.has(event.key)) {
          event.preventDefault();
          open();
        }
      }}
    >
      <span style={{ pointerEvents: "none" }}>{current?.label}</span>
      <ChevronDown className="size-4 shrink-0 text-placeholder" aria-hidden="true" />
    </button>
  );
}
