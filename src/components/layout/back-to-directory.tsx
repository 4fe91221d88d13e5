import { ArrowLeft } from "lucide-react";
import { Link } from "react-router-dom";

/**
 * 'Back to directory', every secondary page's way home in one wording (the protocol page, privacy,
 * confirm): to `/`, or to the directory view the visitor came from.
 */
export function BackToDirectory({ to = "/" }: { to?: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-subtle-foreground hover:text-primary focus-visible:outline-2 focus-visible:outline-ring"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to directory
    </Link>
  );
}
