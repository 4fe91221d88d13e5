import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { CircleAlert, CircleCheck, Clock, LoaderCircle, MailCheck } from "lucide-react";
import { site } from "@/config/site";
import { Button } from "@/components/ui/button";
import { PageBand } from "@/components/layout/page-band";
import { useCanonicalPath, usePageTitle } from "@/components/layout/use-page-title";
import {
  confirmSignup,
  isConfirmStatus,
  isStopStatus,
  type ConfirmStatus,
  type StopStatus,
} from "@/features/waitlist/confirm-signup";
import { CONFIRM_TEXTS, STOP_TEXTS, confirmedBody } from "@/features/waitlist/confirm-texts";
import { LinkMessage } from "@/features/waitlist/link-message";
import { StopFlow } from "@/features/waitlist/stop-flow";
import {
  OUTCOME_KEYS,
  rememberedOutcomeOf,
  useLinkAction,
  useRememberOutcome,
} from "@/features/waitlist/use-link-action";
import { useLaunchTarget } from "@/components/use-launch-target";
import { useWaitlistDialog } from "@/features/waitlist/waitlist-provider";
import { SiteLayout } from "@/app/site-layout";

/**
 * /confirm#token=...: the link in the confirmation mail (older mails carry `?token=`, still read),
 * and /confirm#stop=...: the same mail's "This wasn't me: stop" link, with the same token.
 * Nothing is confirmed or stopped on load: the page asks the visitor to press a button, so a mail
 * scanner that opens the link, even one that runs the page's JavaScript, changes nothing. The
 * token sits in the fragment, which browsers never send to the static host; the page then moves it
 * from the address bar into this history entry's state (where a reload still finds it, and no
 * Referer, shared URL or back button shows it), and sets `referrer: no-referrer` while it is shown.
 */
export function ConfirmPage() {
  const { search, hash, state: historyState } = useLocation();
  const navigate = useNavigate();
  // The link being followed: from the URL, or (a reload of the cleaned URL) from the history
  // entry, which then also remembers an outcome already seen, so a reload does not show 'invalid'.
  const [link, setLink] = useState<MailLink>(() => {
    const mailed = linkOf(search, hash) ?? rememberedLink(historyState);
    if (mailed) return { ...mailed, remembered: null };
    const stopped = rememberedOutcomeOf(historyState, OUTCOME_KEYS.stop, isStopStatus);
    if (stopped) return { kind: "stop", token: null, remembered: stopped };
    const confirmed = rememberedOutcomeOf(historyState, OUTCOME_KEYS.confirm, isConfirmStatus);
    return { kind: "confirm", token: null, remembered: confirmed };
  });
  // A link opened while the page is shown (same document: only the fragment changed) starts over.
  const fromUrl = linkOf(search, hash);
  if (fromUrl !== null && (fromUrl.token !== link.token || fromUrl.kind !== link.kind))
    setLink({ ...fromUrl, remembered: null });
  // An effect, not a layout effect: on a first render the router subscribes to history in its own
  // layout effect, after its children's, and would miss a navigation made before that.
  const urlKind = fromUrl?.kind;
  const urlToken = fromUrl?.token;
  useEffect(() => {
    if (urlKind !== undefined && urlToken !== undefined)
      void navigate("/confirm", { replace: true, state: { [TOKEN_KEYS[urlKind]]: urlToken } });
  }, [urlKind, urlToken, navigate]);
  const stop = link.kind === "stop";
  usePageTitle(`${stop ? "Stop emails" : "Confirm your email"} · ${site.productName}`);
  useCanonicalPath("/confirm");
  useNoReferrerNoIndex();

  return (
    <SiteLayout>
      <PageBand>
        <p className="mt-4 text-sm font-semibold tracking-wider text-subtle-foreground uppercase">
          {stop ? STOP_TEXTS.heading : "Waitlist · Email confirmation"}
        </p>
      </PageBand>
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14">
        {link.kind === "stop" ? (
          <StopFlow key={`stop:${link.token ?? ""}`} token={link.token} remembered={link.remembered} />
        ) : (
          <ConfirmFlow key={`confirm:${link.token ?? ""}`} token={link.token} remembered={link.remembered} />
        )}
      </div>
    </SiteLayout>
  );
}

