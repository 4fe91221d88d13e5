import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { isConfirmToken } from "@/features/waitlist/confirm-signup";

export type LinkActionState<S extends string> = "ready" | "pending" | "failed" | S;

/**
 * A mailed link's action (confirm, stop): waits for the button; then one request per press. The
 * promise lives in a ref, so React's development double-run of effects reuses it instead of
 * sending twice (a second confirm would read 'already confirmed'). A link without a well-formed
 * token is 'invalid' at once.
 */
export function useLinkAction<S extends string>(
  token: string | null,
  remembered: S | null,
  send: (token: string | null) => Promise<S>,
  invalid: S,
): { state: LinkActionState<S>; press: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LinkActionState<S>>(
    () => remembered ?? (isConfirmToken(token) ? "ready" : invalid),
  );
  const inFlight = useRef<{ attempt: number; promise: Promise<S> } | null>(null);
  useEffect(() => {
    if (attempt === 0) return;
    if (inFlight.current?.attempt !== attempt) inFlight.current = { attempt, promise: send(token) };
    let live = true;
    inFlight.current.promise.then(
      (status) => live && setState(status),
      () => live && setState("failed"),
    );
    return () => {
      live = false;
    };
  }, [token, attempt, send]);
  return {
    state,
    press: () => {
      setState("pending");
      setAttempt((n) => n + 1);
    },
  };
}

/** Where a history entry keeps a used link's outcome, by the link's kind. */
export const OUTCOME_KEYS = { confirm: "confirmOutcome", stop: "stopOutcome" } as const;

/** A used link's outcome remembered in the history entry (under key), if it is one. */
export function rememberedOutcomeOf<S extends string>(
  historyState: unknown,
  key: string,
  isStatus: (value: unknown) => value is S,
): S | null {
  const value = (historyState as Record<string, unknown> | null)?.[key];
  return isStatus(value) ? value : null;
}

/**
 * Once a link's outcome is known it replaces the token in the history entry (under `key`): a used
 * link is kept nowhere, and a reload shows the outcome without asking the function again.
 */
export function useRememberOutcome(key: string, outcome: string | null) {
  const { state: historyState } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (outcome !== null && (historyState as Record<string, unknown> | null)?.[key] !== outcome) {
      void navigate("/confirm", { replace: true, state: { [key]: outcome } });
    }
  }, [key, outcome, historyState, navigate]);
}
