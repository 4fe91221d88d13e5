export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile: the smallest sample with at least p% of samples at or below it. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  if (p === 50 && sorted.length % 2 === 0) return (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  return sorted[Math.min(Math.max(1, Math.ceil((p / 100) * sorted.length)), sorted.length) - 1]!;
}

export function ms(value: number): string {
  if (!Number.isFinite(value)) return "n/a";
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

/** The bench's one timeout: rejects with `message` when `work` takes longer than `limitMs`. */
export async function withTimeout<T>(work: Promise<T>, limitMs: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), limitMs)));
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
