// Calls to other services (the e-mail provider, DefiLlama, PostgREST), shared by every function
// and the Node scripts. Runtime-neutral: only timers and AbortController.

/**
 * Runs task with a deadline: at ms the task's signal aborts and the call rejects with the caller's
 * own error, whether or not the task heeds the signal.
 */
export async function withDeadline<T>(
  ms: number,
  task: (signal: AbortSignal) => Promise<T>,
  timedOut: () => Error,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(timedOut());
    }, ms);
  });
  try {
    // The race handles the loser's rejection: a task that fails after the deadline is not unhandled.
    return await Promise.race([task(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Why a request never reached the server: fetch's 'fetch failed' names the real reason in its cause. */
export function networkReason(error: unknown): string {
  return error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
}
