import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

export const badgeVariants = cva(
  "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground",
        outline: "border-border bg-surface text-secondary-foreground",
        muted: "border-transparent bg-muted text-secondary-foreground",
        low: "border-transparent bg-risk-low-bg text-risk-low-fg",
        medium: "border-transparent bg-risk-medium-bg text-risk-medium-fg",
        high: "border-transparent bg-risk-high-bg text-risk-high-fg",
        veryHigh: "border-transparent bg-risk-veryhigh-bg text-risk-veryhigh-fg",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export type BadgeProps = ComponentProps<"span"> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
