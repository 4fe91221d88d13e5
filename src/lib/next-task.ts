// Work split across tasks. A slow phone runs the start of a page as a few long tasks (the modules'
// evaluation, the router's start, the list's parse, the page's reads, the commit); each that
// passes 50 ms blocks input, and run back to back they block it for their sum. Awaiting
// nextTask() between two such steps lets the browser paint and answer input in between
// (docs/decisions/025, with the measurements). main.tsx has its own copy (it imports no app code).

/** Resolves in a later task (a timeout of 0: no other work is scheduled ahead of it but what is queued). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
