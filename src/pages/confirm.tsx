import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { CircleAlert, CircleCheck, Clock, LoaderCircle } from "lucide-react";
import { site } from "@/config/site";
import { Button } from "@/components/ui/button";
import { PageBand } from "@/components/layout/page-band";
import { useCanonicalPath, usePageTitle } from "@/components/layout/use-page-title";
import { confirmSignup, isConfirmStatus, type ConfirmStatus } from "@/features/waitlist/confirm-signup";
import { CONFIRM_TEXTS, confirmedBody } from "@/features/waitlist/confirm-texts";
import { useLaunchTarget } from "@/components/use-launch-target";
import { useWaitlistDialog } from "@/features/waitlist/waitlist-provider";
import { SiteLayout } from "@/pages/site-layout";

/**
 * /confirm?token=...: the link in the confirmation mail. The token is read once and then removed
 * from the address bar (and history), so it cannot leak through a Referer, a shared screenshot of
 * the URL or the back button; the page also sets `referrer: no-referrer` while it is shown.
 */
export function ConfirmPage() {
  usePageTitle(`Confirm your email · ${site.productName}`);
  useCanonicalPath("/confirm");
  useNoReferrerNoIndex();
  const { openWaitlist } = useWaitlistDialog();
  const { search, state: historyState } = useLocation();
  const navigate = useNavigate();
  // Read once, on the first render; later renders see the cleaned URL.
  const [token] = useState(() => new URLSearchParams(search).get("token"));
  // A reload of the cleaned URL shows the outcome this history entry already saw, not 'invalid'.
  const [remembered] = useState(() => (token === null ? rememberedOutcome(historyState) : null));
  useLayoutEffect(() => {
    if (new URLSearchParams(search).has("token")) void navigate("/confirm", { replace: true });
  }, [search, navigate]);

  const result = useConfirmation(token, remembered);
  const outcome = result.state === "pending" || result.state === "failed" ? null : result.state;
  useEffect(() => {
    if (outcome !== null && rememberedOutcome(historyState) !== outcome) {
      void navigate("/confirm", { replace: true, state: { [OUTCOME_KEY]: outcome } });
    }
  }, [outcome, historyState, navigate]);

  let view: ReactNode;
  if (result.state === "pending") {
    view = (
      <Message
        icon={<LoaderCircle className="size-6 animate-spin text-slate-500" aria-hidden="true" />}
        {...CONFIRM_TEXTS.confirming}
        busy
      />
    );
  } else if (result.state === "failed") {
    view = (
      <Message icon={<CircleAlert className="size-6 text-red-700" aria-hidden="true" />} {...CONFIRM_TEXTS.failed}>
        <Button onClick={result.retry}>Try again</Button>
      </Message>
    );
  } else {
    view = <Outcome status={result.state} onJoin={() => openWaitlist({ source: "confirm" })} />;
  }

  return (
    <SiteLayout>
      <PageBand>
        <p className="mt-4 text-sm font-semibold tracking-wider text-slate-600 uppercase">
          Waitlist · Email confirmation
        </p>
      </PageBand>
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14">{view}</div>
    </SiteLayout>
  );
}

const OUTCOME_KEY = "confirmOutcome";

function rememberedOutcome(historyState: unknown): ConfirmStatus | null {
  const value = (historyState as Record<string, unknown> | null)?.[OUTCOME_KEY];
  return isConfirmStatus(value) ? value : null;
}

type Confirmation = { state: "pending" | "failed" | ConfirmStatus; retry: () => void };

/**
 * One request per token and attempt: the promise lives in a ref, so React's development
 * double-run of effects reuses it instead of confirming twice (the second answer would read
 * 'already confirmed').
 */
function useConfirmation(token: string | null, remembered: ConfirmStatus | null): Confirmation {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Confirmation["state"]>(remembered ?? "pending");
  const inFlight = useRef<{ attempt: number; promise: Promise<ConfirmStatus> } | null>(null);
  useEffect(() => {
    if (remembered !== null && attempt === 0) return;
    if (inFlight.current?.attempt !== attempt) inFlight.current = { attempt, promise: confirmSignup(token) };
    let live = true;
    inFlight.current.promise.then(
      (status) => live && setState(status),
      () => live && setState("failed"),
    );
    return () => {
      live = false;
    };
  }, [token, attempt, remembered]);
  return {
    state,
    retry: () => {
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
      <Message icon={<CircleCheck className="size-6 text-teal-700" aria-hidden="true" />} {...texts}>
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
    <Message icon={<Clock className="size-6 text-amber-700" aria-hidden="true" />} {...CONFIRM_TEXTS.expired}>
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
          <p className="mt-3 text-base leading-7 text-slate-700">{body}</p>
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
