import { addDays, formatLongDate, isWeekend, londonToday } from '../../src/lib/dates';
import { latestMoveDate, MOVE_DATE_MESSAGES } from '../../src/lib/move-date';
import { describeDistance } from '../../src/lib/distance';
import { test, expect, open, axeViolations } from './fixtures';
import { DRAFT_KEY } from '../../src/islands/quote-wizard/storage-keys';
import { CONSENT_KEY, consentRecord, NO_OPTIONAL } from '../../src/scripts/consent-record';
import { ceiling } from '../shared/load';

type StorageState = Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>;
import {
  calendarDayName,
  CONFIRMATION_URL,
  emailsFor,
  expectStep,
  formatMoney,
  nextDay,
  reachStep4,
  tabTo,
  typed,
  uniqueEmail,
} from './quote-helpers';
import { ROUTES } from '../shared/routes';
import { tagged } from '../shared/stand-ins';

/**
 * The prices the spec's rules (section 9) give, worked by hand from the miles in tests/shared/routes.ts. SW1A 1AA to
 * M1 1AE, 2 bedrooms and a sofa: £599 + £344 (distance) + £225 = £1,168 on a weekday, and 15 % of £599 (£89.85, £90)
 * more at a weekend: £1,258.
 */
const LONDON_MANCHESTER_TWO_BED_SOFA = { weekday: 1168, weekend: 1258 };

const fromField = (page: import('@playwright/test').Page) => page.getByRole('combobox', { name: 'Moving from' });
const toField = (page: import('@playwright/test').Page) => page.getByRole('combobox', { name: 'Moving to' });
const continueButton = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Continue' });
const total = (page: import('@playwright/test').Page) => page.locator('[data-quote-total]');

async function fillContact(page: import('@playwright/test').Page, email: string) {
  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('07700 900123');
}

