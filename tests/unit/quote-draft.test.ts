/** The unfinished quote kept on the device for 'Continue your quote': what it keeps, and for how long. */
import { describe, expect, it } from 'vitest';
import { ACCESS_FIELD_NAMES } from '~/data/access';
import { ADDRESS_FIELD_NAMES } from '~/lib/move-facts';
import { addDays, londonToday } from '~/lib/dates';
import { readDraft, saveDraft } from '~/islands/quote-wizard/draft';
import { DRAFT_KEY } from '~/islands/quote-wizard/storage-keys';
import { EMPTY_ANSWERS } from '~/islands/quote-wizard/store';

/** A Storage of our own: the draft module takes one, as it takes localStorage in the browser. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const answers = {
  ...EMPTY_ANSWERS,
  propertyId: 'two-bed',
  furnitureIds: ['sofa'],
  fromPostcode: 'SW1A 1AA',
  toPostcode: 'M1 1AE',
  fromAddress: 'Flat 3, 12 Canal Street',
  fromTown: 'Manchester',
  toAddress: '221B Baker Street',
  toTown: 'London',
  moveDate: addDays(londonToday(), 10),
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '07700 900123',
  additionalInfo: 'Third floor',
  promoCode: 'FIRSTMOVE10',
};

describe('the quote draft', () => {
  it('keeps the answers and the step, never the name, e-mail, phone or address lines', () => {
    const store = memoryStorage();
    saveDraft({ ...answers, step: 5 }, now, store);
    const kept = store.getItem(DRAFT_KEY)!;
    for (const personal of ['Ada Lovelace', 'ada@example.com', '07700 900123', 'Canal Street', 'Manchester', 'Baker Street']) {
      expect(kept).not.toContain(personal);
    }
    const { name: _n, email: _e, phone: _p, ...rest } = answers;
    // The street address and the access questions (step 3) are kept for this tab only.
    const tabOnly: readonly string[] = [...ADDRESS_FIELD_NAMES, ...ACCESS_FIELD_NAMES];
    const kept7Days = Object.fromEntries(Object.entries(rest).filter(([key]) => !tabOnly.includes(key)));
    expect(readDraft(now, store)).toEqual({ savedAt: now, step: 5, answers: kept7Days });
  });

  it('is offered for 7 days after the last change, then deleted', () => {
    const store = memoryStorage();
    saveDraft({ ...answers, step: 3 }, now - 7 * DAY + 60_000, store);
    expect(readDraft(now, store)).not.toBeNull();
    saveDraft({ ...answers, step: 3 }, now - 7 * DAY - 60_000, store);
    expect(readDraft(now, store)).toBeNull();
    expect(store.getItem(DRAFT_KEY)).toBeNull();
  });

  it('drops a move date that has passed, and keeps nothing worth offering when nothing of steps 1-3 was answered', () => {
    const store = memoryStorage();
    saveDraft({ ...answers, moveDate: addDays(londonToday(), -1), step: 4 }, now, store);
    expect(readDraft(now, store)?.answers.moveDate).toBeNull();
    saveDraft({ ...EMPTY_ANSWERS, promoCode: 'FIRSTMOVE10', step: 1 }, now, store);
    expect(store.getItem(DRAFT_KEY)).toBeNull();
  });

  it('reads anything malformed as no draft, and deletes it', () => {
    const store = memoryStorage();
    for (const junk of ['not json', '{"savedAt":"soon","answers":{"propertyId":"mini"}}', '{"savedAt":1,"answers":[]}']) {
      store.setItem(DRAFT_KEY, junk);
      expect(readDraft(now, store)).toBeNull();
      expect(store.getItem(DRAFT_KEY)).toBeNull();
    }
  });
});
