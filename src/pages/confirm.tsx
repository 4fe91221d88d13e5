import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { CircleAlert, CircleCheck, Clock, LoaderCircle, MailCheck } from "lucide-react";
import { site } from "@/config/site";
import { Button } from "@/components/ui/button";
import { PageBand } from "@/components/layout/page-band";
import { useCanonicalPath, usePageTitle } from "@/components/layout/use-page-title";
import { confirmSignup, isConfirmStatus, isConfirmToken, type ConfirmStatus } from "@/features/waitlist/confirm-signup";
import { CONFIRM_TEXTS, confirmedBody } from "@/features/waitlist/confirm-texts";
import { useLaunchTarget } from "@/components/use-launch-target";
import { useWaitlistDialog } from "@/features/waitlist/waitlist-provider";
import { SiteLayout } from "@/app/site-layout";

/**
 * /confirm#token=...: the link in the confirmation mail (older mails carry `?token=`, still read).
 * Nothing is confirmed on load: the page asks the visitor to press a button, so a mail scanner
 * that opens the link, even one that runs the page's JavaScript, confirms nobody. The token sits
 * in the fragment, which browsers never send to the static host; the page then moves it from the
 * address bar into this history entry's state (where a reload still finds it, and no Referer,
 * shared URL or back button shows it), and sets `referrer: no-referrer` while it is shown.
 */
export function ConfirmPage() {
  usePageTitle(`Confirm your email · ${site.productName}`);
  useCanonicalPath("/confirm");
  useNoReferrerNoIndex();
  const { search, hash, state: historyState } = useLocation();
  const navigate = useNavigate();
  // The link being confirmed: from the URL, or (a reload of the cleaned URL) from the history
  // entry, which then also remembers an outcome already seen, so a reload does not show 'invalid'.
  const [link, setLink] = useState<Link>(() => {
    const token = linkToken(search, hash) ?? rememberedToken(historyState);
    return { token, remembered: token === null ? rememberedOutcome(historyState) : null };
  });
  // A link opened while the page is shown (same document: only the fragment changed) starts over.
  const fromUrl = linkToken(search, hash);
  if (fromUrl !== null && fromUrl !== link.token) setLink({ token: fromUrl, remembered: null });
  // An effect, not a layout effect: on a first render the router subscribes to history in its own
  // layout effect, after its children's, and would miss a navigation made before that.
  useEffect(() => {
    if (fromUrl !== null) void navigate("/confirm", { replace: true, state: { [TOKEN_KEY]: fromUrl } });
  }, [fromUrl, navigate]);

  return (
    <SiteLayout>
      <PageBand>
        <p className="mt-4 text-sm font-semibold tracking-wider text-subtle-foreground uppercase">
          Waitlist · Email confirmation
        </p>
      </PageBand>
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14">
        <ConfirmFlow key={link.token ?? ""} {...link} />
      </div>
    </SiteLayout>
  );
}

type Link = { token: string | null; remembered: ConfirmStatus | null };

/** One link's confirmation: the button, the request, and the outcome. */
function ConfirmFlow({ token, remembered }: Link) {
  const { openWaitlist } = useWaitlistDialog();
  const { state: historyState } = useLocation();
  const navigate = useNavigate();
  const result = useConfirmation(token, remembered);
  const outcome = isConfirmStatus(result.state) ? result.state : null;
  useEffect(() => {
    // The outcome replaces the token in the history entry: a used link is not kept anywhere.
    if (outcome !== null && rememberedOutcome(historyState) !== outcome) {
      void navigate("/confirm", { replace: true, state: { [OUTCOME_KEY]: outcome } });
    }
  }, [outcome, historyState, navigate]);

  if (result.state === "ready") {
    return (
      <Message
        icon={<MailCheck className="size-6 text-accent" aria-hidden="true" />}
        title={CONFIRM_TEXTS.ready.title}
        body={CONFIRM_TEXTS.ready.body}
      >
        <Button onClick={result.confirm}>{CONFIRM_TEXTS.ready.button}</Button>
      </Message>
    );
  }
  if (result.state === "pending") {
    return (
      <Message
        icon={<LoaderCircle className="size-6 animate-spin text-placeholder" aria-hidden="true" />}
        {...CONFIRM_TEXTS.confirming}
        busy
      />
    );
  }
  if (result.state === "failed") {
    return (
      <Message icon={<CircleAlert className="size-6 text-danger" aria-hidden="true" />} {...CONFIRM_TEXTS.failed}>
        <Button onClick={result.confirm}>Try again</Button>
      </Message>
    );
  }
  return <Outcome status={result.state} onJoin={() => openWaitlist({ source: "confirm" })} />;
}

