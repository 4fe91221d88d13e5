import { cva, type VariantProps } from "class-variance-authority";
import { AlertTriangle } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

// shadcn's Alert: one box for what failed to load (the protocols, a history, the risk factors),
// its title and the message under it. `variant` names its kind, as shadcn's does; an error
// ('destructive') is the only one the site shows. A caller sizes the box (and its icon, with
// [&>svg]:size-*) with className, and picks its corners with `radius` (a className adds, never
// overrides: docs/decisions/021-class-names-without-merging.md).
const alertVariants = cva("flex flex-col items-center justify-center gap-2 border px-6 text-center", {
  variants: {
    variant: {
      destructive: "border-danger-border bg-danger-soft [&>svg]:text-danger",
    },
    radius: { default: "rounded-lg", xl: "rounded-xl" },
  },
  defaultVariants: { radius: "default" },
});

type AlertProps = ComponentProps<"div"> &
  Required<Pick<VariantProps<typeof alertVariants>, "variant">> &
  Pick<VariantProps<typeof alertVariants>, "radius">;

/** role="alert": a screen reader announces it when it appears. */
export function Alert({ className, variant, radius, children, ...props }: AlertProps) {
  return (
    <div role="alert" className={cn(alertVariants({ variant, radius }), className)} {...props}>
      <AlertTriangle className="size-6" aria-hidden="true" />
      {children}
    </div>
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("font-semibold text-danger-heading", className)} {...props} />;
}

/** The message, wrapped anywhere (a server's message may be one long word). */
export function AlertDescription({ className, ...props }: ComponentProps<"p">) {
  return (
    <p className={cn("max-w-lg text-sm [overflow-wrap:anywhere] text-danger-soft-foreground", className)} {...props} />
  );
}
