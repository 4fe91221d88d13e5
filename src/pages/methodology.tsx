import { Calculator, CircleCheck, CircleSlash, FileSearch } from "lucide-react";
import type { ReactNode } from "react";
import { PageBand } from "@/components/layout/page-band";
import { useCanonicalPath, usePageDescription, usePageTitle } from "@/components/layout/use-page-title";
import { site } from "@/config/site";
import { AssessmentBadge, NOT_RATED, RiskBadge } from "@/features/protocols/card/risk-badge";
import { MethodChanges, MethodSources } from "@/features/protocols/risk/method-sources";
import { word } from "@/lib/number-words";
import { ABOUT_THE_RATING, EVIDENCE_RULES, FACTOR_METHOD, RULE_STEPS, RULE_VERSIONS } from "@/lib/risk-method";
import {
  FACTOR_LABELS,
  MIN_EVIDENCED,
  RATING_VERSION,
  RISK_FACTORS,
  RISK_STEPS,
  type RiskFactor,
} from "@/lib/risk-rating";
import { formatAsOf } from "@/lib/tvl-provenance";
import { METHODOLOGY_DESCRIPTION, METHODOLOGY_PATH, methodologyTitle } from "@/lib/methodology-seo";
import { SiteLayout } from "@/app/site-layout";
import { ProductRules } from "@/components/product-rules";

const SECTIONS = [
  { id: "factors", title: "The seven factors" },
  { id: "rule", title: "The rule" },
  { id: "unknown-and-not-rated", title: "Unknown and Not rated" },
  { id: "evidence", title: "The evidence" },
  { id: "sources", title: "Sources" },
  { id: "changes", title: "Changes" },
  { id: "products", title: "Products: time to cash and yield after fees" },
  { id: "versions", title: "Versions" },
] as const;

type SectionId = (typeof SECTIONS)[number]["id"];

const published = RULE_VERSIONS[0]!;

/**
 * `/methodology`: the risk rating's method, rendered from the rule's own constants and
 * the sentences docs/methodology.md states (src/lib/risk-method.ts). Prerendered at build, so it
 * reads in full without JavaScript.
 */