const OUTCOME_KEY = "confirmOutcome";
const TOKEN_KEY = "confirmToken";

/** The token of a mailed link: `#token=` (current mails) or `?token=` (mails sent before). */
function linkToken(search: string, hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, "")).get("token") ?? new URLSearchParams(search).get("token");
}

function rememberedToken(historyState: unknown): string | null {
  const value = (historyState as Record<string, unknown> | null)?.[TOKEN_KEY];
  return typeof value === "string" ? value : null;
}

function rememberedOutcome(historyState: unknown): ConfirmStatus | null {
  const value = (historyState as Record<string, unknown> | null)?.[OUTCOME_KEY];
  return isConfirmStatus(value) ? value : null;
}

type Confirmation = { state: "ready" | "pending" | "failed" | ConfirmStatus; confirm: () => void };

/**
 * Waits for the button; then one request per press. The promise lives in a ref, so React's
 * development double-run of effects reuses it instead of confirming twice (the second answer
 * would read 'already confirmed'). A link without a well-formed token is 'invalid' at once.
 */
function useConfirmation(token: string | null, remembered: ConfirmStatus | null): Confirmation {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Confirmation["state"]>(
    () => remembered ?? (isConfirmToken(token) ? "ready" : "invalid"),
  );
  const inFlight = useRef<{ attempt: number; promise: Promise<ConfirmStatus> } | null>(null);
  useEffect(() => {
    if (attempt === 0) return;
    if (inFlight.current?.attempt !== attempt) inFlight.current = { attempt, promise: confirmSignup(token) };
    let live = true;
    inFlight.current.promise.then(
      (status) => live && setState(status),
      () => live && setState("failed"),
    );
    return () => {
      live = false;
    };
  }, [token, attempt]);
  return {
    state,
    confirm: () => {
      setState("pending");
      setAttempt((n) => n + 1);
    },
  };
}

function Outcome({ status, onJoin }: { status: ConfirmStatus; onJoin: () => void }) {
  const launch = useLaunchTarget();
  if (status === "confirmed" || status === "already") {
    const texts =
      status === "confirmed" ? { ...CONFIRM_TEXTS.confirmed, body: confirmedBody(launch) } : CONFIRM_TEXTS.already;
    return (
      <Message icon={<CircleCheck className="size-6 text-accent" aria-hidden="true" />} {...texts}>
        <Link
          to="/"
          className="inline-flex h-10 items-center justify-center rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-sm hover:bg-navy-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Explore the directory
        </Link>
      </Message>
    );
  }
  return (
    <Message icon={<Clock className="size-6 text-warning" aria-hidden="true" />} {...CONFIRM_TEXTS.expired}>
      <Button onClick={onJoin}>Join the waitlist</Button>
    </Message>
  );
}

function Message({
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
          <h1 id="confirm-title" className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">
            {title}
          </h1>
          <p className="mt-3 text-base leading-7 text-secondary-foreground">{body}</p>
        </div>
      </div>
      {children && <div className="mt-8 flex flex-wrap gap-3 sm:pl-15">{children}</div>}
    </section>
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
