import type { ReactNode } from "react";

/** One state of a mailed link's page (/confirm: confirming, stopping): icon, title, text, actions. */
export function LinkMessage({
  icon,
  title,
  body,
  busy,
  children,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="confirm-title" aria-busy={busy || undefined} className="max-w-2xl">
      <div className="flex items-start gap-4">
        <span className="mt-1 flex size-11 shrink-0 items-center justify-center rounded-full bg-muted">{icon}</span>
        <div role="status" aria-live="polite">
          <h1 id="confirm-title" className="text-3xl font-bold tracking-tight text-primary sm:text-4xl">
            {title}
          </h1>
          <p className="mt-3 text-base leading-7 text-secondary-foreground">{body}</p>
        </div>
      </div>
      {children && <div className="mt-8 flex flex-wrap gap-3 sm:pl-15">{children}</div>}
    </section>
  );
}
