import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

export const Dialog = DialogPrimitive.Root;

const CLOSE_BUTTON =
  "inline-flex size-9 items-center justify-center rounded-md text-subtle-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring";

/** The dialog's close button, for a dialog that places it itself (in a sticky header). */
export function DialogCloseButton({ className, label = "Close" }: { className?: string; label?: string }) {
  return (
    <DialogPrimitive.Close className={cn(CLOSE_BUTTON, className)} aria-label={label}>
      <X className="size-5" aria-hidden="true" />
    </DialogPrimitive.Close>
  );
}

export function DialogContent({
  className,
  children,
  closeLabel = "Close",
  ownClose = false,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  closeLabel?: string;
  /** The children render their own DialogCloseButton (the comparison keeps it in its sticky header). */
  ownClose?: boolean;
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-overlay/60 backdrop-blur-[2px]" />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-xl border border-border bg-surface p-6 shadow-2xl focus:outline-none",
          className,
        )}
        {...props}
      >
        {children}
        {!ownClose && <DialogCloseButton className="absolute top-3 right-3" label={closeLabel} />}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-8", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title className={cn("text-xl font-bold tracking-tight text-foreground", className)} {...props} />
  );
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
