/**
 * Issue 33's "done when", walked as a new office manager and their customer would, JavaScript off: a customer's new
 * quote in /office; a crew and a van; a written quote with a packing line and the customer's FIRSTMOVE10, sent; the
 * customer accepts it from the e-mail's link and pays the deposit (issue 34); the office books it into the diary with
 * an arrival window; the crew lead opens the job sheet on a phone, says they are on their way, then that the job is
 * done. Each step reaches the customer's e-mails and move page, and the lead's history says who did it.
 */
import type { Page } from '@playwright/test';
import { leadPath, OFFICE_PATHS } from '../../src/lib/office/paths';
import { diaryDay } from '../shared/diary-days';
import { expect, test } from './fixtures';
import { signInToOffice } from './office';
import { capturedEmails, storeQuote, uniqueEmail } from './quote-helpers';
import { EMAIL_WAIT_MS } from '../shared/mail';
import { ceiling } from '../shared/load';

const PHONE = { width: 390, height: 844 };

test.use({ javaScriptEnabled: false });

/** Every e-mail to `email` whose subject contains `words`, once `count` of them have arrived. */
async function emailsAbout(email: string, words: string, count = 1) {
  const matching = async () => (await capturedEmails()).filter((e) => [e.to].flat().includes(email) && e.subject.includes(words));
  await expect.poll(async () => (await matching()).length, { timeout: EMAIL_WAIT_MS }).toBeGreaterThanOrEqual(count);
  return matching();
}

const historyLine = (page: Page, what: RegExp) =>
  page.locator('[data-history-line]').filter({ has: page.locator('[data-part="what"]', { hasText: what }) });

