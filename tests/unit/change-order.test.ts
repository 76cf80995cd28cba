/**
 * A change order's lines (issue 44 item 6) are priced only from the table: the furniture prices worked by hand from the
 * spec's list (a wardrobe £65, a sofa £225), the access table's for the move's size (a two-bed: £30 a floor of stairs,
 * £40 a long carry), a typed price or an odd quantity refused.
 */
import { describe, expect, it } from 'vitest';
import { CHANGE_MESSAGES, changeAgreement, changeItemsFor, changeLineLabel, changeLinesFrom, changeTotal } from '~/lib/office/change-order';

const FORM = new Set(['action', 'tap']);

describe('change order lines', () => {
  it('prices two wardrobes and a sofa from the table: £130.00 + £225.00 = £355.00', () => {
    const read = changeLinesFrom(
      [
        ['action', 'change_propose'],
        ['qty-wardrobe', '2'],
        ['qty-sofa', ' 1 '],
        ['qty-bookcase', ''],
        ['qty-office-desk', '0'],
      ],
      FORM,
    );
    expect(read).toEqual({
      ok: true,
      lines: [
        { item: 'wardrobe', label: 'Wardrobe', quantity: 2, unitPence: 6500, pence: 13_000 },
        { item: 'sofa', label: 'Sofa', quantity: 1, unitPence: 22_500, pence: 22_500 },
      ],
    });
    if (read.ok) expect(changeTotal(read.lines)).toBe(35_500);
    expect(changeAgreement(35_500)).toBe('I agree to pay £355.00 more for these extras');
    expect(changeLineLabel({ label: 'Wardrobe', quantity: 2 })).toBe('Extra on the day: Wardrobe × 2');
  });

  it('refuses a typed price, an unknown item, an odd quantity, and nothing chosen', () => {
    expect(
      changeLinesFrom(
        [
          ['qty-wardrobe', '1'],
          ['price', '1'],
        ],
        FORM,
      ),
    ).toEqual({ ok: false, message: CHANGE_MESSAGES.typedPrice });
    expect(changeLinesFrom([['qty-piano', '1']], FORM)).toEqual({ ok: false, message: CHANGE_MESSAGES.typedPrice });
    for (const odd of ['-1', '1.5', '10', 'two']) {
      expect(changeLinesFrom([['qty-wardrobe', odd]], FORM)).toEqual({ ok: false, message: CHANGE_MESSAGES.quantity });
    }
    expect(
      changeLinesFrom(
        [
          ['qty-wardrobe', '1'],
          ['qty-wardrobe', '1'],
        ],
        FORM,
      ),
    ).toEqual({ ok: false, message: CHANGE_MESSAGES.quantity });
    expect(changeLinesFrom([['action', 'change_propose']], FORM)).toEqual({ ok: false, message: CHANGE_MESSAGES.items });
  });

  it('prices stairs and a long carry from the access table by the move’s size: 2 floors × £30 + £40 = £100.00 for a two-bed', () => {
    const items = changeItemsFor('two-bed');
    const read = changeLinesFrom(
      [
        ['qty-stairs-to', '2'],
        ['qty-carry-from', '1'],
      ],
      FORM,
      items,
    );
    expect(read).toEqual({
      ok: true,
      lines: [
        { item: 'stairs-to', label: 'Moving to: stairs without a lift, per floor', quantity: 2, unitPence: 3000, pence: 6000 },
        { item: 'carry-from', label: 'Moving from: long carry (over 20 metres)', quantity: 1, unitPence: 4000, pence: 4000 },
      ],
    });
    if (read.ok) expect(changeTotal(read.lines)).toBe(10_000);
    expect(changeLineLabel({ label: 'Moving to: stairs without a lift, per floor', quantity: 2 })).toBe(
      'Extra on the day: Moving to: stairs without a lift, per floor × 2',
    );
    // A studio's table: £20 a floor.
    expect(changeItemsFor('studio').find((item) => item.id === 'stairs-from')?.unitPence).toBe(2000);
    // More than the table counts (4 floors, one long carry an end) is refused.
    expect(changeLinesFrom([['qty-carry-to', '2']], FORM, items)).toEqual({ ok: false, message: CHANGE_MESSAGES.access });
    expect(changeLinesFrom([['qty-stairs-from', '5']], FORM, items)).toEqual({ ok: false, message: CHANGE_MESSAGES.access });
    // A size the access table has not: the furniture only, so an access field is as unknown as a typed price.
    expect(changeLinesFrom([['qty-stairs-to', '1']], FORM, changeItemsFor('castle'))).toEqual({
      ok: false,
      message: CHANGE_MESSAGES.typedPrice,
    });
    // The furniture alone by default, as before.
    expect(changeLinesFrom([['qty-stairs-to', '1']], FORM)).toEqual({ ok: false, message: CHANGE_MESSAGES.typedPrice });
  });
});
