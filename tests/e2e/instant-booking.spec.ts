/**
 * A standard move booked and paid in one sitting (issue 41 item 2), as a new customer would, JavaScript on and off:
 * the access priced in the estimate, "Book and pay the deposit now" beside Submit, the Stripe stand-in taking the
 * deposit, and the move page's top saying booked, the one price, paid and left to pay, then who is coming once the
 * office books the crew. Screenshots in test-results/instant-booking-*.
 *
 * Worked by hand: a 2-bedroom move (£599) from SW1A 1AA to CB2 1TN, 49.78 miles as the crow flies, 24.78 beyond the
 * 25 included at £2.50 a mile = £61.95, rounded to £62; from a 3rd-floor flat with no lift, the access table's £30 a
 * floor for two bedrooms, 3 × £30 = £90. £751 on a Wednesday. The deposit is 25 %: £187.75; left to pay £563.25, due
 * 7 days before the move (the office's default).
 */
import type { Page } from '@playwright/test';
import { addDays, formatLongDate } from '../../src/lib/dates';
import { INSTANT_BUTTON, INSTANT_EXPLAIN } from '../../src/lib/instant-booking';
import { diaryDay } from '../shared/diary-days';
import { bookInDiary } from '../shared/office-posts';
import { expect, open, picture, queryD1, test } from './fixtures';
import { expectStep, typed, uniqueEmail } from './quote-helpers';
import { siteEnv } from './site-env';

const site = () => ({ base: siteEnv('baseUrl'), session: siteEnv('ownerSession') });
const ACCESS_LINE = 'Moving from: stairs, 3 floors without a lift';

/** The move page's top after the deposit: booked at £751.00, £187.75 paid, £563.25 left; then the crew once booked. */
async function bookedTop(page: Page, reference: string, moveDate: string, shot: string): Promise<void> {
  const top = page.locator('[data-move-top]');
  await expect(top.locator('[data-fill="top:price"]')).toHaveText('£751.00');
  await expect(page.locator('[data-fill="status"]')).toHaveText('Booked');
  await expect(page.locator('[data-written-quote]')).toContainText('Your estimate, booked online as the firm price for your move.');
  await expect(top.locator('[data-fill="top:Paid"]')).toHaveText('£187.75');
  await expect(top.locator('[data-fill="top:Left to pay"]')).toHaveText(`£563.25 by ${formatLongDate(addDays(moveDate, -7))}`);
  // The same money in D1 and at the stand-in; the office has its task to book the crew.
  expect(queryD1('SELECT status, total FROM quote_requests WHERE reference = ?', reference)).toEqual([{ status: 'booked', total: 751 }]);
  expect(queryD1('SELECT total_pence, deposit_pence FROM written_quotes WHERE reference = ?', reference)).toEqual([
    { total_pence: 75_100, deposit_pence: 18_775 },
  ]);
  expect(queryD1('SELECT amount_pence, status FROM payments WHERE reference = ?', reference)).toEqual([
    { amount_pence: 18_775, status: 'paid' },
  ]);
  expect(queryD1("SELECT COUNT(*) AS n FROM office_tasks WHERE record_reference = ? AND kind = 'instant_booking'", reference)).toEqual([
    { n: 1 },
  ]);
  await picture(() => page.screenshot({ path: `test-results/instant-booking-${shot}-booked.png`, fullPage: true }));

  const lead = `Tom ${Date.now()}`;
  await bookInDiary(site(), { reference, moveDate }, { crewLead: lead, crewSize: 3, van: `Van ${Date.now()}`, window: '08-10' });
  await page.reload();
  await expect(top.locator('[data-fill="top:Who is coming"]')).toHaveText('A crew of 3, led by Tom');
  await expect(top.locator('[data-fill="top:price"]')).toHaveText('£751.00');
  await picture(() => page.screenshot({ path: `test-results/instant-booking-${shot}-crew.png`, fullPage: true }));
}

const reference = (page: Page) => new URL(page.url()).searchParams.get('ref')!;

