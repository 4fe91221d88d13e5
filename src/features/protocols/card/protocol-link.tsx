import type { MouseEvent, ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { isPlainClick } from "@/lib/plain-click";
import { directoryLinkState, protocolPath } from "./directory-link";
import type { Protocol } from "../model/types";

type ProtocolLinkProps = {
  slug: string;
  /** A section of the page to land on ('risk': the Risk section), without the '#'. */
  section?: string;
  className?: string;
  "aria-label"?: string;
  title?: string;
  children: ReactNode;
};

/**
 * A link to a protocol's page that carries the directory view along (see directory-link.ts).
 *
 * A plain anchor that navigates in the app on a plain click, as react-router's `Link` does for an
 * absolute path: a card holds three of these, and a keystroke at 10,000 protocols re-renders
 * fifteen cards, where `Link`'s path resolution, click handler and prefetch hooks were the largest
 * part of the render's script (2.4 ms a key in the profile; docs/decisions/024-typing-at-scale.md).
 * The view to carry is read at the click, from the location the router last rendered.
 */
export function ProtocolLink({ slug, section, className, children, ...named }: ProtocolLinkProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const href = section === undefined ? protocolPath(slug) : `${protocolPath(slug)}#${section}`;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || !isPlainClick(event)) return;
    event.preventDefault();
    void navigate(href, { state: directoryLinkState(location) });
  };
  return (
    <a href={href} onClick={onClick} className={className} {...named}>
      {children}
    </a>
  );
}

/** A protocol's name as a link to its page (the comparison's header row). */
export function ProtocolNameLink({ protocol }: { protocol: Pick<Protocol, "slug" | "name"> }) {
  return (
    <ProtocolLink
      slug={protocol.slug}
      className="rounded-sm underline-offset-4 hover:text-accent hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      {protocol.name}
    </ProtocolLink>
  );
}
