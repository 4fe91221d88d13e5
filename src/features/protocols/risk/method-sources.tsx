import { Ban, BookOpenCheck, Newspaper } from "lucide-react";
import type { ReactNode } from "react";
import { CHANGE_RULES, COVERAGE_EXCEPTIONS, NO_ACCEPTABLE_SOURCE, SOURCES_INTRO } from "@/lib/risk-method";
import { SOURCE_TIER_DATA, type TierCategory } from "@/lib/source-tiers";

function TierList({ title, icon, categories }: { title: string; icon: ReactNode; categories: TierCategory[] }) {
  return (
    <div className="rounded-xl border border-border bg-surface p-5 shadow-sm">
      <h3 className="flex items-center gap-2 text-base font-semibold text-primary">
        {icon}
        {title}
      </h3>
      <ul className="mt-3 space-y-3 text-sm leading-6">
        {categories.map((entry) => (
          <li key={entry.category}>
            <strong className="font-semibold text-primary">{entry.category}</strong> ({entry.examples}): {entry.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The methodology's 'Sources' section: the two tiers and the never list, each kind with its reason
 * and the never list with its hosts, read from data/source-tiers.json (what data:check enforces),
 * what happens when no acceptable source states a factor, and where the coverage exceptions are.
 */
export function MethodSources() {
  return (
    <>
      <p>{SOURCES_INTRO}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TierList
          title="Primary sources"
          icon={<BookOpenCheck className="size-5 text-success" aria-hidden="true" />}
          categories={SOURCE_TIER_DATA.primary}
        />
        <TierList
          title="Secondary sources"
          icon={<Newspaper className="size-5 text-accent" aria-hidden="true" />}
          categories={SOURCE_TIER_DATA.secondary}
        />
      </div>
      <div className="rounded-xl border border-danger-border bg-danger-soft/40 p-5">
        <h3 className="flex items-center gap-2 text-base font-semibold text-primary">
          <Ban className="size-5 text-danger" aria-hidden="true" />
          Never a source
        </h3>
        <ul className="mt-3 space-y-4 text-sm leading-6">
          {SOURCE_TIER_DATA.never.map((entry) => (
            <li key={entry.category}>
              <strong className="font-semibold text-primary">{entry.category}</strong>: {entry.reason}
              <span className="mt-1 block [overflow-wrap:anywhere] text-muted-foreground">
                Refused: {entry.hosts.map((host) => host.pattern).join(", ")}.
              </span>
            </li>
          ))}
        </ul>
      </div>
      <p>{NO_ACCEPTABLE_SOURCE}</p>
      <p>{COVERAGE_EXCEPTIONS}</p>
    </>
  );
}

/** The methodology's 'Changes' section: how the rating's changes are recorded and shown. */
export function MethodChanges() {
  return (
    <ul className="list-disc space-y-2 pl-5">
      {CHANGE_RULES.map((rule) => (
        <li key={rule}>{rule}</li>
      ))}
    </ul>
  );
}
