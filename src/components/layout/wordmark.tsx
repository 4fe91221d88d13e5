import { cn } from "@/lib/utils";
import { site } from "@/config/site";

type WordmarkProps = { className?: string; tone?: "dark" | "light" };

// The product mark: three rising bars (tokenized assets stacking up) in a rounded tile.
export function Wordmark({ className, tone = "dark" }: WordmarkProps) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true" focusable="false">
        <rect
          width="32"
          height="32"
          rx="8"
          className={tone === "dark" ? "fill-primary" : "fill-primary-foreground/10"}
        />
        <rect x="8" y="17" width="4" height="7" rx="1" className="fill-mark-low" />
        <rect x="14" y="12" width="4" height="12" rx="1" className="fill-mark-mid" />
        <rect x="20" y="8" width="4" height="16" rx="1" className="fill-primary-highlight" />
      </svg>
      <span
        className={cn(
          "text-lg font-bold tracking-tight whitespace-nowrap",
          tone === "dark" ? "text-primary" : "text-primary-foreground",
        )}
      >
        {site.productName}
      </span>
    </span>
  );
}
