// Idempotency as Stripe's API v1 has it: a POST's Idempotency-Key keeps the first answer that reached the endpoint (a
// 2xx or a 5xx, never a refused parameter or a 429) and replays it, marked Idempotent-Replayed; the same key with other
// parameters, or on another path, is refused (400 idempotency_error); while the first is still being answered, a second
// request with its key is refused (409 idempotency_key_in_use), which the SDK retries.
import { stripeError } from './answers.mjs';

export function createIdempotency() {
  /** Idempotency-Key → the first answer that reached its endpoint, with what it was asked. */
  const kept = new Map();
  const inFlight = new Set();
  return {
    /**
     * @param {string | undefined} key   the request's Idempotency-Key (none: `compute` runs every time)
     * @param {string} path
     * @param {string} params            the body as sent
     * @param {() => Promise<{ status: number, body: unknown }>} compute
     */
    async run(key, path, params, compute) {
      if (!key) return compute();
      const replay = kept.get(key);
      if (replay) {
        if (replay.path !== path || replay.params !== params)
          return stripeError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          );
        return { ...replay.answer, replayed: true };
      }
      if (inFlight.has(key))
        return stripeError(
          409,
          'invalid_request_error',
          `There is currently another in-progress request using this idempotent key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
          { code: 'idempotency_key_in_use' },
        );
      inFlight.add(key);
      try {
        const result = await compute();
        if ((result.status >= 200 && result.status < 300) || result.status >= 500) kept.set(key, { path, params, answer: result });
        return result;
      } finally {
        inFlight.delete(key);
      }
    },
  };
}
