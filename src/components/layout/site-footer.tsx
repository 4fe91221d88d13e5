import { Link } from "react-router-dom";
import { site } from "@/config/site";
import { Wordmark } from "@/components/layout/wordmark";

const linkClass =
  "rounded-sm text-slate-200 underline-offset-4 transition-colors hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-teal-300";

/** A link inside a sentence: underlined, so it is told apart from the text by more than colour. */
const inTextLinkClass =
  "rounded-sm text-slate-200 underline decoration-slate-500 underline-offset-4 transition-colors hover:text-white hover:decoration-white focus-visible:outline-2 focus-visible:outline-teal-300";

type SiteFooterProps = {
  /** Px covered by a bar fixed at the bottom of the viewport; added below the content so the end of the page stays readable. */
  bottomClearance?: number;
  /** The month the loaded data refers to ('December 2025'); the configured month until data says otherwise. */
  dataAsOf?: string | null;
};

export function SiteFooter({ bottomClearance = 0, dataAsOf = null }: SiteFooterProps) {
  const year = new Date().getFullYear();

  return (
    <footer
      className="mt-auto bg-navy-900 text-slate-300"
      style={bottomClearance > 0 ? { paddingBottom: bottomClearance } : undefined}
    >
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-8 md:flex-row md:items-start md:justify-between">
          <div className="max-w-md">
            <Wordmark tone="light" />
            <p className="mt-4 text-sm leading-relaxed text-slate-300">
              Built by a Wall Street portfolio manager bringing traditional-finance analytics to blockchain.
            </p>
          </div>
          <nav aria-label="Footer" className="flex flex-col gap-3 text-sm">
            <div className="flex gap-6">
              <Link to="/methodology" className={linkClass}>
                How we rate risk
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
            <p className="text-slate-400">
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

        <div className="mt-10 flex flex-col gap-3 border-t border-white/10 pt-6 text-xs text-slate-400 md:flex-row md:items-center md:justify-between">
          <p className="text-slate-300">
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
}