type MailLink =
  | { kind: "confirm"; token: string | null; remembered: ConfirmStatus | null }
  | { kind: "stop"; token: string | null; remembered: StopStatus | null };

const TOKEN_KEYS = { confirm: "confirmToken", stop: "stopToken" } as const;

/** One link's confirmation: the button, the request, and the outcome. */
function ConfirmFlow({ token, remembered }: { token: string | null; remembered: ConfirmStatus | null }) {
  const { openWaitlist } = useWaitlistDialog();
  const result = useLinkAction<ConfirmStatus>(token, remembered, confirmSignup, "invalid");
  useRememberOutcome(OUTCOME_KEYS.confirm, isConfirmStatus(result.state) ? result.state : null);

  if (result.state === "ready") {
    return (
      <LinkMessage
        icon={<MailCheck className="size-6 text-accent" aria-hidden="true" />}
        title={CONFIRM_TEXTS.ready.title}
        body={CONFIRM_TEXTS.ready.body}
      >
        <Button onClick={result.press}>{CONFIRM_TEXTS.ready.button}</Button>
      </LinkMessage>
    );
  }
  if (result.state === "pending") {
    return (
      <LinkMessage
        icon={<LoaderCircle className="size-6 animate-spin text-placeholder" aria-hidden="true" />}
        {...CONFIRM_TEXTS.confirming}
        busy
      />
    );
  }
  if (result.state === "failed") {
    return (
      <LinkMessage icon={<CircleAlert className="size-6 text-danger" aria-hidden="true" />} {...CONFIRM_TEXTS.failed}>
        <Button onClick={result.press}>Try again</Button>
      </LinkMessage>
    );
  }
  return <Outcome status={result.state} onJoin={() => openWaitlist({ source: "confirm" })} />;
}

/**
 * The token of a mailed link: `#token=` (current mails; `?token=` in mails sent before) confirms,
 * `#stop=` stops every mail to the inbox.
 */
function linkOf(search: string, hash: string): { kind: "confirm" | "stop"; token: string } | null {
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  const stop = fragment.get("stop");
  if (stop !== null) return { kind: "stop", token: stop };
  const token = fragment.get("token") ?? new URLSearchParams(search).get("token");
  return token === null ? null : { kind: "confirm", token };
}

function rememberedLink(historyState: unknown): { kind: "confirm" | "stop"; token: string } | null {
  const state = historyState as Record<string, unknown> | null;
  const stop = state?.[TOKEN_KEYS.stop];
  if (typeof stop === "string") return { kind: "stop", token: stop };
  const confirm = state?.[TOKEN_KEYS.confirm];
  return typeof confirm === "string" ? { kind: "confirm", token: confirm } : null;
}

function Outcome({ status, onJoin }: { status: ConfirmStatus; onJoin: () => void }) {
  const launch = useLaunchTarget();
  if (status === "confirmed" || status === "already") {
    const texts =
      status === "confirmed" ? { ...CONFIRM_TEXTS.confirmed, body: confirmedBody(launch) } : CONFIRM_TEXTS.already;
    return (
      <LinkMessage icon={<CircleCheck className="size-6 text-accent" aria-hidden="true" />} {...texts}>
        <Link
          to="/"
          className="inline-flex h-10 items-center justify-center rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-sm hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Explore the directory
        </Link>
      </LinkMessage>
    );
  }
  return (
    <LinkMessage icon={<Clock className="size-6 text-warning" aria-hidden="true" />} {...CONFIRM_TEXTS.expired}>
      <Button onClick={onJoin}>Join the waitlist</Button>
    </LinkMessage>
  );
}

/** While shown: no Referer from this page (its URL held a token) and no search indexing. */
function useNoReferrerNoIndex() {
  useEffect(() => {
    const added = [
      Object.assign(document.createElement("meta"), { name: "referrer", content: "no-referrer" }),
      Object.assign(document.createElement("meta"), { name: "robots", content: "noindex" }),
    ];
    document.head.append(...added);
    return () => added.forEach((meta) => meta.remove());
  }, []);
}
