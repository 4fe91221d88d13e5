import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

// Every look a button takes is a variant here: `cn` joins classes and resolves no conflict
// (docs/decisions/021-class-names-without-merging.md), so a caller's className only adds what no
// variant sets (a width, a margin, a ring), never a second height, colour, radius or shadow.
export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground hover:bg-primary-hover",
        accent: "bg-accent text-accent-foreground hover:bg-accent-hover",
        /** The compare actions on the dark tray and bar. */
        action: "bg-primary-action text-primary hover:bg-primary-action-hover",
        outline: "border border-border bg-surface text-foreground hover:bg-muted",
        ghost: "text-foreground hover:bg-muted",
        /** A ghost in the secondary text colour (the header's 'Contact'). */
        quiet: "text-secondary-foreground hover:bg-muted",
        inverse: "bg-inverse text-primary hover:bg-inverse-hover",
        link: "text-accent underline-offset-4 hover:underline",
      },
      size: {
        default: "h-10 px-4 py-2 text-sm",
        sm: "h-9 px-3 text-sm",
        lg: "h-12 px-6 text-base",
        icon: "size-10 text-sm",
        /** The top banner's pill: 28 px, 32 px from sm. */
        xs: "h-7 px-4 text-xs sm:h-8",
        /** The comparison tray's 'Compare'. */
        tray: "h-8 px-3 text-sm",
        /** The selection bar's 'Compare': 36 px, 40 px from md. */
        bar: "h-9 px-4 py-2 text-sm md:h-10",
        /** The hero's calls to action: 40 px on a phone, where the hero is compact (decision 017), lg from sm. */
        hero: "h-10 px-6 text-sm sm:h-12 sm:text-base",
      },
      shape: { default: "rounded-md", pill: "rounded-full" },
      /** `floating`: the floating 'Join Waitlist' button's deeper shadow. */
      elevation: { default: "", floating: "shadow-lg" },
    },
    compoundVariants: [
      { variant: ["default", "accent", "action", "inverse"], elevation: "default", class: "shadow-sm" },
    ],
    defaultVariants: { variant: "default", size: "default", shape: "default", elevation: "default" },
  },
);

export type ButtonProps = ComponentProps<"button"> & VariantProps<typeof buttonVariants>;

export function Button({ className, variant, size, shape, elevation, type = "button", ...props }: ButtonProps) {
  return (
    <button type={type} className={cn(buttonVariants({ variant, size, shape, elevation }), className)} {...props} />
  );
}
