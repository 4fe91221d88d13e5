// Set on `#root` once the app's own tree is in it (the frame hydrated, or replaced by the live
// page): what holds the page from then on is what the visitor acts on. The end-to-end tests wait
// for it before they scroll to a part of a page that had a frame (e2e/support/protocol-page.ts).
// Not in frame.ts: a module the entry (main.tsx) shared with the app would put the bundler's
// runtime chunk before the first paint (tests/integration/prerender-pages.test.ts).
export const LIVE_ATTRIBUTE = "data-live";
