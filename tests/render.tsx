import { QueryClient } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLayoutEffect, type ReactNode } from "react";
import { onTestFinished } from "vitest";
import {
  createBrowserRouter,
  MemoryRouter,
  RouterProvider,
  useLocation,
  useNavigate,
  type NavigateFunction,
} from "react-router-dom";
import { toast } from "sonner";
import { AppProviders } from "@/app/providers";
import { createRoutes } from "@/app/router";
import { loadSelect } from "@/components/ui/lazy-select";

/** What the router last committed, and a way to press back/forward. */
export type RouterHandle = {
  readonly location: { pathname: string; search: string; hash: string; state: unknown };
  /** Steps through the history like the browser's buttons: -1 back, 1 forward. */
  go: (delta: number) => void;
};

/**
 * `renderApp`'s router: back/forward resolve once the data router has rendered the entry (its
 * navigations finish asynchronously), and it follows a link by its address.
 */
export type AppRouterHandle = Omit<RouterHandle, "go"> & {
  go: (delta: number) => Promise<void>;
  navigate: (to: string) => Promise<void>;
};

function RouterProbe({
  onChange,
}: {
  onChange: (location: RouterHandle["location"], navigate: NavigateFunction) => void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => onChange(location, navigate));
  return null;
}

/** A URL, or a history entry with state (as a reload of that entry would start). */
export type StartAt = string | { pathname: string; search?: string; hash?: string; state?: unknown };

function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

// Sonner keeps active toasts in module state and replays them to a new Toaster; a test must not
// see the previous test's toasts.
function freshToasts() {
  toast.dismiss();
}

/**
 * A component inside the app's real providers (query client, error boundary, waitlist dialog,
 * toaster) and a plain router at `path`, with a fresh non-retrying QueryClient.
 */
export function renderWithProviders(ui: ReactNode, path: StartAt = "/") {
  const queryClient = testQueryClient();
  const user = userEvent.setup();
  freshToasts();
  const entry = typeof path === "string" ? { pathname: path } : path;
  let current: RouterHandle["location"] = { pathname: entry.pathname, search: "", hash: "", state: null };
  let navigate: NavigateFunction | undefined;
  const router: RouterHandle = {
    get location() {
      return current;
    },
    go: (delta) => act(() => void navigate!(delta)),
  };
  // The router outside, so anything inside the providers may link.
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

/**
 * The whole app at `path`: the app's own routes (router.tsx), loaders included, on jsdom's own
 * history, as in a browser (back and forward fire popstate, which the directory listens for).
 */
export function renderApp(path: StartAt = "/") {
  const queryClient = testQueryClient();
  const user = userEvent.setup();
  freshToasts();
  const entry = typeof path === "string" ? { pathname: path } : path;
  const url = `${entry.pathname}${entry.search ?? ""}${entry.hash ?? ""}`;
  // React Router keeps a history entry's state under `usr`.
  window.history.replaceState({ usr: entry.state ?? null, key: "start", idx: 0 }, "", url);
  const appRouter = createBrowserRouter(createRoutes(queryClient));
  onTestFinished(() => appRouter.dispose());
  const router: AppRouterHandle = {
    get location() {
      return appRouter.state.location;
    },
    go: (delta) =>
      act(async () => {
        const before = appRouter.state.location.key;
        // jsdom moves through the history in a task of its own, then the router commits the entry.
        // Waits for that commit, however long it takes: a step that goes nowhere never resolves,
        // so the test fails at this call rather than carrying on at the old entry.
        const moved = new Promise<void>((resolve) => {
          const stop = appRouter.subscribe((state) => {
            if (state.location.key === before) return;
            stop();
            resolve();
          });
        });
        void appRouter.navigate(delta);
        await moved;
        await new Promise((resolve) => setTimeout(resolve, 0));
      }),
    // Not inside act(): the navigation may wait on a held response; the router renders its
    // states as a link's click would, and the test awaits what the visitor sees.
    navigate: async (to) => void appRouter.navigate(to),
  };
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={appRouter} />
    </AppProviders>,
  );
  return { ...result, user, queryClient, router };
}

/**
 * Opens a select (a filter or the sort) and picks `option`, as a person does with one click on
 * the trigger and one on the option. The first open loads the real dropdown's code; this waits
 * for that chunk before looking for the list, so a slow transform cannot time the query out.
 */
export async function chooseOption(
  user: ReturnType<typeof userEvent.setup>,
  combobox: HTMLElement,
  option: string | RegExp,
) {
  await openSelect(user, combobox);
  await user.click(await screen.findByRole("option", { name: option }));
}

/**
 * Clicks a select's trigger and resolves once its list of options is open. The pointer enters
 * first, which loads the real select and swaps it in for the stand-in (same id), as in a browser;
 * the press then goes to whichever trigger is there. (jsdom has no hit testing: a press sent to
 * the detached stand-in would reach nothing.)
 */
export async function openSelect(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement) {
  await user.hover(combobox);
  await loadSelect();
  await user.click(document.getElementById(combobox.id) ?? combobox);
  return screen.findByRole("listbox");
}
