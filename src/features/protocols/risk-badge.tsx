import { Badge, type BadgeProps } from "@/components/ui/badge";
import type { RiskLevel } from "@/config/site";
import { cn } from "@/lib/utils";

const VARIANT: Record<RiskLevel, NonNullable<BadgeProps["variant"]>> = {
  Low: "low",
  Medium: "medium",
  High: "high",
  "Very High": "veryHigh",
};

/** Low green, Medium amber, High orange, Very High red; a neutral 'Unrated' for unknown data. */
export function RiskBadge({ level, className }: { level: RiskLevel | null; className?: string }) {
  if (level === null) {
    return (
      <Badge variant="muted" className={className} title="The risk level on record is missing or not recognised">
        Unrated
      </Badge>
    );
  }
  return (
    <Badge variant={VARIANT[level]} className={cn("gap-1", className)}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current opacity-80" />
      {level}
    </Badge>
  );
}
