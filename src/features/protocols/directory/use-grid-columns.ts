import { useMediaQuery } from "@/lib/use-media-query";

// Mirrors the grid's Tailwind breakpoints (sm: 640px -> 2 columns, lg: 1024px -> 3 columns).
export function useGridColumns(): number {
  const large = useMediaQuery("(min-width: 1024px)");
  const small = useMediaQuery("(min-width: 640px)");
  return large ? 3 : small ? 2 : 1;
}
