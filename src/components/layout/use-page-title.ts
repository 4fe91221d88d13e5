import { useEffect } from "react";

/** Sets document.title while the page is shown and restores the previous title afterwards. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