export function MethodologyPage() {
  usePageTitle(methodologyTitle(site.productName));
  usePageDescription(METHODOLOGY_DESCRIPTION);
  useCanonicalPath(METHODOLOGY_PATH);

  return (
    <SiteLayout>
      <PageBand>
        <p className="mt-6 text-xs font-semibold tracking-wider text-accent uppercase">Risk rating methodology</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-primary sm:text-4xl">How we rate risk</h1>
        <p className="mt-3 text-sm text-muted-foreground">
          Version {RATING_VERSION} · published <time dateTime={published.date}>{formatAsOf(published.date)}</time>
        </p>
        <p className="mt-6 max-w-3xl text-base leading-7 text-secondary-foreground">{ABOUT_THE_RATING.summary}</p>
      </PageBand>

      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[13rem_1fr] lg:px-8 lg:py-14">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24">
            <p className="text-xs font-semibold tracking-wider text-subtle-foreground uppercase">On this page</p>
            <ol className="mt-3 flex flex-col gap-1 text-sm">
              {SECTIONS.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="block rounded-md px-2 py-1 text-subtle-foreground hover:bg-muted hover:text-primary focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <article className="min-w-0 text-[0.95rem] leading-7 text-secondary-foreground">
          <div className="grid gap-4 sm:grid-cols-2">
            <Aside icon={<CircleCheck className="size-5 text-success" aria-hidden="true" />} title="What it is">
              <p>A rating is {ABOUT_THE_RATING.is}</p>
            </Aside>
            <Aside icon={<CircleSlash className="size-5 text-danger" aria-hidden="true" />} title="What it is not">
              <p>It is not {ABOUT_THE_RATING.isNot}</p>
            </Aside>
          </div>

          <Section id="factors">
            <p>
              Each factor is assessed on four steps (the four risk levels of the directory) or is{" "}
              <strong className="font-semibold text-primary">Unknown</strong>. The factors marked Computed come from
              data we refresh; the others are researched from public documents.
            </p>
            <ol className="space-y-4">
              {RISK_FACTORS.map((factor, index) => (
                <Factor key={factor} factor={factor} number={index + 1} />
              ))}
            </ol>
          </Section>

          <Section id="rule">
            <ol className="list-decimal space-y-3 pl-5 marker:font-semibold marker:text-primary">
              {RULE_STEPS.map((step) => (
                <li key={step} className="pl-1">
                  {step}
                </li>
              ))}
            </ol>
            <p>
              The result is one of the four levels, so the directory&apos;s risk filter and badges work on it. The rule
              is pure and versioned, and its tests check three properties over thousands of random cases: worsening any
              one factor never lowers the overall level; an Unknown factor is never safer than a known one; the level is
              never more than two steps safer than the worst factor.
            </p>
          </Section>

          <Section id="unknown-and-not-rated">
            <dl className="grid gap-4 sm:grid-cols-2">
              <div className="rounded-xl border border-border bg-surface p-5">
                <dt>
                  <AssessmentBadge assessment="Unknown" />
                </dt>
                <dd className="mt-3 text-sm leading-6">
                  A factor without evidence. It scores as Very High, so missing evidence never makes a protocol look
                  safer. On a protocol&apos;s page it reads &apos;No evidence found yet&apos;.
                </dd>
              </div>
              <div className="rounded-xl border border-border bg-surface p-5">
                <dt>
                  <RiskBadge level={null} />
                </dt>
                <dd className="mt-3 text-sm leading-6">
                  A protocol with fewer than {word(MIN_EVIDENCED)} evidenced factors, or one nobody has reviewed yet. We
                  do not guess. Protocols added automatically from DefiLlama carry only the computed factors and stay{" "}
                  {NOT_RATED} until a person researches and reviews them.
                </dd>
              </div>
            </dl>
          </Section>

          <Section id="evidence">
            <p>
              Every assessment carries its finding, the page that states it, the kind and tier of that source, the date
              the document states and the date we read it. Each protocol&apos;s page lists them under &apos;Risk&apos;,
              and the open data includes them.
            </p>
            <ul className="space-y-2">
              {EVIDENCE_RULES.map((rule) => (
                <li key={rule} className="flex gap-3">
                  <FileSearch className="mt-1.5 size-4 shrink-0 text-accent" aria-hidden="true" />
                  <span>{rule}</span>
                </li>
              ))}
            </ul>
          </Section>

          <Section id="sources">
            <MethodSources />
          </Section>

          <Section id="changes">
            <MethodChanges />
          </Section>

          <Section id="products">
            <ProductRules />
          </Section>

          <Section id="versions">
            <ul className="space-y-1">
              {RULE_VERSIONS.map(({ version, date, change }) => (
                <li key={version}>
                  <strong className="font-semibold text-primary">{version}</strong> (
                  <time dateTime={date}>{formatAsOf(date)}</time>): {change}
                </li>
              ))}
            </ul>
            <p className="text-sm text-muted-foreground">
              The same method is written down in the repository&apos;s docs/methodology.md; the rule itself is
              src/lib/risk-rating.ts.
            </p>
          </Section>
        </article>
      </div>
    </SiteLayout>
  );
}

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = SECTIONS.find((section) => section.id === id)?.title;
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-12 scroll-mt-24 space-y-4">
      <h2 id={`${id}-heading`} className="text-xl font-semibold tracking-tight text-primary">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Aside({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-border bg-surface p-5 text-sm leading-6 shadow-sm">
      <p className="flex items-center gap-2 font-semibold text-primary">
        {icon}
        {title}
      </p>
      <div className="mt-2">{children}</div>
    </div>
  );
}

/** One factor: what it looks at, then what earns each step, or how it is computed. */
function Factor({ factor, number }: { factor: RiskFactor; number: number }) {
  const { question, steps, computed } = FACTOR_METHOD[factor];
  const headingId = `factor-${factor}`;
  return (
    <li className="rounded-xl border border-border bg-surface p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-base font-semibold text-primary">
          <span className="text-accent tabular-nums">{number}.</span> {FACTOR_LABELS[factor]}
        </h3>
        {computed !== undefined && (
          <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-strong">
            <Calculator className="size-3" aria-hidden="true" />
            Computed
          </span>
        )}
      </div>
      <p className="mt-1 text-sm text-secondary-foreground">
        {question.charAt(0).toUpperCase()}
        {question.slice(1)}
      </p>
      {steps && (
        <dl className="mt-4 divide-y divide-border rounded-lg border border-border">
          {RISK_STEPS.map((step) => (
            <div key={step} className="grid gap-1 px-3 py-2.5 sm:grid-cols-[7rem_1fr] sm:gap-4">
              <dt>
                <RiskBadge level={step} />
              </dt>
              <dd className="text-sm leading-6 text-secondary-foreground">
                {steps[step].charAt(0).toUpperCase()}
                {steps[step].slice(1)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {computed !== undefined && <p className="mt-3 text-sm leading-6 text-secondary-foreground">{computed}</p>}
    </li>
  );
}
