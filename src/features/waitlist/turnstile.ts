import { useCallback, useEffect, useRef, useState } from "react";

// The signup form's bot check: Cloudflare Turnstile, on when the site was built with
// VITE_TURNSTILE_SITE_KEY (a public key). The widget's token goes to the function in the
// X-Turnstile-Token header, and the function verifies it with Siteverify when it holds
// TURNSTILE_SECRET_KEY (supabase/functions/add-to-waitlist/lib/turnstile.ts). Without the key
// nothing loads: no script, no request to Cloudflare. The build adds challenges.cloudflare.com to
// the CSP's script-src and frame-src only then (build/security-headers.ts).

/** Must equal TURNSTILE_ACTION in the function: a token minted for another form is refused. */
export const TURNSTILE_ACTION = "waitlist-signup";
export const TURNSTILE_HEADER = "X-Turnstile-Token";
const SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

type RenderOptions = {
  sitekey: string;
  action: string;
  callback: (token: string) => void;
  "expired-callback": () => void;
  "error-callback": () => boolean;
  appearance: "interaction-only";
  size: "flexible";
};

/** The part of Turnstile's browser API the form uses (developers.cloudflare.com/turnstile). */
export type TurnstileApi = {
  render(container: HTMLElement, options: RenderOptions): string | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
};

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/** The public site key the build was given, or null: no bot check. Read at call time (tests stub it). */
export function turnstileSiteKey(): string | null {
  const key: unknown = import.meta.env.VITE_TURNSTILE_SITE_KEY;
  return typeof key === "string" && key.trim() !== "" ? key.trim() : null;
}

let loading: Promise<TurnstileApi> | null = null;

/** Loads Cloudflare's script once; a failed load is forgotten, so the next dialog tries again. */
function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error("Turnstile did not start")));
    script.onerror = () => {
      script.remove();
      reject(new Error("Turnstile failed to load"));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Renders the widget into `containerRef` while mounted (when a site key is set) and keeps its
 * current token. Tokens are single-use: `reset` after each attempt asks the widget for a new one.
 * A widget that fails leaves the token null; the function then refuses the signup, and the form
 * shows its usual failure toast.
 */
export function useTurnstile(siteKey: string | null) {
  const containerRef = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: TurnstileApi; id: string } | null>(null);
  const [token, setToken] = useState<string | null>(null);

  useEffect(() => {
    const element = containerRef.current;
    if (!siteKey || !element) return;
    let live = true;
    loadTurnstile().then(
      (api) => {
        if (!live) return;
        const id = api.render(element, {
          sitekey: siteKey,
          action: TURNSTILE_ACTION,
          callback: (next) => setToken(next),
          "expired-callback": () => setToken(null),
          // Handled here (true): the widget retries on its own and the form works without a token.
          "error-callback": () => {
            setToken(null);
            return true;
          },
          // Invisible unless Cloudflare wants an interaction; full width when it shows.
          appearance: "interaction-only",
          size: "flexible",
        });
        if (id !== undefined) widget.current = { api, id };
      },
      (error: unknown) => console.warn("The bot check failed to load:", error),
    );
    return () => {
      live = false;
      widget.current?.api.remove(widget.current.id);
      widget.current = null;
    };
  }, [siteKey]);

  const reset = useCallback(() => {
    setToken(null);
    if (widget.current) widget.current.api.reset(widget.current.id);
  }, []);

  return { containerRef, token, reset };
}
