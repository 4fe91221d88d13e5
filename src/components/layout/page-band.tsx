import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { ArrowLeft } from "lucide-react";

/** The top band of a secondary page (privacy, confirm): the way back home, then the page's heading. */
export function PageBand({ children }: { children: ReactNode }) {
  return (
    <div className="border-b border-border bg-surface">
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <Link
          to="/"
          className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-slate-600 hover:text-navy-900 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to the directory
        </Link>
        {children}
      </div>
    </div>
  );
}
