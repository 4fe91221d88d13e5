import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

// Every look a badge takes is a variant (as with buttons: docs/decisions/021-class-names-without-merging.md).
export const badgeVariants = cva("inline-flex items-center rounded-full border whitespace-nowrap", {
  variants: {
    variant: {
      default: "border-transparent bg-primary font-semibold text-primary-foreground",
      outline: "border-border bg-surface font-semibold text-secondary-foreground",
      muted: "border-transparent bg-muted font-semibold text-secondary-foreground",
      /** An unknown assessment: muted, dashed and in italics, never blank. */
      unknown: "border-dashed border-border bg-surface font-medium text-muted-foreground italic",
      low: "border-transparent bg-risk-low-bg font-semibold text-risk-low-fg",
      medium: "border-transparent bg-risk-medium-bg font-semibold text-risk-medium-fg",
      high: "border-transparent bg-risk-high-bg font-semibold text-risk-high-fg",
      veryHigh: "border-transparent bg-risk-veryhigh-bg font-semibold text-risk-veryhigh-fg",
    },
    size: {
      default: "px-2.5 py-0.5 text-xs",
      /** A page's own level, beside its title or figures. */
      lg: "px-3 py-1 text-sm",
    },
  },
  defaultVariants: { variant: "default", size: "default" },
});

export type BadgeProps = ComponentProps<"span"> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, size, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant, size }), className)} {...props} />;
}
