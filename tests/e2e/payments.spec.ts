/**
 * Paying the deposit by card (issue 34), as a customer does it with JavaScript off: the office sends a written quote
 * (its own form post, tests/shared/office-posts.ts), the customer presses "Accept this quote" on the move page, pays on
 * the Stripe stand-in's hosted page, and is back to a booked move with "Paid £123.75" at its top once the signed event has been
 * handled (the stand-in's +webhookfirst tag sends the browser back only after the Worker took it). JavaScript off and
 * on; axe (which needs scripts) at 390 px on each state with it on.
 * £495.00 with a £123.75 deposit (25 %), worked by hand.
 */
import { PAYMENT_WORDS } from '../../src/lib/payments';
import { sendWrittenQuote } from '../shared/office-posts';
import { axeViolations, expect, picture, queryD1, test } from './fixtures';
import { capturedEmails, storeQuote } from './quote-helpers';
import { siteEnv } from './site-env';
import { ceiling } from '../shared/load';

for (const javaScriptEnabled of [false, true]) {
  test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 390, height: 844 } });

    test('pay the deposit on Checkout and come back to a booked move, with a receipt', async ({ page, request }) => {
      const axe = async () => {
        if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
      };
      const shot = (name: string) =>
        picture(() =>
          page.screenshot({ path: `test-results/payments-${name}-js-${javaScriptEnabled ? 'on' : 'off'}.png`, fullPage: true }),
        );
      test.setTimeout(ceiling(90_000));
      const email = `pay-${Date.now()}-${Math.random().toString(36).slice(2, 8)}+webhookfirst@example.com`;
      const answer = await storeQuote(request, { email });
      await sendWrittenQuote({ base: siteEnv('baseUrl'), session: siteEnv('ownerSession') }, answer.reference, {
        lines: [['Removal', '495.00']],
        deposit: '123.75',
      });

      await page.goto(answer.confirmationUrl);
      const section = page.locator('[data-written-quote]');
      await expect(section.locator('[data-fill="written:deposit"]')).toHaveText('£123.75');
      const accept = section.getByRole('button', { name: 'Accept this quote' });
      await expect(accept).toBeVisible();
      await axe();
      await shot('owed-390');

      await accept.click();
      await expect(page.getByRole('heading', { name: 'Pay £123.75' })).toBeVisible();
      await page.getByRole('button', { name: 'Pay', exact: true }).click();

      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your move is booked');
      await expect(page.locator('[data-move-top] [data-fill="top:Paid"]')).toHaveText('£123.75');
      await expect(page.locator('[data-move-top] [data-fill="status"]')).toHaveText('Booked');
      const notice = page.getByRole('status').filter({ hasText: 'Payment received' });
      await expect(notice).toHaveText(PAYMENT_WORDS.received('deposit', 12_375) + '. Thank you!');
      await axe();
      await shot('paid-390');
      await page.setViewportSize({ width: 1280, height: 900 });
      await shot('paid-1280');

      expect(queryD1('SELECT amount_pence, status FROM payments WHERE reference = ?', answer.reference)).toEqual([
        { amount_pence: 12_375, status: 'paid' },
      ]);
      await expect
        .poll(
          async () => (await capturedEmails()).some((e) => [e.to].flat().includes(email) && e.subject.includes('receipt: deposit £123.75')),
          {
            timeout: 20_000,
          },
        )
        .toBe(true);
    });
  });
}

test.describe('a bank payment waiting for the bank (issue 39)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('says so, with no Pay button, until the bank answers', async ({ page, request }) => {
    test.setTimeout(ceiling(90_000));
    const email = `pay-${Date.now()}-${Math.random().toString(36).slice(2, 8)}+asyncpay@example.com`;
    const answer = await storeQuote(request, { email });
    await sendWrittenQuote({ base: siteEnv('baseUrl'), session: siteEnv('ownerSession') }, answer.reference, {
      lines: [['Removal', '495.00']],
      deposit: '123.75',
    });
    await page.goto(answer.confirmationUrl);
    await page.locator('[data-written-quote]').getByRole('button', { name: 'Accept this quote' }).click();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    // Back from Checkout: Stripe has the payment, the bank has not confirmed it.
    await expect(page.getByRole('status').filter({ hasText: PAYMENT_WORDS.waiting })).toBeVisible();
    await expect(page.getByText(PAYMENT_WORDS.pending('deposit', 12_375))).toBeVisible();
    await expect(page.getByRole('button', { name: /Pay the £123\.75 deposit/ })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await picture(() => page.screenshot({ path: 'test-results/payments-bank-pending-390.png', fullPage: true }));
    await page.setViewportSize({ width: 1280, height: 900 });
    await picture(() => page.screenshot({ path: 'test-results/payments-bank-pending-1280.png', fullPage: true }));
    expect(queryD1('SELECT status FROM payments WHERE reference = ?', answer.reference)).toEqual([{ status: 'processing' }]);
  });
});
