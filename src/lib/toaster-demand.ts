// Whether the page needs its toast container yet. sonner (~10 KB gzip) is not on the boot path:
// only the lazily loaded dialogs show toasts, so the container mounts when code that can toast
// arrives (lib/toast.ts), not at boot. A tiny external store that ToasterHost subscribes to.
let wanted = false;
const listeners = new Set<() => void>();

export function requestToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function isToasterWanted(): boolean {
  return wanted;
}

export function subscribeToToasterDemand(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
