import { memo } from "react";
import { Link } from "react-router-dom";
import { site } from "@/config/site";
import { Wordmark } from "@/components/layout/wordmark";

const linkClass =
  "rounded-sm text-primary-secondary-foreground underline-offset-4 transition-colors hover:text-primary-foreground hover:underline focus-visible:outline-2 focus-visible:outline-primary-ring";

/** A link inside a sentence: underlined, so it is told apart from the text by more than colour. */
const inTextLinkClass =
  "rounded-sm text-primary-secondary-foreground underline decoration-primary-underline underline-offset-4 transition-colors hover:text-primary-foreground hover:decoration-primary-foreground focus-visible:outline-2 focus-visible:outline-primary-ring";

type SiteFooterProps = {
  /** Px covered by a bar fixed at the bottom of the viewport; added below the content so the end of the page stays readable. */
  bottomClearance?: number;
  /** The month the loaded data refers to ('December 2025'); the configured month until data says otherwise. */
  dataAsOf?: string | null;
};

export const SiteFooter = memo(function SiteFooter({ bottomClearance = 0, dataAsOf = null }: SiteFooterProps) {
  const year = new Date().getFullYear();

  return (
    <footer
      className="mt-auto bg-primary text-primary-muted-foreground"
      style={bottomClearance > 0 ? { paddingBottom: bottomClearance } : undefined}
    >
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-8 md:flex-row md:items-start md:justify-between">
          <div className="max-w-md">
            <Wordmark tone="light" />
            <p className="mt-4 text-sm leading-relaxed text-primary-muted-foreground">
              Built by a Wall Street portfolio manager bringing traditional-finance analytics to blockchain.
            </p>
          </div>
          <nav aria-label="Footer" className="flex flex-col gap-3 text-sm">
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              <Link to="/methodology" className={linkClass}>
                How we rate risk
              </Link>
              <Link to="/changes" className={linkClass}>
                What changed
              </Link>
              <Link to="/api" className={linkClass}>
                Open API
              </Link>
              <Link to="/privacy-policy" className={linkClass}>
                Privacy Policy
              </Link>
              <a href={`mailto:${site.contactEmail}`} className={linkClass}>
                Contact Us
              </a>
            </div>
            {/* Open data, written by npm run build (build/open-data.ts): plain files, never loaded by the page. */}
            {/* Both formats are links alike, so neither reads dimmer than the other. */}
            <p className="text-primary-subtle-foreground">
              Download the data as{" "}
              <a href="/data/protocols.csv" download className={inTextLinkClass}>
                CSV
              </a>{" "}
              or{" "}
              <a href="/data/protocols.json" className={inTextLinkClass}>
                JSON
              </a>{" "}
              (CC BY 4.0)
            </p>
          </nav>
        </div>

        <div className="mt-10 flex flex-col gap-3 border-t border-primary-foreground/10 pt-6 text-xs text-primary-subtle-foreground md:flex-row md:items-center md:justify-between">
          <p className="text-primary-muted-foreground">
            <span className="tabular-nums">Data as of {dataAsOf ?? site.dataAsOf} • Updated monthly</span>
          </p>
          <p>For information only, not investment advice. Verify details with each protocol before investing.</p>
          {/* The prerendered index.html carries the build's year; after New Year the client's
              differs until the next deploy, which is expected, not a hydration bug. */}
          <p className="tabular-nums" suppressHydrationWarning>
            © {year} {site.productName}
          </p>
        </div>
      </div>
    </footer>
  );
});
