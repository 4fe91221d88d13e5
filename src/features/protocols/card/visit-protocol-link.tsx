import { ExternalLink } from "lucide-react";
import { cn } from "@/lib/utils";

// Icons as constant elements: a card re-rendered for each keystroke passes over them (same element,
// same props) instead of building their SVG again (docs/decisions/024-typing-at-scale.md).
const ICON = {
  text: <ExternalLink className="size-3.5" aria-hidden="true" />,
  button: <ExternalLink className="size-4" aria-hidden="true" />,
};

/**
 * 'Visit Protocol' to the protocol's own site, in a new tab. Callers render it only for an http(s)
 * URL (model.ts turns any other into null). 'text' on cards, 'button' in the protocol page header.
 */
export function VisitProtocolLink({ name, url, variant }: { name: string; url: string; variant: "text" | "button" }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Visit Protocol: ${name} (opens in a new tab)`}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-md text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        variant === "text"
          ? "h-9 px-2 text-accent underline-offset-4 hover:underline"
          : "h-10 bg-primary px-4 text-primary-foreground shadow-sm hover:bg-primary-hover",
      )}
    >
      Visit Protocol
      {ICON[variant]}
    </a>
  );
}
