import { UNCLASSIFIED } from "@/config/domain";

const TONES = {
  accent: "bg-accent-soft/70 text-accent-strong",
  outline: "border border-border text-secondary-foreground",
} as const;

/** A tracked row's 'Unclassified' reads as the absence of a class, not as a seventh one. */
const UNCLASSIFIED_TONE = "border border-dashed border-border-strong text-subtle-foreground italic";

/**
 * One list of tags, named for assistive tech: asset classes in the accent tone, blockchains
 * outlined; nothing for an empty list. `max` shows the first N and a '+N' tag naming the rest (the
 * card's rule).
 */
export function TagList({
  label,
  items,
  tone,
  max = Infinity,
}: {
  label: string;
  items: readonly string[];
  tone: keyof typeof TONES;
  max?: number;
}) {
  if (items.length === 0) return null;
  const hidden = items.slice(max);
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {items.slice(0, max).map((item) => (
        <li
          key={item}
          className={`rounded-md px-2 py-0.5 text-xs font-medium ${item === UNCLASSIFIED ? UNCLASSIFIED_TONE : TONES[tone]}`}
        >
          {item}
        </li>
      ))}
      {hidden.length > 0 && (
        <li
          className="rounded-md border border-dashed border-border-strong px-2 py-0.5 text-xs font-medium text-subtle-foreground"
          title={hidden.join(", ")}
          aria-label={`${hidden.length} more: ${hidden.join(", ")}`}
        >
          +{hidden.length}
        </li>
      )}
    </ul>
  );
}

/**
 * A protocol's asset classes and blockchains as tags: the card, the protocol page and the
 * comparison show the same lists. `maxChains` is the card's first-N-chains rule.
 */
export function ProtocolTags({
  assetClasses,
  blockchains,
  maxChains,
}: {
  assetClasses: readonly string[];
  blockchains: readonly string[];
  maxChains?: number;
}) {
  return (
    <>
      <TagList label="Asset classes" items={assetClasses} tone="accent" />
      <TagList label="Blockchains" items={blockchains} tone="outline" max={maxChains} />
    </>
  );
}
