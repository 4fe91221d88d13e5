// The app proper: loaded by main.tsx once the prerendered frame has painted.
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "@/app";
import { createQueryClient, PRERENDERED_ATTRIBUTE } from "@/boot";
import { readSessionFlag } from "@/components/layout/session-flag";
import { BANNER_DISMISSED_KEY } from "@/config/site";
import { prefetchProtocols } from "@/features/protocols/queries";

const queryClient = createQueryClient();
const { pathname, search } = window.location;

// The directory's request starts now, before React renders: it overlaps the render (and the
// hydration) instead of waiting for the page's first effect. Only the home page uses it.
// prefetchQuery never rejects; a failure surfaces as the page's error state.
if (pathname === "/") void prefetchProtocols(queryClient);

const container = document.getElementById("root")!;
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

// index.html carries the prerendered first frame of `/` in its default state (build/prerender.ts).
// Hydrate only when this visit renders exactly that: the bare home URL (the query string holds
// search, filters and selection) with the banner not dismissed this session. Another state of the
// home page renders from scratch and React swaps the markup in its first commit (no blank frame;
// the boot script already hid a dismissed banner). Another route drops the home frame, which the
// boot script kept hidden, and renders its page. See docs/architecture.md, "Prerendered shell".
const prerendered = container.firstElementChild !== null;
if (prerendered && pathname === "/" && search === "" && !readSessionFlag(BANNER_DISMISSED_KEY)) {
  hydrateRoot(container, app);
} else {
  if (prerendered && pathname !== "/") {
    container.replaceChildren();
    container.removeAttribute(PRERENDERED_ATTRIBUTE);
  }
  createRoot(container).render(app);
}
