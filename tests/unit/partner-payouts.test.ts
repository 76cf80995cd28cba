/**
 * The partner's part of a refund (issue 43 item 5): share × refunded ÷ price, rounded down, on the running total.
 * Figures worked by hand: a £495.00 job whose partner's share is £420.75 (85 %).
 */
import { describe, expect, it } from 'vitest';
import { dueAt, partnerPartOfRefunds, reversedTarget, transferAmount } from '~/lib/partners/payouts';

const PRICE = 49_500;
const SHARE = 42_075;

describe("a partner's part of the customer's refunds", () => {
  it('is share × refunded ÷ price, rounded down to the penny', () => {
    // 42,075 × 3,333 ÷ 49,500 = 2,833.05
    expect(partnerPartOfRefunds(SHARE, PRICE, 3_333)).toBe(2_833);
    // 42,075 × 1,667 ÷ 49,500 = 1,416.95: rounded down, never up
    expect(partnerPartOfRefunds(SHARE, PRICE, 1_667)).toBe(1_416);
    expect(partnerPartOfRefunds(SHARE, PRICE, 0)).toBe(0);
    // Never more than the share, whatever was refunded.
    expect(partnerPartOfRefunds(SHARE, PRICE, PRICE)).toBe(SHARE);
    expect(partnerPartOfRefunds(SHARE, PRICE, PRICE + 100)).toBe(SHARE);
    // No price known: nothing can be worked out, nothing taken.
    expect(partnerPartOfRefunds(SHARE, 0, 500)).toBe(0);
  });

  it('before the transfer lowers what is transferred', () => {
    // 42,075 × 9,900 ÷ 49,500 = 8,415 → 33,660
    expect(transferAmount(SHARE, PRICE, 9_900)).toBe(33_660);
    expect(transferAmount(SHARE, PRICE, PRICE)).toBe(0);
  });

  it('after the transfer is reversed on the running total, so two refunds take back what one of their sum would', () => {
    const transfer = { sharePence: SHARE, pricePence: PRICE, refundedBeforePence: 0, amountPence: SHARE };
    expect(reversedTarget(transfer, 3_333)).toBe(2_833);
    // £50.00 refunded in all: 4,250 reversed in all, so the second reversal is 1,417 (not 1,416).
    expect(reversedTarget(transfer, 5_000)).toBe(4_250);
    expect(reversedTarget(transfer, PRICE)).toBe(SHARE);
    // Refunded £99.00 before a transfer of 33,660: a later £49.50 (£148.50 in all) takes back
    // 42,075 × 14,850 ÷ 49,500 − 8,415 = 12,622.5 → 12,622 − 8,415 = 4,207.
    const lowered = { sharePence: SHARE, pricePence: PRICE, refundedBeforePence: 9_900, amountPence: 33_660 };
    expect(reversedTarget(lowered, 14_850)).toBe(4_207);
    expect(reversedTarget(lowered, PRICE)).toBe(33_660);
  });

  it('is due 48 hours after Job done', () => {
    expect(dueAt('2027-10-05T15:00:00.000Z')).toBe('2027-10-07T15:00:00.000Z');
  });
});
