/**
 * Cancelling a call with a time limit, in every browser we support. `AbortSignal.any()` arrived in Safari 17.4 and
 * `AbortSignal.timeout()` in Safari 16, both after our oldest Safari (15.4, package.json's `browserslist`), so this
 * builds the same thing from an AbortController and a timer.
 */

export interface TimeLimit {
  /** Aborts when the caller's signal does (with its reason) or when the time is up (a `TimeoutError`). */
  signal: AbortSignal;
  /** True once the time ran out, as opposed to the caller cancelling. */
  timedOut: () => boolean;
  /** Stops the timer and lets go of the caller's signal: call it once the work is done, whatever its outcome. */
  release: () => void;
}

/** One signal for "the caller cancelled, or `ms` passed": `AbortSignal.any([signal, AbortSignal.timeout(ms)])`. */
export function withTimeLimit(ms: number, signal?: AbortSignal): TimeLimit {
  const controller = new AbortController();
  let timedOut = false;
  const follow = () => controller.abort(signal?.reason);
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The operation timed out.', 'TimeoutError'));
  }, ms);
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    release: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', follow);
    },
  };
}
