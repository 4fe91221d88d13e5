import type { ReactNode } from "react";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import type { RiskLevel } from "@/config/site";
import type { Assessment } from "@/lib/risk-rating";
import { cn } from "@/lib/utils";

const VARIANT: Record<RiskLevel, NonNullable<BadgeProps["variant"]>> = {
  Low: "low",
  Medium: "medium",
  High: "high",
  "Very High": "veryHigh",
};

/** What a protocol without a level shows (docs/methodology.md: fewer than five evidenced factors, or not reviewed). */
export const NOT_RATED = "Not rated";

type RiskBadgeProps = {
  level: RiskLevel | null;
  /** `lg`: a page's own level, beside its title or figures. */
  size?: BadgeProps["size"];
  className?: string;
  /** After the level's word (the card's badge: an arrow saying it opens the evidence). */
  trailing?: ReactNode;
};

/** Low green, Medium amber, High orange, Very High red; a neutral 'Not rated' for a protocol without a level. */
export function RiskBadge({ level, size, className, trailing }: RiskBadgeProps) {
  if (level === null) {
    return (
      <Badge variant="muted" size={size} className={cn("gap-1", className)}>
        {NOT_RATED}
        {trailing}
      </Badge>
    );
  }
  return (
    <Badge variant={VARIANT[level]} size={size} className={cn("gap-1", className)}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current opacity-80" />
      {level}
      {trailing}
    </Badge>
  );
}

/** One factor's assessment: the level's colours and its word; 'Unknown' muted and in italics, never blank. */
export function AssessmentBadge({ assessment }: { assessment: Assessment }) {
  if (assessment === "Unknown") return <Badge variant="unknown">Unknown</Badge>;
  return <RiskBadge level={assessment} />;
}
