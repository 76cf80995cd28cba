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

/** The options shown under a postcode field and the one highlighted (-1: none). */
export interface SuggestionList {
  options: AddressSuggestion[];
  active: number;
}

export const NO_SUGGESTIONS: SuggestionList = { options: [], active: -1 };

/** An arrow key: down from nothing is the first option, up from nothing the last; both wrap round. */
export function moveHighlight(shown: SuggestionList, step: 1 | -1): SuggestionList {
  const count = shown.options.length;
  if (count === 0) return shown;
  const active = shown.active < 0 ? (step > 0 ? 0 : count - 1) : (shown.active + step + count) % count;
  return { ...shown, active };
}

/**
 * A newer list for the same field. The highlighted option stays highlighted when the new list still holds it: an answer
 * landing just after an arrow key must not swallow the key press (typing "SW1A 1A" can show "SW1A 1AA" from the answer
 * for "SW1A 1" before its own answer arrives). Typing itself clears the highlight (PostcodeCombobox).
 */
export function withNewOptions(shown: SuggestionList, options: AddressSuggestion[]): SuggestionList {
  const highlighted = shown.options[shown.active]?.postcode;
  return { options, active: highlighted === undefined ? -1 : options.findIndex((option) => option.postcode === highlighted) };
}
