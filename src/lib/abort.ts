/** `AbortSignal.any()` and `AbortSignal.timeout()` came after our oldest Safari (15.4), so this builds them from a controller and timer. */

export interface TimeLimit {
  signal: AbortSignal;
  timedOut: () => boolean;
  /** Call once the work is done, whatever its outcome. */
  release: () => void;
}

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
