import { toast } from "sonner";
import { requestToaster } from "@/lib/toaster-demand";

// Code that shows toasts imports `toast` from here, so loading it (a dialog's chunk, on hover or
// open) mounts the toast container: its live region is then in the page before the first toast,
// which screen readers need to announce it. sonner also replays toasts created before the
// container subscribed, so none is lost either way.
requestToaster();

export { toast };