test('a full quote by mouse: the price, the confirmation and both e-mails agree', async ({ page, consoleErrors }) => {
  const email = uniqueEmail('mouse');
  const date = nextDay(3); // a Wednesday: no weekend surcharge
  // EH1 1YZ to G1 1XQ: £349 + £41 (distance, tests/shared/routes.ts) + wardrobe £65 + bookcase £85 = £540.
  const price = '£540';

  await open(page, '/quote');
  await expectStep(page, 'How big is your space?');
  await expect(continueButton(page)).toBeDisabled();
  await page.getByText('1 bedroom / Studio', { exact: true }).click();
  await expect(page.getByRole('radio', { name: /1 bedroom \/ Studio/ })).toBeChecked();
  await continueButton(page).click();

  await expectStep(page, 'Select furniture services');
  await page
    .getByRole('button', { name: /Wardrobe/ })
    .first()
    .click();
  await page.getByRole('button', { name: /Bookcase/ }).click();
  await page.getByRole('button', { name: /Dining table/ }).click();
  await page.getByRole('button', { name: /Dining table/ }).click(); // toggled off again
  await expect(page.getByRole('button', { name: /Dining table/ })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('[data-furniture-total]')).toHaveText(`Furniture total: ${formatMoney(65 + 85)}`);
  await continueButton(page).click();

  await expectStep(page, 'Where are you moving?');
  await fromField(page).fill('EH1 1Y');
  await page.getByRole('option', { name: 'EH1 1YZ' }).click();
  await expect(fromField(page)).toHaveValue('EH1 1YZ');
  await toField(page).fill('G1 1XQ');
  await expect(page.getByText('Calculating distance and pricing...')).toBeVisible();
  await expect(total(page)).toHaveText(price);
  await expect(page.locator('[data-place="from"]')).toHaveText('EH1 1YZ: City of Edinburgh, Scotland');
  await continueButton(page).click();

  await expectStep(page, 'When do you want to move?');
  await expect(page.getByText('Weekend moves may include a 15% surcharge')).toBeVisible();
  // Pick the date with the calendar: move the calendar to the right month, then click the day.
  const target = new Date(`${date}T12:00:00`);
  const monthName = target.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
  for (let i = 0; i < 2 && !(await page.getByText(monthName).first().isVisible()); i++)
    await page.getByRole('button', { name: /next month/i }).click();
  const dayName = new RegExp(`^${calendarDayName(target)}(,|$)`);
  await page.getByRole('button', { name: dayName }).click();
  await expect(page.locator('[data-chosen-date]')).toContainText(target.toLocaleDateString('en-GB', { weekday: 'long' }));
  await expect(total(page)).toHaveText(price);
  await continueButton(page).click();

  await expectStep(page, 'Your contact details');
  await fillContact(page, email);
  await expect(page.locator('[data-summary-total]')).toHaveText(price);
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();

  await page.waitForURL(CONFIRMATION_URL);
  await expect(page.getByRole('heading', { name: 'Quote Request Sent Successfully!' })).toBeVisible();
  await expect(page.getByText('Quote request submitted! Check your email for confirmation.')).toBeVisible();
  const reference = (await page.locator('[data-reference]').textContent())!.trim();
  expect(reference).toMatch(/^[A-HJ-NP-Z2-9]{9}$/);
  await expect(page.locator('[data-confirmation-total]')).toHaveText(price);

  await expect.poll(async () => (await emailsFor(reference)).length).toBe(2);
  const emails = await emailsFor(reference);
  const customer = emails.find((e) => [e.to].flat().includes(email))!;
  expect(customer.subject).toContain(price);
  expect(customer.html).toContain(reference);
  expect(emails.every((e) => e.subject.includes(price))).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test('done when: SW1A 1AA to M1 1AE, two-bed, sofa, a Saturday, keyboard alone at 390 px; price, confirmation and e-mails agree to the penny', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail('keyboard');
  const saturday = nextDay(6);
  const money = formatMoney(LONDON_MANCHESTER_TWO_BED_SOFA.weekend);

  await open(page, '/quote');
  // Skip link, then into the wizard: nothing below is clicked.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('radio', { name: /Mini Move/ }));
  await page.keyboard.press('ArrowDown'); // studio
  await page.keyboard.press('ArrowDown'); // two-bed
  await expect(page.getByRole('radio', { name: /2 bedrooms/ })).toBeChecked();
  await tabTo(page, continueButton(page));
  await page.keyboard.press('Enter');

  await expectStep(page, 'Select furniture services');
  await expect(page.locator('#quote-step-title')).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: /Sofa/ }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: /Sofa/ })).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, continueButton(page));
  await page.keyboard.press('Enter');

  await expectStep(page, 'Where are you moving?');
  await tabTo(page, fromField(page));
  await page.keyboard.type('SW1A 1A');
  await expect(page.getByRole('option', { name: 'SW1A 1AA' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(fromField(page)).toHaveAttribute('aria-activedescendant', /option-0/);
  await page.keyboard.press('Enter');
  await expect(fromField(page)).toHaveValue('SW1A 1AA');
  await tabTo(page, toField(page));
  await page.keyboard.type('M1 1AE');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox', { name: 'Moving to suggestions' })).toBeHidden();
  await expect(total(page)).toHaveText(formatMoney(LONDON_MANCHESTER_TWO_BED_SOFA.weekday));
  await tabTo(page, continueButton(page));
  await page.keyboard.press('Enter');

  await expectStep(page, 'When do you want to move?');
  await tabTo(page, page.getByLabel('Or type the date (dd/mm/yyyy)'));
  await page.keyboard.type(typed(saturday));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Weekend surcharge', { exact: true })).toBeVisible();
  await expect(total(page)).toHaveText(money);
  await tabTo(page, continueButton(page));
  await page.keyboard.press('Enter');

  await expectStep(page, 'Your contact details');
  await tabTo(page, page.getByLabel('Full Name'));
  await page.keyboard.type('Grace Hopper');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('020 7946 0000');
  await expect(page.locator('[data-summary-total]')).toHaveText(money);
  await tabTo(page, page.getByRole('button', { name: 'Submit Quote Request' }));
  await page.keyboard.press('Enter');

  await page.waitForURL(CONFIRMATION_URL);
  const reference = (await page.locator('[data-reference]').textContent())!.trim();
  await expect(page.locator('[data-confirmation-total]')).toHaveText(money);
  await expect(page.locator('[data-confirmation]')).toContainText('2 bedrooms');
  await expect(page.locator('[data-confirmation]')).toContainText('SW1A 1AA');
  await expect(page.locator('[data-confirmation]')).toContainText('M1 1AE');

  await expect.poll(async () => (await emailsFor(reference)).length).toBe(2);
  for (const mail of await emailsFor(reference)) {
    expect(mail.subject).toContain(money);
    expect(mail.html).toContain(reference);
    expect(mail.html).toContain(money);
  }
  const customer = (await emailsFor(reference)).find((e) => [e.to].flat().includes(email));
  expect(customer, 'the customer e-mail went to the address typed').toBeTruthy();
});

test('the price on screen is the spec’s price for the stand-in coordinates, weekday and weekend', async ({ page }) => {
  await open(page, '/quote');
  await reachStep4(page, { size: '3 bedrooms', furniture: ['TV Stand'], from: 'BS1 5TR', to: 'CF10 1EP' });
  const weekday = nextDay(2);
  const sunday = nextDay(0);
  const dateField = page.getByLabel('Or type the date (dd/mm/yyyy)');

  // 25.8 miles, 0.8 beyond the free 25 (tests/shared/routes.ts): £1,099 + £2 + TV stand £69 = £1,170 on a weekday, and
  // 15 % of £1,099 (£164.85, £165) more on a Sunday: £1,335.
  const route = ROUTES['BS1 5TR → CF10 1EP'];
  await dateField.fill(typed(weekday));
  await expect(total(page)).toHaveText('£1,170');
  await expect(page.getByText('Weekend surcharge')).toHaveCount(0);
  await expect(page.getByText(`Extra distance (${describeDistance(route.extraMiles)})`)).toBeVisible();
  await expect(page.getByText(`Distance: ${describeDistance(route.miles)}`)).toBeVisible();
  await expect(page.getByText('Includes 25 miles at no extra charge')).toBeVisible();

  await dateField.fill(typed(sunday));
  await expect(total(page)).toHaveText('£1,335');
  await expect(page.locator('[data-quote-card]')).toContainText('Weekend surcharge£165');

  // The breakdown can be hidden, leaving the total.
  await page.getByRole('button', { name: 'Hide breakdown' }).click();
  await expect(page.getByText('Base service')).toBeHidden();
  await expect(total(page)).toHaveText('£1,335');
});

test('a short move inside the free miles shows no extra distance line', async ({ page }) => {
  await open(page, '/quote');
  await page.getByText('Mini Move', { exact: true }).click();
  await continueButton(page).click();
  await continueButton(page).click();
  await fromField(page).fill('SW1A 1AA');
  await toField(page).fill('EC1A 1BB');
  // 2.3 miles (tests/shared/routes.ts), inside the free 25: the Mini Move's £199 alone.
  await expect(total(page)).toHaveText('£199');
  await expect(page.locator('[data-quote-card]')).not.toContainText('Extra distance');
  await expect(page.locator('[data-quote-card]')).not.toContainText('Additional furniture');
});

test('suggestions: open at 3 characters, clear under 3, close on selection and 200 ms after blur', async ({ page }) => {
  await open(page, '/quote');
  await page.getByText('Mini Move', { exact: true }).click();
  await continueButton(page).click();
  await continueButton(page).click();
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  const list = page.getByRole('listbox', { name: 'Moving from suggestions' });

  await fromField(page).fill('SW');
  await expect(list).toBeHidden();
  await fromField(page).fill('SW1');
  await expect(list).toBeVisible();
  await expect(fromField(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(list.getByRole('option', { name: 'SW1A 1AA' })).toBeVisible();
  await fromField(page).fill('SW');
  await expect(list).toBeHidden();

  // Selection closes the list and completes the postcode; anything typed before it is kept.
  await fromField(page).fill('12 SW1A 2');
  await list.getByRole('option', { name: 'SW1A 2AA' }).click();
  await expect(fromField(page)).toHaveValue('12 SW1A 2AA');
  await expect(list).toBeHidden();

  // Blur: still open at 199 ms, closed at 200 ms.
  await fromField(page).fill('M1 1');
  await expect(list).toBeVisible();
  await toField(page).focus();
  await page.clock.runFor(199);
  await expect(list).toBeVisible();
  await page.clock.runFor(1);
  await expect(list).toBeHidden();
});

test('pricing waits 1,000 ms after the last change, then prices once', async ({ page }) => {
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (/\/postcodes\/[A-Z0-9]+$/.test(new URL(request.url()).pathname)) lookups.push(request.url());
  });
  await open(page, '/quote');
  await page.getByText('Mini Move', { exact: true }).click();
  await continueButton(page).click();
  await continueButton(page).click();
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);

  await fromField(page).fill('LS1 1UR');
  await toField(page).fill('S1 2H');
  await page.clock.runFor(600);
  await toField(page).fill('S1 2HH'); // a change restarts the wait
  await expect(page.getByText('Calculating distance and pricing...')).toBeVisible();
  await page.clock.runFor(999);
  expect(lookups).toEqual([]);
  await expect(total(page)).toHaveCount(0);
  await page.clock.runFor(1);
  // 29.1 miles: £199 + £10 for the 4.1 beyond the free 25 (tests/shared/routes.ts).
  await expect(total(page)).toHaveText('£209');
  expect(lookups.map((url) => new URL(url).pathname).sort()).toEqual(['/postcodes/LS11UR', '/postcodes/S12HH']);
});

