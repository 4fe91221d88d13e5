import type { ReactNode } from "react";
import { BackToDirectory } from "@/components/layout/back-to-directory";

/** The top band of a secondary page (privacy, confirm): the way back home, then the page's heading. */
export function PageBand({ children }: { children: ReactNode }) {
  return (
    <div className="border-b border-border bg-surface">
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <BackToDirectory />
        {children}
      </div>
    </div>
  );
}
