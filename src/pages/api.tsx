import { useId, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { PageBand } from "@/components/layout/page-band";
import { useCanonicalPath, usePageDescription, usePageTitle } from "@/components/layout/use-page-title";
import { env } from "@/config/env";
import { site } from "@/config/site";
import { feedUrl } from "@/lib/feed-url";
import { SiteLayout } from "@/app/site-layout";

const API_DESCRIPTION =
  "Read RWA Atlas' data without an account: the REST API with the public key, an Atom feed of what changed, and open-data files. OpenAPI 3.1, curl examples, CC BY 4.0.";
/** The most rows one REST answer holds (supabase/config.toml max_rows; build/openapi.ts MAX_ROWS). */
const MAX_ROWS = "1,000";

const LINK =
  "rounded-sm font-medium text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-bold tracking-tight text-primary">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Text({ children }: { children: ReactNode }) {
  return <p className="max-w-3xl text-base leading-7 text-secondary-foreground">{children}</p>;
}

/** A command to copy: scrolls sideways on a phone rather than breaking the line. */
function Command({ label, children }: { label: string; children: string }) {
  const id = useId();
  return (
    <figure aria-labelledby={id} className="space-y-1">
      <figcaption id={id} className="text-sm font-medium text-foreground">
        {label}
      </figcaption>
      <pre
        tabIndex={0}
        aria-label={label}
        className="overflow-x-auto rounded-lg border border-border bg-surface-subtle p-3 text-xs leading-5 text-foreground focus-visible:outline-2 focus-visible:outline-ring sm:text-sm"
      >
        <code>{children}</code>
      </pre>
    </figure>
  );
}

/** `/api`: the open API in plain words, with curl examples, the licence and the limits. */
export function ApiPage() {
  usePageTitle(`Open API | ${site.productName}`);
  usePageDescription(API_DESCRIPTION);
  useCanonicalPath("/api");
  const rest = `${env.supabaseUrl}/rest/v1`;
  const key = env.supabaseAnonKey;
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const headers = `-H "apikey: ${key}"`;

  return (
    <SiteLayout>
      <PageBand>
        <p className="mt-6 text-xs font-semibold tracking-wider text-accent uppercase">Open data</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-primary sm:text-4xl">Build on the data</h1>
        <p className="mt-4 max-w-3xl text-base leading-7 text-secondary-foreground">
          Everything {site.productName} shows is public, and you can read it without an account: the same tables the
          site reads, an Atom feed of what changed, and files rebuilt with every release. The{" "}
          <a href="/openapi.json" className={LINK}>
            OpenAPI 3.1 document
          </a>{" "}
          describes each read with its schema and an example.
        </p>
      </PageBand>

      <div className="mx-auto max-w-5xl space-y-12 px-4 py-10 sm:px-6 lg:px-8">
        <Section id="rest" title="The REST API">
          <Text>
            The tables are served by Supabase&apos;s REST API (PostgREST) at <code className="break-all">{rest}</code>.
            Send the site&apos;s public key as the <code>apikey</code> header. It only reads: nobody can change the data
            with it. Filter a column with <code>column=eq.value</code>, choose columns with <code>select</code>, sort
            with <code>order</code> and page with <code>limit</code> and <code>offset</code>.
          </Text>
          <Command label="The public key">{key}</Command>
          <Command label="Every protocol's TVL with its date and source">
            {`curl "${rest}/protocols?select=id,name,tvl_usd,tvl_as_of,tvl_source_url&order=name.asc" \\\n  ${headers}`}
          </Command>
          <Command label="One protocol's TVL history (its id from the call above)">
            {`curl "${rest}/protocol_tvl_history?protocol_id=eq.<id>&order=day.asc" \\\n  ${headers}`}
          </Command>
          <Command label="The 20 newest changes">
            {`curl "${rest}/protocol_changes?order=day.desc,id.desc&limit=20" \\\n  ${headers}`}
          </Command>
          <Text>
            The other tables: <code>products</code> (each token with its terms), <code>protocol_yield_history</code> and{" "}
            <code>protocol_risk_factors</code> (the evidence behind each{" "}
            <Link to="/methodology" className={LINK}>
              risk rating
            </Link>
            ).
          </Text>
        </Section>

        <Section id="feed" title="The Atom feed">
          <Text>
            What changed, newest first: new listings, renames, large TVL and yield moves, risk ratings and terms. The
            whole site&apos;s feed, or one protocol&apos;s with <code>?protocol=</code> and the slug of its page. No key
            is needed. Readers that send the <code>ETag</code> back get <code>304 Not Modified</code> while nothing
            changed. The same log is on the{" "}
            <Link to="/changes" className={LINK}>
              What changed
            </Link>{" "}
            page.
          </Text>
          <Command label="The whole site's feed">{`curl "${feedUrl()}"`}</Command>
          <Command label="One protocol's feed">{`curl "${feedUrl("centrifuge")}"`}</Command>
        </Section>

        <Section id="files" title="Files">
          <Text>
            Every release writes the whole directory as{" "}
            <a href="/data/protocols.json" className={LINK}>
              protocols.json
            </a>{" "}
            and{" "}
            <a href="/data/protocols.csv" download className={LINK}>
              protocols.csv
            </a>
            , and the risk evidence as{" "}
            <a href="/data/risk-factors.csv" download className={LINK}>
              risk-factors.csv
            </a>
            , each figure with its source and date.
          </Text>
          <Command label="The directory as JSON">{`curl "${origin}/data/protocols.json"`}</Command>
        </Section>

        <Section id="licence" title="Licence">
          <Text>
            The data is licensed{" "}
            <a
              href="https://creativecommons.org/licenses/by/4.0/"
              target="_blank"
              rel="noopener noreferrer"
              className={LINK}
            >
              CC BY 4.0
            </a>
            : copy, share and adapt it, commercially too, as long as you credit &quot;{site.productName}&quot; with a
            link and say if you changed it. The pages we cite remain their owners&apos;.
          </Text>
        </Section>

        <Section id="limits" title="Rate limits">
          <Text>
            We set no limit per visitor on reads. One REST answer holds at most {MAX_ROWS} rows: page with{" "}
            <code>limit</code> and <code>offset</code>. Beyond that, our Supabase plan&apos;s quotas are shared by all
            readers together, so please be gentle: the figures change once a day, the feed may be cached for 15 minutes,
            and the files change only with a release. Cache what you read, and poll the feed with its <code>ETag</code>.
          </Text>
        </Section>
      </div>
    </SiteLayout>
  );
}
