import type { QuoteRequest } from '~/lib/schemas';
import { canonicalJson, sha256Hex } from '../hash';

/** The wizard sends the estimate it showed; the plain form only when 'Check my price' showed one for this route. */
export type QuoteSubmission = Omit<QuoteRequest, 'clientEstimate'> & { clientEstimate?: QuoteRequest['clientEstimate'] | undefined };

/** Tells a retry (same key, same body) from another request under the same key. */
export function submissionHash(submission: QuoteSubmission): Promise<string> {
  const { website: _honeypot, idempotencyKey: _key, ...hashed } = submission;
  return sha256Hex(canonicalJson(hashed));
}