test('a new quote to a job done: the office, the customer and the crew', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(ceiling(240_000));
  // +webhookfirst: the Stripe stand-in sends the customer back once the Worker has the payment's event.
  const email = uniqueEmail('journey').replace('@', '+webhookfirst@');
  const day = diaryDay();
  const { reference } = await storeQuote(request, { email, promoCode: 'FIRSTMOVE10', moveDate: day });
  const lead = `Samira ${reference}`;
  const van = `VAN ${reference}`;

  // The office sees the new lead.
  await signInToOffice(page.context());
  await page.goto(OFFICE_PATHS.home);
  await page.getByRole('search').getByLabel('Search').fill(reference);
  await page.getByRole('search').getByRole('button', { name: 'Show leads' }).click();
  await expect(page.locator(`tr[data-lead="${reference}"]`).last()).toContainText('New');
  await page.locator(`tr[data-lead="${reference}"]`).last().getByRole('link', { name: reference }).click();
  await expect(page.locator('[data-fill="reference"]')).toHaveText(reference);

  // A crew and a van.
  await page.goto(OFFICE_PATHS.diary);
  await page.getByLabel('Crew lead’s name').fill(lead);
  await page.getByLabel('Crew size (people)').fill('3');
  await page.getByRole('button', { name: 'Add crew' }).click();
  await page.getByLabel('Van (how you tell it apart, such as its registration)').fill(van);
  await page.getByLabel('Size', { exact: true }).selectOption({ label: 'Luton van' });
  await page.getByRole('button', { name: 'Add van' }).click();

  // The written quote, from the lead's page: the engine's lines, a packing line, the customer's code.
  await page.goto(leadPath(reference));
  await page.getByRole('link', { name: 'Write a quote' }).click();
  await page.getByLabel('Line 4: what it is for').fill('Packing');
  await page.getByLabel('Line 4: amount in pounds').fill('120.50');
  await page.getByRole('button', { name: 'Check the total' }).click();
  const total = (await page.locator('[data-show="preview"] [data-fill="preview:Total"]').textContent())!.trim();
  const deposit = (await page.locator('[data-show="preview"] [data-fill="preview:Deposit"]').textContent())!.trim();
  await page.getByRole('button', { name: 'Send to the customer' }).click();
  await expect(page.locator('[data-version="1"] [data-fill="total"]')).toHaveText(total);

  // The customer accepts from the e-mail's link and pays the deposit it states.
  const [quoteEmail] = await emailsAbout(email, 'Your written quote');
  expect(quoteEmail!.text).toContain(total);
  expect(quoteEmail!.text).toContain('FIRSTMOVE10');
  const link = new URL(/https?:\/\/\S+\/quote-confirmation\?\S+/.exec(quoteEmail!.text ?? '')![0]);
  const theirs = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: PHONE });
  const customer = await theirs.newPage();
  await customer.goto(link.pathname + link.search);
  await customer.getByRole('button', { name: 'Accept this quote' }).click();
  await expect(customer.getByRole('heading', { name: `Pay ${deposit}` })).toBeVisible();
  await customer.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Your move is booked');
  await expect(customer.locator('[data-move-top] [data-fill="top:Paid"]')).toHaveText(deposit);

  // The office books it into the diary with its crew, van and arrival window.
  await page.goto(`${OFFICE_PATHS.diary}?from=${day}&ref=${reference}`);
  await page.getByLabel('Crew', { exact: true }).selectOption({ label: `${lead}, crew of 3` });
  await page.getByLabel('Van', { exact: true }).selectOption({ label: `${van}, Luton van` });
  await page.getByLabel('Arrival window').selectOption({ label: '8–10 am' });
  await page.getByRole('button', { name: 'Book with this crew' }).click();
  const crewEmail = (await emailsAbout(email, 'your crew and arrival time'))[0]!;
  expect(crewEmail.text).toContain('Samira');
  expect(crewEmail.text).toContain('8–10 am');
  expect(crewEmail.text).not.toContain(lead);

  // The crew lead's job sheet, on a phone.
  await page.goto(leadPath(reference));
  await page.getByRole('button', { name: 'Make the crew’s job sheet link' }).click();
  const sheetUrl = new URL((await page.locator('[data-fill="job-sheet-link"]').textContent())!.trim());
  const crewContext = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: PHONE });
  const crew = await crewContext.newPage();
  // On the move day (the test environment's clock header): the moving-day buttons show on that day only.
  await crew.setExtraHTTPHeaders({ 'X-Test-Now': `${day}T16:00:00Z` });
  await crew.goto(sheetUrl.pathname + sheetUrl.search);
  await expect(crew.getByText('8–10 am')).toBeVisible();
  await crew.getByLabel('Estimated arrival time').fill('09:45');
  await crew.getByRole('button', { name: 'Send “On our way”' }).click();
  const onTheWay = (await emailsAbout(email, 'your crew is on the way'))[0]!;
  expect(onTheWay.text).toContain('Samira');
  expect(onTheWay.text).toContain('09:45');
  await crew.getByLabel('Note for the office (optional)').fill('All in; keys with the neighbour');
  await crew.getByRole('button', { name: 'Mark the job done' }).click();
  await expect(crew.getByRole('status')).toHaveText(/marked as done/);
  await crewContext.close();

  // The customer's move page tells each step.
  await customer.goto(link.pathname + link.search);
  await expect(customer.locator('main')).toContainText('Samira');
  await expect(customer.locator('main')).toContainText('09:45');
  // Its top (issue 41 item 1): done, who came, and what is left of the price.
  const top = customer.locator('[data-move-top]');
  await expect(top.locator('[data-fill="status"]')).toHaveText('Done');
  await expect(top.locator('[data-fill="top:Who is coming"]')).toHaveText('A crew of 3, led by Samira');
  await expect(top.locator('[data-fill="top:Paid"]')).toHaveText(deposit);
  await theirs.close();

  // The lead's history: who did what.
  await page.goto(leadPath(reference));
  await expect(page.locator('[data-fill="stage"]')).toHaveText('Done');
  const who = (what: RegExp) => historyLine(page, what).first().locator('[data-part="who"]');
  await expect(who(/^Written quote version 1 sent/)).toHaveText('Owner');
  await expect(who(/^Written quote version 1 accepted/)).toHaveText('Customer');
  await expect(who(new RegExp(`^Booking confirmed by Shiftly: deposit of ${deposit.replace('.', '\\.')} paid by card`))).toHaveText(
    'Card payment',
  );
  await expect(who(/^Booked for .*arriving 8–10 am/)).toHaveText('Owner');
  await expect(who(/^Your crew: crew of 3 led by Samira/)).toHaveText('Office (diary)');
  await expect(who(/^On our way, arriving at about 09:45/)).toHaveText('Crew (Samira)');
  await expect(who(/^Job done/)).toHaveText('Crew (Samira)');
});
