/** Every caught UI error is logged under one prefix (the e2e suite's console check allows it by name). */
export function logUiError(error: unknown, componentStack?: string | null): void {
  console.error("Unhandled UI error:", error, componentStack ?? "");
}
