import { describe, expect, it, vi } from 'vitest';
import { withTimeLimit } from '~/lib/abort';

describe("withTimeLimit: the caller's signal or a time limit, whichever comes first", () => {
  it('follows the caller: same reason, not a time-out', () => {
    const caller = new AbortController();
    const limit = withTimeLimit(60_000, caller.signal);
    expect(limit.signal.aborted).toBe(false);
    const reason = new DOMException('newer keystroke', 'AbortError');
    caller.abort(reason);
    expect(limit.signal.reason).toBe(reason);
    expect(limit.timedOut()).toBe(false);
    limit.release();
  });

  it('starts aborted when the caller already is', () => {
    const limit = withTimeLimit(60_000, AbortSignal.abort());
    expect(limit.signal.aborted).toBe(true);
    expect(limit.signal.reason).toMatchObject({ name: 'AbortError' });
    limit.release();
  });

  it('aborts with a TimeoutError when the time is up, with or without a caller', async () => {
    for (const caller of [undefined, new AbortController().signal]) {
      const limit = withTimeLimit(20, caller);
      await new Promise((resolve) => limit.signal.addEventListener('abort', resolve, { once: true }));
      expect(limit.timedOut()).toBe(true);
      expect(limit.signal.reason).toMatchObject({ name: 'TimeoutError' });
    }
  });

  it('after release neither the timer nor the caller aborts it', async () => {
    vi.useFakeTimers();
    try {
      const caller = new AbortController();
      const limit = withTimeLimit(10, caller.signal);
      limit.release();
      vi.advanceTimersByTime(40);
      caller.abort();
      expect(limit.signal.aborted).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
