import { cn } from "@/lib/utils";

/**
 * One colour per compared slot (white text on each meets WCAG AA) and a key unique among the
 * compared protocols ('BF' and 'BB', not two 'B's: protocol-keys.ts), read out as 'Key BF'. The
 * tray's chips and the phone comparison use the same key, so a pick reads the same in both.
 */
const KEY_COLOURS = ["bg-slot-1", "bg-slot-2", "bg-slot-3"] as const;

export function ProtocolKey({ index, keys }: { index: number; keys: readonly string[] }) {
  const key = keys[index] ?? "?";
  return (
    <span
      className={cn(
        "inline-flex h-6 min-w-6 shrink-0 items-center justify-center rounded-full px-1 text-[0.6875rem] font-bold tracking-tight text-slot-foreground",
        KEY_COLOURS[index % KEY_COLOURS.length],
      )}
    >
      <span className="sr-only">Key </span>
      {key}
      <span className="sr-only">: </span>
    </span>
  );
}
