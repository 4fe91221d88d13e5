import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { toast } from "sonner";
import { AppProviders, AppRoutes } from "@/app";

/** Renders the whole app at `path` with a fresh, non-retrying QueryClient (one per test). */
export function renderApp(path = "/") {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  // Sonner keeps active toasts in module state and replays them to a new Toaster; a test
  // must not see the previous test's toasts.
  toast.dismiss();
  // Same nesting as App(): the router outside, so anything inside the providers may link.
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders queryClient={queryClient}>
        <AppRoutes />
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...result, user, queryClient };
}
