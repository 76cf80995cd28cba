/** The condition record's checks (issue 44 item 5): each field refused by its own message; the photo count in words. */
import { describe, expect, it } from 'vitest';
import { CONDITION_MESSAGES, conditionEndOf, conditionProblems, photoCountWords } from '~/lib/office/condition';

describe('conditionProblems', () => {
  it('takes a note, a name and the tick; "None" is a note', () => {
    expect(conditionProblems({ note: 'None', name: 'Nia Okafor', agreed: true })).toEqual({});
  });
  it('refuses each missing field by its own message', () => {
    expect(conditionProblems({ note: '', name: '', agreed: false })).toEqual({
      note: CONDITION_MESSAGES.note,
      name: CONDITION_MESSAGES.name,
      agree: CONDITION_MESSAGES.agree,
    });
  });
  it('refuses a note of 2,001 characters and a name of 101', () => {
    expect(conditionProblems({ note: 'x'.repeat(2001), name: 'y'.repeat(101), agreed: true })).toEqual({
      note: CONDITION_MESSAGES.noteTooLong,
      name: CONDITION_MESSAGES.nameTooLong,
    });
    expect(conditionProblems({ note: 'x'.repeat(2000), name: 'y'.repeat(100), agreed: true })).toEqual({});
  });
});

describe('the form’s action and the photo count', () => {
  it('names an end only for its own action', () => {
    expect(conditionEndOf('condition_pickup')).toBe('pickup');
    expect(conditionEndOf('condition_delivery')).toBe('delivery');
    expect(conditionEndOf('problem')).toBeNull();
  });
  it('says 0, 1 and 3 photos in words', () => {
    expect([0, 1, 3].map(photoCountWords)).toEqual(['No photos', '1 photo', '3 photos']);
  });
});
