import { AlertTriangle } from "lucide-react";

/** Holds roughly a grid's height so the page does not jump when the cards arrive. */
export function DirectoryLoading() {
  return (
    <div className="space-y-6">
      <p role="status" className="text-sm font-medium text-muted-foreground">
        Loading protocols...
      </p>
      <ul aria-hidden="true" className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="h-[21rem] animate-pulse rounded-xl border border-border bg-surface p-5">
            <div className="h-5 w-2/3 rounded bg-muted" />
            <div className="mt-3 h-4 w-full rounded bg-muted" />
            <div className="mt-2 h-4 w-4/5 rounded bg-muted" />
            <div className="mt-5 h-24 rounded-lg bg-muted/70" />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function DirectoryError({ message }: { message: string }) {
  return (
    <div role="alert" className="flex min-h-60 flex-col items-center justify-center gap-2 rounded-xl border border-red-200 bg-red-50 px-6 py-12 text-center">
      <AlertTriangle className="size-7 text-red-700" aria-hidden="true" />
      <p className="text-base font-semibold text-red-900">Error loading protocols</p>
      <p className="max-w-lg text-sm [overflow-wrap:anywhere] text-red-800">{message.trim() || "Failed to load protocols"}</p>
    </div>
  );
}
