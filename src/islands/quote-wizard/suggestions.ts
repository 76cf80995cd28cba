// One client (one cache) for both postcode fields. Each field passes its own signal, so typing in 'to' never aborts
// 'from', and suggestions never abort a price lookup (the pricing runner has its own client).
import { createPostcodeClient, type AddressSuggestion, type CallOptions } from '~/lib/postcode-client';
import { postcodesApiUrl } from './postcodes-api';

export { SUGGESTION_MIN_CHARS } from '~/lib/postcode-client';
/** Spec section 4: the list closes 200 ms after the field loses focus (so a click on an option still lands). */
export const BLUR_CLOSE_MS = 200;

const client = createPostcodeClient({ baseUrl: postcodesApiUrl });

/** Suggestions for what is typed; rejects only when `signal` aborts (the answer is stale). */
export function suggestAddresses(input: string, options?: CallOptions): Promise<AddressSuggestion[]> {
  return client.suggestAddresses(input, options);
}
