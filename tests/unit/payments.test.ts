import { describe, expect, it } from 'vitest';
import { balanceDuePence, STRIPE_WEBHOOK_PATH } from '~/lib/payments';
import { STRIPE_WEBHOOK_PATH as STAND_IN_WEBHOOK_PATH } from '../../scripts/lib/stand-ins.mjs';
import { parseStripeForm, stripeSignature } from '../../stand-ins/stripe/server.mjs';
import { createHmac } from 'node:crypto';

describe('payment maths', () => {
  it('leaves the balance after the deposit, never below nothing', () => {
    // £495.00 less a £123.75 deposit is £371.25.
    expect(balanceDuePence(49_500, 12_375)).toBe(37_125);
    expect(balanceDuePence(49_500, 49_500)).toBe(0);
    expect(balanceDuePence(10_000, 12_000)).toBe(0);
  });
});

describe('the Stripe stand-in', () => {
  it('sends its events to the path the Worker answers', () => {
    expect(STAND_IN_WEBHOOK_PATH).toBe(STRIPE_WEBHOOK_PATH);
  });

  it('signs as Stripe does: t=<seconds>,v1=<hex HMAC-SHA256 of "t.payload">', () => {
    // Worked with Node's HMAC directly, as Stripe's documentation describes the scheme.
    const expected = createHmac('sha256', 'whsec_x').update('1700000000.{"id":"evt_1"}').digest('hex');
    expect(stripeSignature('{"id":"evt_1"}', 'whsec_x', 1700000000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('reads the SDK’s nested form encoding back into objects and arrays', () => {
    const body =
      'mode=payment&line_items[0][quantity]=1&line_items[0][price_data][currency]=gbp&line_items[0][price_data][unit_amount]=12375&metadata[reference]=SHF-1';
    expect(parseStripeForm(new URLSearchParams(body).toString())).toEqual({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'gbp', unit_amount: '12375' } }],
      metadata: { reference: 'SHF-1' },
    });
  });
});
