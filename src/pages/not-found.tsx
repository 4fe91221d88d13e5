import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router-dom";
import { ArrowLeft, Compass } from "lucide-react";
import { site } from "@/config/site";
import { buttonVariants } from "@/components/ui/button";
import { usePageTitle } from "@/components/layout/use-page-title";
import { SiteLayout } from "@/app/site-layout";

export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageTitle(`Page not found · ${site.productName}`);

  // Once per path, even when StrictMode replays effects in development.
  const loggedPath = useRef<string | null>(null);
  useEffect(() => {
    if (loggedPath.current === pathname) return;
    loggedPath.current = pathname;
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);

  return (
    <SiteLayout>
      <section className="flex min-h-[60vh] items-center justify-center px-4 py-20">
        <div className="text-center">
          <span className="mx-auto mb-6 flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-accent shadow-sm">
            <Compass className="size-7" aria-hidden="true" />
          </span>
          <p className="text-sm font-semibold tracking-widest text-accent uppercase tabular-nums">Error 404</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-primary sm:text-4xl">Oops! Page not found</h1>
          <p className="mx-auto mt-3 max-w-sm text-base text-muted-foreground">
            The page you are looking for does not exist or has moved. The protocol directory is one click away.
          </p>
          <p className="mt-2 text-sm break-all text-placeholder">
            <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-secondary-foreground">{pathname}</code>
          </p>
          <Link to="/" className={buttonVariants({ size: "lg", className: "mt-8" })}>
            <ArrowLeft aria-hidden="true" />
            Return to Home
          </Link>
        </div>
      </section>
    </SiteLayout>
  );
}
