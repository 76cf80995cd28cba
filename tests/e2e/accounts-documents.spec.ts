/**
 * Issue 45 item 2 in a browser: a paid deposit's receipt, axe-clean at 320 and 1280 px (axe needs scripts; the page has
 * none of its own), with no sideways scrolling and its one link first in the keyboard's order; with JavaScript off the
 * owner finds it from the lead page, and the settings page offers VAT as labelled fields. VAT is not switched on here:
 * other specs run beside this one. £495.00 with a £123.75 deposit, worked by hand. The owner's reports (item 5), axe at 320 px.
 */
import { acceptWrittenQuote, sendWrittenQuote } from '../shared/office-posts';
import { ceiling } from '../shared/load';
import { axeViolations, expect, queryD1, test } from './fixtures';
import { signInToOffice } from './office';
import { linkParts, storeQuote, uniqueEmail } from './quote-helpers';
import { siteEnv } from './site-env';

/** A move with its deposit paid on the Stripe stand-in: its reference, token and receipt's number. */
async function paidMove(request: Parameters<typeof storeQuote>[0], deposit = '123.75') {
  const answer = await storeQuote(request, { email: uniqueEmail('documents').replace('@', '+webhookfirst@') });
  const move = linkParts(answer.confirmationUrl);
  await sendWrittenQuote({ base: siteEnv('baseUrl'), session: siteEnv('ownerSession') }, answer.reference, {
    lines: [['Removal', '495.00']],
    deposit,
  });
  const checkout = await acceptWrittenQuote(siteEnv('baseUrl'), { reference: move.ref, token: move.t });
  const paid = await fetch(`${siteEnv('stripeUrl')}/pay/${checkout.pathname.split('/').at(-1)}/pay`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  const receipt = () => queryD1<{ number: number }>("SELECT number FROM documents WHERE reference = ? AND kind = 'receipt'", move.ref);
  await expect.poll(() => receipt().length, { timeout: 30_000 }).toBe(1);
  return { ...move, number: receipt()[0]!.number };
}

test('the customer’s receipt: axe at 320 and 1280 px, no sideways scrolling, its link first for the keyboard', async ({
  page,
  request,
}) => {
  test.setTimeout(ceiling(90_000));
  const { ref, t, number } = await paidMove(request);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`/move-document?ref=${ref}&t=${t}&n=${number}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Receipt ${String(number).padStart(6, '0')}`);
  await expect(page.locator('[data-fill="document:total"]')).toHaveText('£123.75');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: `Back to your move ${ref}` })).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await axeViolations(page)).toEqual([]);
});

test('the invoice and the credit note: axe at 320 px, no sideways scrolling', async ({ page, request }) => {
  test.setTimeout(ceiling(90_000));
  // £495.00 paid at once: its receipt, then its invoice. The office then lowers the price to £420.00 and the customer
  // accepts: £495.00 − £420.00 = £75.00 refunded, on a credit note.
  const { ref, t } = await paidMove(request, '495.00');
  await sendWrittenQuote({ base: siteEnv('baseUrl'), session: siteEnv('ownerSession') }, ref, {
    lines: [['Removal', '420.00']],
    deposit: '420.00',
  });
  await acceptWrittenQuote(siteEnv('baseUrl'), { reference: ref, token: t }, '2');
  const number = (kind: string) => () =>
    queryD1<{ number: number }>('SELECT number FROM documents WHERE reference = ? AND kind = ?', ref, kind)[0]?.number;
  await expect.poll(number('invoice'), { timeout: 30_000 }).toBeDefined();
  await expect.poll(number('credit_note'), { timeout: 30_000 }).toBeDefined();
  await page.setViewportSize({ width: 320, height: 800 });
  for (const [kind, title, total] of [
    ['invoice', 'Invoice', /^£495\.00$/],
    ['credit_note', 'Credit note', /£75\.00$/],
  ] as const) {
    const n = number(kind)()!;
    await page.goto(`/move-document?ref=${ref}&t=${t}&n=${n}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${title} ${String(n).padStart(6, '0')}`);
    await expect(page.locator('[data-fill="document:total"]')).toHaveText(total);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), title).toBeLessThanOrEqual(320);
    expect(await axeViolations(page), title).toEqual([]);
  }
});

test('the owner’s reports: axe at 320 px, each chart beside its table', async ({ page }) => {
  test.setTimeout(ceiling(60_000));
  await signInToOffice(page.context());
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/office/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'From lead to done' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 320, height: 800 } });

  test('the owner opens the receipt from the lead page; the settings offer VAT', async ({ page, request }) => {
    test.setTimeout(ceiling(90_000));
    const { ref, number } = await paidMove(request);
    await signInToOffice(page.context());
    await page.goto(`/office/lead?ref=${ref}`);
    const section = page.getByRole('region', { name: 'Receipts and invoices' });
    await section.getByRole('link', { name: `Receipt ${String(number).padStart(6, '0')}` }).click();
    await expect(page.locator('[data-fill="document:total"]')).toHaveText('£123.75');
    await expect(page.getByRole('link', { name: `Back to lead ${ref}` })).toBeVisible();
    await page.goto('/office/settings');
    await expect(page.getByLabel('Registered for VAT')).toHaveValue('off');
    await expect(page.getByLabel('VAT number')).toHaveAccessibleDescription(/GB and 9 digits/);
  });
});
