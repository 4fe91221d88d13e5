import { Suspense, useSyncExternalStore } from "react";
import { onDemand } from "@/lib/on-demand";
import { onDemandComponent } from "@/lib/on-demand-component";
import { isToasterWanted, subscribeToToasterDemand } from "@/lib/toaster-demand";

const Toaster = onDemandComponent(
  onDemand(
    () => import("sonner"),
    (module) => module.Toaster,
  ),
);

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
