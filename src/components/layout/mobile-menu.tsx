import { Mail, Sparkles } from "lucide-react";
import { site } from "@/config/site";
import { Button, buttonVariants } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { cn } from "@/lib/utils";

type MobileMenuProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onJoin: () => void;
  /** Runs when the drawer has closed, instead of Radix's focus return (it has no Trigger). */
  onCloseAutoFocus: (event: Event) => void;
};

/**
 * The phone drawer. Its own chunk (the dialog primitive and its focus and scroll locks) loaded
 * when the menu button is hovered, touched, focused or clicked: the page paints and hydrates
 * without it (site-header.tsx).
 */
export function MobileMenu({ open, onOpenChange, onJoin, onCloseAutoFocus }: MobileMenuProps) {
  const mailto = `mailto:${site.contactEmail}`;
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent onCloseAutoFocus={onCloseAutoFocus}>
        <div className="border-b border-border px-6 pt-5 pb-4">
          <SheetTitle className="text-base font-semibold text-foreground">Menu</SheetTitle>
          <SheetDescription className="mt-0.5 text-sm text-muted-foreground">
            Get in touch or reserve early access.
          </SheetDescription>
        </div>
        <nav aria-label="Mobile" className="flex flex-col gap-3 p-6">
          <Button variant="accent" size="lg" className="w-full" onClick={onJoin}>
            <Sparkles aria-hidden="true" />
            Join Waitlist
          </Button>
          <a href={mailto} className={cn(buttonVariants({ variant: "outline", size: "lg" }), "w-full")}>
            <Mail aria-hidden="true" />
            Contact Us
          </a>
          <p className="pt-2 text-center text-xs text-muted-foreground">{site.contactEmail}</p>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