test.describe('the errors of section 8 on step 3', () => {
  test("invalid 'from' and 'to' formats", async ({ page }) => {
    await open(page, '/quote');
    await page.getByText('Mini Move', { exact: true }).click();
    await continueButton(page).click();
    await continueButton(page).click();
    await fromField(page).fill('not a postcode');
    await toField(page).fill('M1 1AE');
    await expect(page.locator('#quote-from-error')).toHaveText(/Invalid 'from' postcode format/);
    await expect(fromField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(fromField(page)).toHaveAttribute('aria-describedby', /quote-from-error/);
    await expect(total(page)).toHaveCount(0);

    await fromField(page).fill('M2 5DB');
    await toField(page).fill('XYZ 123');
    await expect(page.locator('#quote-to-error')).toHaveText(/Invalid 'to' postcode format/);
    await expect(toField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(fromField(page)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#quote-from-error')).toHaveCount(0);

    // Continue does nothing without a price, and says why.
    await continueButton(page).click();
    await expectStep(page, 'Where are you moving?');
    await expect(page.locator('#quote-step-blocked')).toBeVisible();
  });

  test('postcode not found', async ({ page }) => {
    await open(page, '/quote');
    await page.getByText('Mini Move', { exact: true }).click();
    await continueButton(page).click();
    await continueButton(page).click();
    await fromField(page).fill('ZZ9 9ZZ');
    await toField(page).fill('YO1 7HH');
    await expect(page.locator('#quote-from-error')).toHaveText(/Postcode not found/);
    await expect(fromField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(total(page)).toHaveCount(0);
  });

  test('postcode service down: the distance cannot be calculated; it works again on retry', async ({ page }) => {
    await open(page, '/quote');
    await page.getByText('Mini Move', { exact: true }).click();
    await continueButton(page).click();
    await continueButton(page).click();
    // The service is down for this page's lookups of NR2 1NH alone (its network answers 503), then back.
    const lookup = '**/postcodes/NR21NH';
    const down = (route: import('@playwright/test').Route) => route.fulfill({ status: 503, json: { status: 503, error: 'Down' } });
    await page.route(lookup, down);
    await fromField(page).fill('NR2 1NH');
    await toField(page).fill('CB2 1TN');
    await expect(page.locator('#quote-route-error')).toHaveText(/Could not calculate distance between postcodes/);
    await expect(total(page)).toHaveCount(0);
    await page.unroute(lookup, down);
    await page.getByRole('button', { name: 'Try again' }).click();
    // 57.6 miles: £199 + £81 for the 32.6 beyond the free 25 (tests/shared/routes.ts).
    await expect(total(page)).toHaveText('£280');
    await expect(page.locator('#quote-route-error')).toHaveCount(0);
  });
});

test('a failed submission keeps step 5 and every answer; the retry sends the same request once', async ({ page }) => {
  const email = uniqueEmail('retry');
  await open(page, '/quote');
  await reachStep4(page, { size: '1 bedroom / Studio', furniture: [], from: 'OX1 3BG', to: 'GU1 3UW' });
  await page.getByLabel('Or type the date (dd/mm/yyyy)').fill(typed(nextDay(4)));
  await continueButton(page).click();
  await fillContact(page, email);
  await page.getByLabel('Additional Information (Optional)').fill('Third floor, no lift.');

  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/send-quote-email')) bodies.push(request.postData() ?? '');
  });
  // The network drops the first attempt.
  await page.route('**/api/send-quote-email', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  await expect(page.getByText('Failed to submit quote request. Please try again.')).toBeVisible();
  await expectStep(page, 'Your contact details');
  await expect(page.getByLabel('Full Name')).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel('Additional Information (Optional)')).toHaveValue('Third floor, no lift.');
  await expect(page.getByRole('button', { name: 'Submit Quote Request' })).toBeEnabled();

  await page.unroute('**/api/send-quote-email');
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  await page.waitForURL(CONFIRMATION_URL);
  expect(bodies).toHaveLength(2);
  const [first, second] = bodies.map((b) => JSON.parse(b) as { idempotencyKey: string });
  expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
});

test('e-mails that cannot be queued still reach the confirmation, with the notice saying so', async ({ page }) => {
  // The test Worker's queue refuses the sends of a request carrying this header (functions/worker.ts); the quote is
  // stored first, and the cron queues its e-mails again later.
  await page.route('**/api/send-quote-email', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-test-queue-down': '1' } }),
  );
  await open(page, '/quote');
  await reachStep4(page, { size: 'Mini Move', furniture: [], from: 'NE1 7RU', to: 'NE1 7RU' });
  await page.getByLabel('Or type the date (dd/mm/yyyy)').fill(typed(nextDay(1)));
  await continueButton(page).click();
  await fillContact(page, uniqueEmail('queue-down'));
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  await page.waitForURL(CONFIRMATION_URL);
  await expect(page.getByText('Failed to send confirmation email, but your quote was received!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Quote Request Sent Successfully!' })).toBeVisible();
  await expect(page.locator('[data-reference]')).toHaveText(/^[A-HJ-NP-Z2-9]{9}$/);
});

test('a failing e-mail still reaches the confirmation, which says the e-mail is still on its way', async ({ page }) => {
  // The mail catcher fails every send to (or replying to) this address. The e-mail is queued and tried again, so
  // the customer is not told it failed; once the queue gives up, the page says so (manage-move.spec.ts).
  const email = tagged(uniqueEmail('mailfail'), 'fail');
  await open(page, '/quote');
  await reachStep4(page, { size: 'Mini Move', furniture: [], from: 'NE1 7RU', to: 'NE1 7RU' });
  await page.getByLabel('Or type the date (dd/mm/yyyy)').fill(typed(nextDay(1)));
  await continueButton(page).click();
  await fillContact(page, email);
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  await page.waitForURL(CONFIRMATION_URL);
  await expect(page.getByRole('heading', { name: 'Quote Request Sent Successfully!' })).toBeVisible();
  await expect(page.locator('[data-reference]')).toHaveText(/^[A-HJ-NP-Z2-9]{9}$/);
  await expect(page.locator('[data-email-pending]')).toHaveText(`Our e-mail to ${email} is on its way shortly.`);
  await expect(page.getByText('Failed to send confirmation email, but your quote was received!')).toBeHidden();
});

test('step 5 checks name, e-mail and phone with the shared schema and focuses an error summary', async ({ page }) => {
  await open(page, '/quote');
  await reachStep4(page, { size: 'Mini Move', furniture: [], from: 'B2 4QA', to: 'B33 8TH' });
  await page.getByLabel('Or type the date (dd/mm/yyyy)').fill(typed(nextDay(5)));
  await continueButton(page).click();
  await page.getByLabel('Full Name').fill('   ');
  await page.getByLabel('Email Address').fill('not-an-email');
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('Please enter your full name.');
  await expect(summary).toContainText('Please enter a valid email address.');
  await expect(summary).toContainText('Please enter your phone number.');
  await expect(page.getByLabel('Email Address')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email Address')).toHaveAttribute('aria-describedby', 'quote-email-error');
  await expectStep(page, 'Your contact details');

  // The promo code is recognised as the customer types it.
  await page.getByLabel('Promo code (optional)').fill('firstmove10');
  await expect(page.locator('[data-promo-line]')).toContainText('with FIRSTMOVE10 when you book');
});

test('typed dates: an impossible or past date gets a clear message', async ({ page }) => {
  await open(page, '/quote');
  await reachStep4(page, { size: 'Mini Move', furniture: [], from: 'L1 8JQ', to: 'M2 5DB' });
  const field = page.getByLabel('Or type the date (dd/mm/yyyy)');
  await field.fill('31/02/2030');
  await field.blur();
  await expect(page.getByText('That date does not exist. Check the day and month.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('01/01/2020');
  await field.blur();
  await expect(page.getByText('That date has passed. Choose tomorrow or a later date.')).toBeVisible();
  // Continue says the typed date's own problem, once, at the field.
  await continueButton(page).click();
  await expectStep(page, 'When do you want to move?');
  await expect(page.getByText('That date has passed. Choose tomorrow or a later date.')).toHaveCount(1);
  await expect(field).toBeFocused();
  // The calendar refuses yesterday too.
  await expect(page.getByRole('button', { name: 'Pick a date' })).toHaveAttribute('aria-expanded', 'true');
  // With nothing typed or picked, Continue asks for a date.
  await field.fill('');
  await continueButton(page).click();
  await expect(page.getByText('Choose your move date to continue.')).toBeVisible();
});

test('one date: a day picked, then a date typed that cannot be booked, leaves no date and Continue says why', async ({ page }) => {
  await open(page, '/quote');
  await reachStep4(page, { size: 'Mini Move', furniture: [], from: 'L1 8JQ', to: 'M2 5DB' });
  const picked = nextDay(3);
  await showMonthOf(page, picked);
  await page.getByRole('button', { name: dayButtonName(picked, '£[\\d,]+') }).click();
  const field = page.getByLabel('Or type the date (dd/mm/yyyy)');
  await expect(field).toHaveValue(typed(picked));

  // A year and more ahead: the calendar would not offer it, the typed field must not take it either.
  const tooFar = addDays(latestMoveDate(londonToday()), 30);
  const message = MOVE_DATE_MESSAGES.too_far(latestMoveDate(londonToday()));
  await field.fill(typed(tooFar));
  await expect(page.locator('[data-chosen-date]')).toHaveCount(0);
  // No day is chosen any more: the calendar's button asks for one again, and the calendar shows none picked.
  await page.getByRole('button', { name: 'Pick a date' }).click();
  await expect(page.locator('.rdp-selected')).toHaveCount(0);
  await continueButton(page).click();
  await expectStep(page, 'When do you want to move?');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(page.getByText(message)).toHaveCount(1);
  expect(await axeViolations(page), 'step 4 with a typed date refused').toEqual([]);

  // The date typed next is the one sent on: step 5 shows it, not the day picked first.
  const instead = nextDay(5);
  await field.fill(typed(instead));
  await continueButton(page).click();
  await expectStep(page, 'Your contact details');
  await expect(page.locator('[data-booking-summary]')).toContainText(formatLongDate(instead));
});

test('a reload mid-wizard keeps every answer; Back returns step by step', async ({ page }) => {
  await open(page, '/quote');
  await reachStep4(page, { size: '3 bedrooms', furniture: ['Bookcase', 'Office desk'], from: 'LE1 5FQ', to: 'NG1 2DT' });
  const date = nextDay(2);
  await page.getByLabel('Or type the date (dd/mm/yyyy)').fill(typed(date));
  // 22.1 miles, inside the free 25, on a Tuesday: £1,099 + bookcase £85 + office desk £62 = £1,246.
  await expect(total(page)).toHaveText('£1,246');

  await page.reload();
  await expectStep(page, 'When do you want to move?');
  await expect(page.getByLabel('Or type the date (dd/mm/yyyy)')).toHaveValue(typed(date));
  await expect(total(page)).toHaveText('£1,246');

  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expectStep(page, 'Where are you moving?');
  await expect(page.locator('#quote-step-title')).toBeFocused();
  await expect(fromField(page)).toHaveValue('LE1 5FQ');
  await expect(toField(page)).toHaveValue('NG1 2DT');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('button', { name: /Bookcase/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: /Office desk/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('radio', { name: /3 bedrooms/ })).toBeChecked();
});

test('a double click on submit sends one request and one pair of e-mails', async ({ page }) => {
  const email = uniqueEmail('double');
  await open(page, '/quote');
  await reachStep4(page, { size: 'Mini Move', furniture: [], from: 'CT1 2EH', to: 'BN1 1AE' });
  await page.getByLabel('Or type the date (dd/mm/yyyy)').fill(typed(nextDay(4)));
  await continueButton(page).click();
  await fillContact(page, email);
  let requests = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/send-quote-email')) requests += 1;
  });
  await page.getByRole('button', { name: 'Submit Quote Request' }).dblclick();
  await page.waitForURL(CONFIRMATION_URL);
  expect(requests).toBe(1);
  const reference = (await page.locator('[data-reference]').textContent())!.trim();
  await expect.poll(async () => (await emailsFor(reference)).length).toBe(2);
});

test('prefill from the other-services form: postcodes and details arrive in the wizard', async ({ page }) => {
  await open(page, '/quote?from=SW1A%201AA&to=EH1%201YZ&service=courier&details=Two%20boxes%20of%20books');
  await expect(page).toHaveURL(/\/quote$/);
  await page.getByText('Mini Move', { exact: true }).click();
  await continueButton(page).click();
  await continueButton(page).click();
  await expect(fromField(page)).toHaveValue('SW1A 1AA');
  await expect(toField(page)).toHaveValue('EH1 1YZ');
  await expect(total(page)).toBeVisible();
  await continueButton(page).click();
  await page.getByLabel('Or type the date (dd/mm/yyyy)').fill(typed(nextDay(3)));
  await continueButton(page).click();
  await expect(page.getByLabel('Additional Information (Optional)')).toHaveValue('Service: Courier van\nTwo boxes of books');
});

test('axe finds no WCAG 2.2 AA violations on any step', async ({ page }) => {
  test.setTimeout(ceiling(180_000)); // seven full-page scans: a minute or more on a busy two-core machine
  await open(page, '/quote');
  expect(await axeViolations(page), 'step 1').toEqual([]);
  await page.getByText('2 bedrooms', { exact: true }).click();
  await continueButton(page).click();
  expect(await axeViolations(page), 'step 2').toEqual([]);
  await page.getByRole('button', { name: /Sofa/ }).click();
  await continueButton(page).click();
  await fromField(page).fill('SW1A');
  await expect(page.getByRole('option').first()).toBeVisible();
  expect(await axeViolations(page), 'step 3 with suggestions').toEqual([]);
  await fromField(page).fill('not a postcode');
  await toField(page).fill('M1 1AE');
  await expect(page.locator('#quote-from-error')).toBeVisible();
  expect(await axeViolations(page), 'step 3 with an error').toEqual([]);
  await fromField(page).fill('SW1A 1AA');
  await expect(total(page)).toBeVisible();
  expect(await axeViolations(page), 'step 3 priced').toEqual([]);
  await continueButton(page).click();
  await expect(page.locator('.rdp-root')).toBeVisible();
  expect(await axeViolations(page), 'step 4').toEqual([]);
  await page.getByLabel('Or type the date (dd/mm/yyyy)').fill(typed(nextDay(6)));
  await expect(page.getByText('Weekend surcharge', { exact: true })).toBeVisible();
  await continueButton(page).click();
  expect(await axeViolations(page), 'step 5').toEqual([]);
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  await expect(page.getByText('There is a problem')).toBeVisible();
  expect(await axeViolations(page), 'step 5 with errors').toEqual([]);
});

// Without JavaScript /quote is the complete form posted to the Worker: tests/e2e/quote-nojs.spec.ts.

test('a postcode the service does not know is priced from its area, and the quote says so', async ({ page }) => {
  await open(page, '/quote');
  await page.getByText('Mini Move', { exact: true }).click();
  await continueButton(page).click();
  await continueButton(page).click();
  await fromField(page).fill('SW1A 9ZZ'); // well formed, unknown; its outward code SW1A is known
  await toField(page).fill('N1 9GU');
  await expect(total(page)).toBeVisible();
  await expect(page.locator('[data-quote-card]')).toContainText('Distance estimated from the SW1A area');
});

test('the calendar works from the keyboard: arrow keys move, Enter picks, focus returns to the button', async ({ page }) => {
  await open(page, '/quote');
  await reachStep4(page, { size: 'Mini Move', furniture: [], from: 'YO1 7HH', to: 'LS1 1UR' });
  const toggle = page.getByRole('button', { name: 'Pick a date' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // The first bookable day is tomorrow (move-date.ts): the first enabled day button.
  const dayFromNow = (days: number) =>
    page.evaluate((n) => {
      const d = new Date();
      d.setDate(d.getDate() + n);
      return {
        date: d.getDate(),
        long: d.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).replace(/,/g, ''),
      };
    }, days);
  await tabTo(page, page.locator('.rdp-day_button:not([disabled])').first());
  const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  expect(focused).toContain(String((await dayFromNow(1)).date));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const picked = (await dayFromNow(2)).long;
  await expect(page.locator('[data-chosen-date]')).toContainText(picked);
  await expect(page.locator('button[aria-controls]').filter({ hasText: picked })).toBeFocused();
});

/** The calendar's name for a day button: "Saturday 28 November" then ", £1,264" once priced. */
function dayButtonName(date: string, price: string): RegExp {
  const weekend = isWeekend(date) ? ' \\(weekend\\)' : '';
  return new RegExp(`^${calendarDayName(date)}, ${price.replace(/[$()]/g, '\\$&')}${weekend}$`);
}

/** Moves the calendar to the month of `date`, forwards or back (the month shown is its grid's name). */
async function showMonthOf(page: import('@playwright/test').Page, date: string) {
  const caption = new Date(`${date}T12:00:00`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
  const wanted = new Date(`1 ${caption}`).getTime();
  const grid = page.getByRole('grid');
  for (let i = 0; i < 12; i++) {
    const shown = await grid.evaluate(
      (element) =>
        element.getAttribute('aria-label') ?? document.getElementById(element.getAttribute('aria-labelledby') ?? '')?.textContent ?? '',
    );
    if (shown === caption) return;
    await page.getByRole('button', { name: wanted < new Date(`1 ${shown}`).getTime() ? /previous month/i : /next month/i }).click();
    await expect(grid).not.toHaveAccessibleName(shown);
  }
  await expect(grid).toHaveAccessibleName(caption);
}

test('the calendar shows each day’s total once the route is priced, weekday and weekend; a weekend pick changes the total', async ({
  page,
}) => {
  await open(page, '/quote');
  await reachStep4(page, { size: '2 bedrooms', furniture: ['Sofa'], from: 'SW1A 1AA', to: 'M1 1AE' });
  const wednesday = nextDay(3);
  const saturday = nextDay(6);
  const onWednesday = { total: LONDON_MANCHESTER_TWO_BED_SOFA.weekday };
  const onSaturday = { total: LONDON_MANCHESTER_TWO_BED_SOFA.weekend };

  await expect(page.locator('[data-day-prices]')).toContainText(
    `Weekdays ${formatMoney(onWednesday.total)}, weekends ${formatMoney(onSaturday.total)}`,
  );
  await expect(page.locator('[data-day-prices]')).toContainText('Weekend prices are in bold amber');
  for (const [date, priced] of [
    [wednesday, onWednesday],
    [saturday, onSaturday],
  ] as const) {
    await showMonthOf(page, date);
    // The price is under the day's number, and in the button's accessible name.
    const day = page.getByRole('button', { name: dayButtonName(date, formatMoney(priced.total)) });
    await expect(day).toContainText(formatMoney(priced.total));
  }
  // Past days are not offered, so they show no price.
  await expect(page.locator('.rdp-day_button[disabled] [data-day-total]')).toHaveCount(0);

  await page.getByRole('button', { name: dayButtonName(saturday, formatMoney(onSaturday.total)) }).click();
  await expect(total(page)).toHaveText(formatMoney(onSaturday.total));
  // The typed date field shows the chosen day's total (its description names it).
  const typedField = page.getByLabel('Or type the date (dd/mm/yyyy)');
  await expect(typedField).toHaveValue(typed(saturday));
  await expect(typedField).toHaveAccessibleDescription(new RegExp(`${formatMoney(onSaturday.total)}, a weekend`));
  await typedField.fill(typed(wednesday));
  await expect(page.locator('[data-chosen-date]')).toContainText(formatMoney(onWednesday.total));
  await expect(total(page)).toHaveText(formatMoney(onWednesday.total));
  expect(await axeViolations(page), 'step 4 priced').toEqual([]);
});

test.describe('an unfinished quote waits on the device for 7 days', () => {
  /** A visitor with a stored cookie choice (so no banner), and whatever storage an earlier visit left. */
  async function visit(browser: import('@playwright/test').Browser, baseURL: string | undefined, storageState?: StorageState) {
    const context = await browser.newContext({ baseURL, ...(storageState ? { storageState } : {}) });
    await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
      key: CONSENT_KEY,
      value: JSON.stringify(consentRecord(NO_OPTIONAL)),
    });
    return { context, page: await context.newPage() };
  }

  test('a later visit offers Continue your quote (never the name, e-mail or phone) or Start again', async ({ browser, baseURL }) => {
    test.setTimeout(ceiling(60_000));
    const email = uniqueEmail('draft');
    const first = await visit(browser, baseURL);
    await open(first.page, '/quote');
    await reachStep4(first.page, { size: '3 bedrooms', furniture: ['Bookcase'], from: 'LE1 5FQ', to: 'NG1 2DT' });
    const date = nextDay(4);
    await first.page.getByLabel('Or type the date (dd/mm/yyyy)').fill(typed(date));
    await continueButton(first.page).click();
    await fillContact(first.page, email);
    const left = await first.context.storageState();
    await first.context.close();
    const kept = JSON.stringify(left);
    expect(kept).toContain('LE1 5FQ');
    for (const personal of ['Ada Lovelace', email, '07700 900123']) expect(kept, personal).not.toContain(personal);

    // Another day: the tab is gone (no sessionStorage), the device remembers.
    const later = await visit(browser, baseURL, left);
    await open(later.page, '/quote');
    const offer = later.page.locator('[data-continue-offer]');
    await expect(offer).toContainText('3 bedrooms, LE1 5FQ to NG1 2DT');
    expect(await axeViolations(later.page), 'the offer').toEqual([]);
    await later.page.getByRole('button', { name: 'Continue your quote' }).click();
    await expectStep(later.page, 'Your contact details');
    await expect(later.page.locator('#quote-step-title')).toBeFocused();
    await expect(later.page.getByLabel('Full Name')).toHaveValue('');
    // 22.1 miles, inside the free 25, on a Thursday: £1,099 + bookcase £85 = £1,184.
    await expect(later.page.locator('[data-summary-total]')).toHaveText('£1,184');
    // A reload of that tab just keeps going: no offer again.
    await later.page.reload();
    await expectStep(later.page, 'Your contact details');
    await expect(offer).toHaveCount(0);
    await later.context.close();

    const fresh = await visit(browser, baseURL, left);
    await open(fresh.page, '/quote');
    await fresh.page.getByRole('button', { name: 'Start again' }).click();
    await expectStep(fresh.page, 'How big is your space?');
    await expect(fresh.page.getByRole('radio', { checked: true })).toHaveCount(0);
    const forgotten = await fresh.context.storageState();
    await fresh.context.close();
    const again = await visit(browser, baseURL, forgotten);
    await open(again.page, '/quote');
    await expectStep(again.page, 'How big is your space?');
    await expect(again.page.locator('[data-continue-offer]')).toHaveCount(0);
    await again.context.close();
  });

  test('a draft older than 7 days is not offered, and is deleted', async ({ browser, baseURL }) => {
    const savedAt = Date.now() - 8 * 24 * 60 * 60 * 1000;
    const draft = { savedAt, step: 3, answers: { propertyId: 'mini', furnitureIds: [], fromPostcode: 'SW1A 1AA', toPostcode: 'M1 1AE' } };
    const origin = new URL(baseURL!).origin;
    const old = await visit(browser, baseURL, {
      cookies: [],
      origins: [{ origin, localStorage: [{ name: DRAFT_KEY, value: JSON.stringify(draft) }] }],
    });
    await open(old.page, '/quote');
    await expectStep(old.page, 'How big is your space?');
    await expect(old.page.locator('[data-continue-offer]')).toHaveCount(0);
    expect(await old.page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).toBeNull();
    await old.context.close();
  });
});
