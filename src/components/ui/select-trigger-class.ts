/**
 * The select trigger's classes, shared by the real Radix trigger (select.tsx, loaded on demand)
 * and the stand-in the first load renders in its place (lazy-select.tsx), so both look the same.
 */
export const selectTriggerClass =
  "flex h-10 w-full items-center justify-between gap-2 rounded-md border border-border bg-surface px-3 py-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 data-[placeholder]:text-placeholder [&>span]:truncate";
