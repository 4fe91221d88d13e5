import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * Renders `children` once its place comes within `margin` of the viewport, and from then on;
 * `placeholder` (same size) until then. What a visitor may never scroll to (a protocol page's
 * charts sit well below a phone's first screen) then costs no download. Without
 * IntersectionObserver it renders `children` at once.
 */
export function NearViewport({
  children,
  placeholder,
  margin = "600px",
}: {
  children: ReactNode;
  placeholder: ReactNode;
  margin?: string;
}) {
  // A browser without IntersectionObserver (not a server render, which has no window) shows them at once.
  const [near, setNear] = useState(() => typeof window !== "undefined" && typeof IntersectionObserver === "undefined");
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    if (place.current) observer.observe(place.current);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? children : <div ref={place}>{placeholder}</div>;
}
