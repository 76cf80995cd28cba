/** Address suggestions for the postcode fields: their own client, so typing never aborts a price lookup. */
import { createPostcodeClient, type AddressSuggestion } from '~/lib/postcode-client';
import { postcodesApiUrl } from './postcodes-api';

export { SUGGESTION_MIN_CHARS } from '~/lib/postcode-client';
/** Spec section 4: the list closes 200 ms after the field loses focus (so a click on an option still lands). */
export const BLUR_CLOSE_MS = 200;

const clients = new Map<string, ReturnType<typeof createPostcodeClient>>();

/** One client per field, so the 'to' field's typing never aborts the 'from' field's request. */
export function suggestAddresses(field: string, input: string): Promise<AddressSuggestion[]> {
  let client = clients.get(field);
  if (!client) {
    client = createPostcodeClient({ baseUrl: postcodesApiUrl });
    clients.set(field, client);
  }
  return client.suggestAddresses(input);
}
