import type { ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
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

/** A link to a protocol's page that carries the directory view along (see directory-link.ts). */
export function ProtocolLink({ slug, section, className, children, ...named }: ProtocolLinkProps) {
  const location = useLocation();
  return (
    <Link
      to={{ pathname: protocolPath(slug), hash: section === undefined ? "" : `#${section}` }}
      state={directoryLinkState(location)}
      className={className}
      {...named}
    >
      {children}
    </Link>
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
