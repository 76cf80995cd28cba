/**
 * A change order's lines (issue 44 item 6) are priced only from the table: the furniture prices worked by hand from the
 * spec's list (a wardrobe £65, a sofa £225), a typed price or an odd quantity refused.
 */
import { describe, expect, it } from 'vitest';
import { CHANGE_MESSAGES, changeAgreement, changeLineLabel, changeLinesFrom, changeTotal } from '~/lib/office/change-order';

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
});
