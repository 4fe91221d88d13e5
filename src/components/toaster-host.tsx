import { lazy, Suspense, useSyncExternalStore } from "react";
import { isToasterWanted, subscribeToToasterDemand } from "@/lib/toaster-demand";

const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/** sonner's Toaster, loaded and mounted once something can toast (see lib/toaster-demand.ts). */
export function ToasterHost() {
  const wanted = useSyncExternalStore(subscribeToToasterDemand, isToasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* Top-center: clear of the floating button and the selection bar, and visible above an open dialog. */}
      <Toaster position="top-center" richColors closeButton toastOptions={{ duration: 5000 }} />
    </Suspense>
  );
}
