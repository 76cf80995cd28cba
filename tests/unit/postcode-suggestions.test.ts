import { describe, expect, it } from 'vitest';
import { NO_SUGGESTIONS, moveHighlight, withNewOptions } from '~/islands/quote-wizard/suggestions';
import type { AddressSuggestion } from '~/lib/postcode-client';

const list = (...postcodes: string[]): AddressSuggestion[] => postcodes.map((postcode) => ({ address: postcode, postcode }));

describe('a new suggestion list and the highlighted option', () => {
  it('keeps the highlighted postcode highlighted where it sits in the new list', () => {
    const shown = { options: list('SW1A 1AA', 'SW1A 2AA'), active: 1 };
    expect(withNewOptions(shown, list('SW1A 2AA'))).toEqual({ options: list('SW1A 2AA'), active: 0 });
  });

  it('highlights nothing when the new list no longer holds it', () => {
    const shown = { options: list('SW1A 1AA', 'SW1A 2AA'), active: 0 };
    expect(withNewOptions(shown, list('SW1A 2AA')).active).toBe(-1);
  });

  it('highlights nothing when nothing was highlighted', () => {
    expect(withNewOptions({ options: list('SW1A 1AA'), active: -1 }, list('SW1A 1AA')).active).toBe(-1);
    expect(withNewOptions(NO_SUGGESTIONS, list('M1 1AE')).active).toBe(-1);
  });
});

describe('arrow keys in the suggestion list', () => {
  const two = { options: list('SW1A 1AA', 'SW1A 2AA'), active: -1 };

  it('goes down from nothing to the first option and up from nothing to the last', () => {
    expect(moveHighlight(two, 1).active).toBe(0);
    expect(moveHighlight(two, -1).active).toBe(1);
  });

  it('wraps round at either end', () => {
    expect(moveHighlight({ ...two, active: 1 }, 1).active).toBe(0);
    expect(moveHighlight({ ...two, active: 0 }, -1).active).toBe(1);
  });

  it('leaves an empty list as it is', () => {
    expect(moveHighlight(NO_SUGGESTIONS, 1)).toEqual(NO_SUGGESTIONS);
  });
});
