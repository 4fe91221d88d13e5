import { useRef, useState } from "react";
import { Link } from "react-router-dom";
import { Mail, Menu, Sparkles } from "lucide-react";
import { site } from "@/config/site";
import { Button, buttonVariants } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { Wordmark } from "@/components/layout/wordmark";
import { cn } from "@/lib/utils";

type SiteHeaderProps = {
  /** Where the join action was used: the header bar or the mobile drawer. */
  onJoinWaitlist: (from: "header" | "drawer") => void;
  onIntent?: () => void;
};

export function SiteHeader({ onJoinWaitlist, onIntent }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const joinAfterClose = useRef(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const mailto = `mailto:${site.contactEmail}`;

  // Joining from the drawer: close it first and open the waitlist once it is gone, with focus
  // back on the menu button, so the dialog is not stacked on the drawer and returns focus there.
  function joinFromDrawer() {
    joinAfterClose.current = true;
    setMenuOpen(false);
  }

  function handleDrawerClosed(event: Event) {
    if (!joinAfterClose.current) return;
    joinAfterClose.current = false;
    event.preventDefault();
    menuButton.current?.focus();
    onJoinWaitlist("drawer");
  }

  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          aria-label={`${site.productName} home`}
          className="-m-1 inline-flex rounded-md p-1 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Wordmark />
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-2 md:flex">
          <a href={mailto} className={cn(buttonVariants({ variant: "ghost" }), "text-slate-700")}>
            <Mail aria-hidden="true" />
            Contact Us
          </a>
          <Button variant="accent" onClick={() => onJoinWaitlist("header")} onPointerEnter={onIntent} onFocus={onIntent}>
            Join Waitlist
          </Button>
        </nav>

        <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
          <SheetTrigger asChild>
            <Button
              ref={menuButton}
              variant="ghost"
              size="icon"
              className="md:hidden"
              aria-label="Open menu" onPointerEnter={onIntent}>
              <Menu className="size-5" aria-hidden="true" />
            </Button>
          </SheetTrigger>
          <SheetContent className="gap-0 p-0" onCloseAutoFocus={handleDrawerClosed}>
            <div className="border-b border-border px-6 pt-5 pb-4">
              <SheetTitle className="text-base font-semibold text-foreground">Menu</SheetTitle>
              <SheetDescription className="mt-0.5 text-sm text-muted-foreground">
                Get in touch or reserve early access.
              </SheetDescription>
            </div>
            <nav aria-label="Mobile" className="flex flex-col gap-3 p-6">
              <Button variant="accent" size="lg" className="w-full" onClick={joinFromDrawer}>
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
      </div>
    </header>
  );
}
