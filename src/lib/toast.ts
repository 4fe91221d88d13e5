import { toast, Toaster } from "sonner";
import { mountToaster } from "@/components/toaster-host";

// Code that shows toasts imports `toast` from here, so loading it (a dialog's chunk, on hover or
// open) puts the toaster on the page first: its live region is then there before the first toast,
// which screen readers need to announce it. sonner also replays toasts made before the toaster
// mounted, so none is lost either way.
mountToaster(Toaster);

export { toast };
