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

/**
 * The dialog's box. Its className gives what differs from dialog to dialog, never set here (`cn`
 * merges nothing: docs/decisions/021-class-names-without-merging.md): the width (max-w-*), the
 * padding and the overflow (which part scrolls).
 */
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
          "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-border bg-surface shadow-2xl focus:outline-none",
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

/** The title block; its className gives its padding (clear of the corner's close button). */
export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title className={cn("text-xl font-bold tracking-tight text-foreground", className)} {...props} />
  );
}

/** `tone`: the text colour, muted unless the description is the dialog's lead ('secondary'). */
export function DialogDescription({
  className,
  tone = "muted",
  ...props
}: ComponentProps<typeof DialogPrimitive.Description> & { tone?: "muted" | "secondary" }) {
  const colour = tone === "muted" ? "text-muted-foreground" : "text-secondary-foreground";
  return <DialogPrimitive.Description className={cn("text-sm", colour, className)} {...props} />;
}
