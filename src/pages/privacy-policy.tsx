import type { ReactNode } from "react";
import { ShieldCheck } from "lucide-react";
import { site } from "@/config/site";
import { Button } from "@/components/ui/button";
import { PageBand } from "@/components/layout/page-band";
import { useLaunchTarget } from "@/components/use-launch-target";
import { OPENING_SOON } from "@/lib/launch-target";
import { useCanonicalPath, usePageTitle } from "@/components/layout/use-page-title";
import { useWaitlistDialog } from "@/features/waitlist/waitlist-provider";
import { SiteLayout } from "@/app/site-layout";

const SECTIONS = [
  { id: "information-we-collect", title: "Information We Collect" },
  { id: "how-we-use-your-information", title: "How We Use Your Information" },
  { id: "third-party-services", title: "Third-Party Services" },
  { id: "data-storage-and-security", title: "Data Storage and Security" },
  { id: "your-rights", title: "Your Rights" },
  { id: "cookies", title: "Cookies" },
  { id: "changes", title: "Changes" },
  { id: "contact-us", title: "Contact Us" },
] as const;

type SectionId = (typeof SECTIONS)[number]["id"];

export function PrivacyPolicyPage() {
  usePageTitle(`Privacy Policy · ${site.productName}`);
  useCanonicalPath("/privacy-policy");
  const { openWaitlist } = useWaitlistDialog();
  const launch = useLaunchTarget();
  const email = site.contactEmail;
  const mail = (
    <a
      href={`mailto:${email}`}
      className="font-medium text-accent underline underline-offset-2 hover:text-accent-hover"
    >
      {email}
    </a>
  );

  return (
    <SiteLayout>
      <PageBand>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-primary sm:text-4xl">Privacy Policy</h1>
        <p className="mt-2 text-sm text-muted-foreground">Last updated {site.privacyPolicyUpdated}</p>
      </PageBand>

      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[14rem_1fr] lg:px-8 lg:py-14">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24">
            <p className="text-xs font-semibold tracking-wider text-subtle-foreground uppercase">On this page</p>
            <ol className="mt-3 flex flex-col gap-1 text-sm">
              {SECTIONS.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="block rounded-md px-2 py-1 text-subtle-foreground hover:bg-muted hover:text-primary focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span className="tabular-nums">{index + 1}.</span> {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        {/* Markup alike in shape with the hero's lists (a closing list, then a block): nothing shared. */}
        <article className="max-w-prose text-[0.95rem] leading-7 text-secondary-foreground">
          <div className="flex gap-3 rounded-xl border border-accent-border bg-accent-soft/40 p-5">
            <ShieldCheck className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
            <p className="text-sm leading-6 text-callout-foreground">
              <strong className="font-semibold text-primary">In short:</strong> browsing the {site.productName}{" "}
              directory is anonymous. The only personal information we keep is the e-mail address you give us when you
              join the waitlist, and you can ask us to delete it at any time.
            </p>
          </div>

          <Section id="information-we-collect" number={1}>
            <p>
              We collect one piece of personal information: the e-mail address you enter when you join the waitlist.
              Alongside it we record the date and time you signed up and which sign-up button you used, so we know which
              parts of the site are useful.
            </p>
            <p>
              You do not need an account to use the directory, and we do not ask for your name, phone number, wallet
              address or any financial information. When you submit the form, our server briefly processes your IP
              address to block automated abuse; it is not stored with your e-mail address.
            </p>
          </Section>

          <Section id="how-we-use-your-information" number={2}>
            <p>We use your e-mail address only to:</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>tell you when the portfolio analytics platform launches and how to get early access;</li>
              <li>let you know about new features and significant improvements;</li>
              <li>send service information, such as a confirmation that you joined or changes to this policy.</li>
            </ul>
            <p>We never sell, rent or trade your e-mail address, and we do not use it for advertising.</p>
          </Section>

          <Section id="third-party-services" number={3}>
            <p>
              We use an e-mail marketing provider to send waitlist confirmations and updates. It receives your e-mail
              address for that purpose only and processes it on our behalf under its own data-protection commitments.
            </p>
            <p>
              Our database and server functions are hosted by Supabase. Protocol data in the directory links to the
              protocols' own websites; those sites have their own privacy policies, which we do not control.
            </p>
          </Section>

          <Section id="data-storage-and-security" number={4}>
            <p>
              Waitlist addresses are stored in a managed database that is encrypted in transit and at rest. The table is
              not readable with the public key the website uses; only our own server-side functions can access it.
            </p>
            <p>
              We keep your address until the waitlist is no longer needed or you ask us to remove it. No system is
              perfectly secure, but we limit what we collect so there is very little to protect.
            </p>
          </Section>

          <Section id="your-rights" number={5}>
            <p>You are in control of your information. You can at any time:</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>unsubscribe using the link included in every e-mail we send;</li>
              <li>ask us to delete your e-mail address and everything stored with it;</li>
              <li>request a copy of the information we hold about you;</li>
              <li>ask us to correct your e-mail address.</li>
            </ul>
            <p>
              Write to us at the address in{" "}
              <a
                href="#contact-us"
                className="font-medium text-accent underline underline-offset-2 hover:text-accent-hover"
              >
                section 8
              </a>{" "}
              and we will respond within 30 days.
            </p>
          </Section>

          <Section id="cookies" number={6}>
            <p>
              We do not use advertising or tracking cookies, and no cookies beyond what basic functionality needs. The
              site stores one small flag in your browser's session storage to remember that you closed the announcement
              banner; it is deleted when you close the tab.
            </p>
          </Section>

          <Section id="changes" number={7}>
            <p>
              We may update this policy as the product grows. The date at the top of this page shows when it last
              changed. If a change affects how we use your e-mail address, we will tell you by e-mail before it takes
              effect.
            </p>
          </Section>

          <Section id="contact-us" number={8}>
            <p>Questions about this policy or your data? Contact us at {mail}.</p>
          </Section>

          <aside className="mt-12 flex flex-col items-start gap-4 rounded-xl bg-primary p-6 text-primary-secondary-foreground sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm leading-6">
              <span className="block font-semibold text-primary-foreground">Want early access?</span>
              Portfolio analytics for tokenized real-world assets,{" "}
              {launch.past ? `${OPENING_SOON}.` : `launching ${launch.target}.`}
            </p>
            <Button variant="inverse" onClick={() => openWaitlist({ source: "privacy" })}>
              Join the waitlist
            </Button>
          </aside>
        </article>
      </div>
    </SiteLayout>
  );
}

function Section({ id, number, children }: { id: SectionId; number: number; children: ReactNode }) {
  const title = SECTIONS.find((section) => section.id === id)?.title;
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-10 scroll-mt-24 space-y-4">
      <h2 id={`${id}-heading`} className="text-xl font-semibold tracking-tight text-primary">
        <span className="tabular-nums">{number}.</span> {title}
      </h2>
      {children}
    </section>
  );
}
