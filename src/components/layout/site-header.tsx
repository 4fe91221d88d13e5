import { memo, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { Mail, Menu } from "lucide-react";
import { site } from "@/config/site";
import { Button, buttonVariants } from "@/components/ui/button";
import { Wordmark } from "@/components/layout/wordmark";
import { onDemand } from "@/lib/on-demand";

type SiteHeaderProps = {
  /** Where the join action was used: the header bar or the mobile drawer. */
  onJoinWaitlist: (from: "header" | "drawer") => void;
  onIntent?: () => void;
};

// The drawer is only for phones and only after a tap, so its code (the dialog primitive) is a
// chunk of its own, warmed on hover, touch or focus of the menu button.
const mobileMenu = onDemand(
  () => import("@/components/layout/mobile-menu"),
  (module) => module.MobileMenu,
);

export const SiteHeader = memo(function SiteHeader({ onJoinWaitlist, onIntent }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [MobileMenu, setMobileMenu] = useState(() => mobileMenu.current());
  const joinAfterClose = useRef(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const mailto = `mailto:${site.contactEmail}`;

  function warmMenu() {
    onIntent?.();
    mobileMenu.prefetch();
  }

  function openMenu() {
    if (MobileMenu) {
      setMenuOpen(true);
      return;
    }
    mobileMenu.load().then(
      (component) => {
        setMobileMenu(() => component);
        setMenuOpen(true);
      },
      (error: unknown) => console.error("The menu failed to load:", error),
    );
  }

  // Joining from the drawer: close it first and open the waitlist once it is gone, with focus
  // back on the menu button, so the dialog is not stacked on the drawer and returns focus there.
  function joinFromDrawer() {
    joinAfterClose.current = true;
    setMenuOpen(false);
  }

  // The drawer has no Radix Trigger (it is not loaded when the button renders), so focus goes
  // back to the menu button here rather than by Radix.
  function handleDrawerClosed(event: Event) {
    event.preventDefault();
    menuButton.current?.focus();
    if (!joinAfterClose.current) return;
    joinAfterClose.current = false;
    onJoinWaitlist("drawer");
  }

  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          aria-label={`${site.productName} home`}
          className="-m-1 inline-flex rounded-md p-1 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Wordmark />
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-2 md:flex">
          <a href={mailto} className={buttonVariants({ variant: "quiet" })}>
            <Mail aria-hidden="true" />
            Contact Us
          </a>
          <Button
            variant="accent"
            onClick={() => onJoinWaitlist("header")}
            onPointerEnter={onIntent}
            onFocus={onIntent}
          >
            Join Waitlist
          </Button>
        </nav>

        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={openMenu}
          onPointerEnter={warmMenu}
          onFocus={warmMenu}
        >
          <Menu className="size-5" aria-hidden="true" />
        </Button>
        {MobileMenu && (
          <MobileMenu
            open={menuOpen}
            onOpenChange={setMenuOpen}
            onJoin={joinFromDrawer}
            onCloseAutoFocus={handleDrawerClosed}
          />
        )}
      </div>
    </header>
  );
});
