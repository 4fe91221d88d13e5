import { QueryClient } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLayoutEffect, type ReactNode } from "react";
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from "react-router-dom";
import { toast } from "sonner";
import { AppProviders, AppRoutes } from "@/app";

/** What the router last committed, and a way to press back/forward. */
export type RouterHandle = {
  readonly location: { pathname: string; search: string };
  /** Steps through the history like the browser's buttons: -1 back, 1 forward. */
  go: (delta: number) => void;
};

function RouterProbe({ onChange }: { onChange: (location: RouterHandle["location"], navigate: NavigateFunction) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => onChange(location, navigate));
  return null;
}

/**
 * The one render harness: `ui` inside the app's real providers (query client, error boundary,
 * waitlist dialog, toaster) and a router at `path`, with a fresh non-retrying QueryClient.
 */
export function renderWithProviders(ui: ReactNode, path = "/") {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  // Sonner keeps active toasts in module state and replays them to a new Toaster; a test
  // must not see the previous test's toasts.
  toast.dismiss();
  let current: RouterHandle["location"] = { pathname: path, search: "" };
  let navigate: NavigateFunction | undefined;
  const router: RouterHandle = {
    get location() {
      return current;
    },
    go: (delta) => act(() => void navigate!(delta)),
  };
  // Same nesting as App(): the router outside, so anything inside the providers may link.
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders queryClient={queryClient}>
        {ui}
        <RouterProbe
          onChange={(location, nav) => {
            current = location;
            navigate = nav;
          }}
        />
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...result, user, queryClient, router };
}

/** Renders the whole app at `path`. */
export function renderApp(path = "/") {
  return renderWithProviders(<AppRoutes />, path);
}