test.describe('JavaScript on', () => {
  test('step 5’s “Book and pay the deposit now”: the access in the estimate, Checkout for the deposit, a booked move', async ({ page }) => {
    test.setTimeout(120_000);
    // +webhookfirst: the stand-in sends the browser back once the Worker has taken the signed event.
    const email = uniqueEmail('instant').replace('@', '+webhookfirst@');
    const moveDate = diaryDay(3);
    await open(page, '/quote');
    await page.getByText('2 bedrooms', { exact: true }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('combobox', { name: 'Moving from' }).fill('SW1A 1AA');
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Moving to' }).fill('CB2 1TN');
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-quote-total]')).toHaveText('£661');
    for (const [end, line1, town] of [
      ['from', 'Flat 9, 10 Downing Street', 'London'],
      ['to', '1 Trumpington Street', 'Cambridge'],
    ] as const) {
      await page.getByRole('textbox', { name: `Moving ${end} Address line 1` }).fill(line1);
      await page.getByRole('textbox', { name: `Moving ${end} Town or city` }).fill(town);
    }
    const from = page.getByRole('group', { name: 'Moving from Access' });
    await from.getByLabel('Floor').selectOption({ label: '3rd floor' });
    await from.getByLabel('Lift').selectOption({ label: 'No lift' });
    await from.getByLabel('Parking for the van').selectOption({ label: 'Right outside the door' });
    await from.getByLabel('Long carry').selectOption({ label: 'No' });
    const to = page.getByRole('group', { name: 'Moving to Access' });
    await to.getByLabel('Floor').selectOption({ label: 'Ground floor or a house' });
    await to.getByLabel('Parking for the van').selectOption({ label: 'Less than 20 metres away' });
    await to.getByLabel('Long carry').selectOption({ label: 'No' });
    const card = page.locator('[data-quote-card]');
    await expect(page.locator('[data-quote-total]')).toHaveText('£751');
    await expect(card.locator('dt', { hasText: ACCESS_LINE }).locator('xpath=following-sibling::dd[1]')).toHaveText('£90');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, 'When do you want to move?');
    await page.getByLabel('Or type the date (dd/mm/yyyy)').fill(typed(moveDate));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Full Name').fill('Ada Lovelace');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Phone Number').fill('07700 900123');
    await expect(page.locator('[data-summary-total]')).toHaveText('£751');

    await expect(page.getByText(INSTANT_EXPLAIN)).toBeVisible();
    await page.getByRole('button', { name: INSTANT_BUTTON }).click();

    await expect(page.getByRole('heading', { name: 'Pay £187.75' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/quote-confirmation\?/);
    await bookedTop(page, reference(page), moveDate, 'js');
  });
});

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain form: Check my price shows the access line and the offer; booked and paid in one go', async ({ page }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('instant-nojs').replace('@', '+webhookfirst@');
    const moveDate = diaryDay(3);
    await page.goto('/quote');
    await page.getByRole('radio', { name: /2 bedrooms/ }).check();
    const fields: Record<string, string> = {
      fromPostcode: 'SW1A 1AA',
      fromAddress: 'Flat 9, 10 Downing Street',
      fromTown: 'London',
      toPostcode: 'CB2 1TN',
      toAddress: '1 Trumpington Street',
      toTown: 'Cambridge',
      moveDate,
      name: 'Ada Lovelace',
      email,
      phone: '07700 900123',
    };
    for (const [name, value] of Object.entries(fields)) await page.locator(`#qf-${name}`).fill(value);
    const answers: Record<string, string> = {
      fromFloor: 'third',
      fromLift: 'no',
      fromParking: 'door',
      fromCarry: 'no',
      toFloor: 'ground',
      toParking: 'under-20m',
      toCarry: 'no',
    };
    for (const [name, value] of Object.entries(answers)) await page.locator(`#qf-${name}`).selectOption(value);
    const book = page.getByRole('button', { name: INSTANT_BUTTON });
    // Not offered before the Worker has priced it.
    await expect(book).toBeHidden();
    await page.getByRole('button', { name: 'Check my price' }).click();
    const card = page.locator('#quote-price');
    await expect(card.locator('[data-price-total]')).toHaveText('£751');
    await expect(card).toContainText(`${ACCESS_LINE}£90`);
    await expect(page.getByText(INSTANT_EXPLAIN)).toBeVisible();
    await book.click();

    await expect(page.getByRole('heading', { name: 'Pay £187.75' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/quote-confirmation\?/);
    await bookedTop(page, reference(page), moveDate, 'nojs');
  });
});
