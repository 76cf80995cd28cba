/**
 * Issue 30 item 4: one quote however often it is sent. Back then Submit again, a reload, a double click: with JavaScript
 * off (the plain form: its page carries this browser's request key, kept through post/redirect/get) and on (the wizard
 * keeps its key with the answers). Counted where it matters: one row in D1, two e-mails, one reference.
 */
import type { Page } from '@playwright/test';
import { test, expect, open, queryD1 } from './fixtures';
import { CONFIRMATION_URL, emailsFor, nextDay, reachStep4, typed, uniqueEmail } from './quote-helpers';
import { QUOTE_LABELS } from '../../src/data/quote-labels';

const submit = (page: Page) => page.getByRole('button', { name: 'Submit Quote Request' });
const quotesFor = (email: string) => queryD1<{ n: number }>('SELECT COUNT(*) AS n FROM quote_requests WHERE email = ?', email)[0]!.n;

async function fillContact(page: Page, email: string) {
  await page.getByLabel(QUOTE_LABELS.name).fill('Ada Lovelace');
  await page.getByLabel(QUOTE_LABELS.email).fill(email);
  await page.getByLabel(QUOTE_LABELS.phone).fill('07700 900123');
}

async function confirmedReference(page: Page): Promise<string> {
  await page.waitForURL(CONFIRMATION_URL);
  return (await page.locator('[data-reference]').textContent())!.trim();
}

async function expectOneQuote(email: string, reference: string) {
  expect(quotesFor(email)).toBe(1);
  await expect.poll(async () => (await emailsFor(reference)).length).toBe(2);
}

test.describe('with JavaScript switched off', () => {
  test.use({ javaScriptEnabled: false });

  async function fillForm(page: Page, email: string) {
    await page.getByRole('radio', { name: /2 bedrooms/ }).check();
    await page.getByRole('textbox', { name: 'Moving from Postcode' }).fill('SW1A 1AA');
    await page.getByRole('textbox', { name: 'Moving to Postcode' }).fill('M1 1AE');
    await page.getByLabel('Move date').fill(nextDay(3));
    await fillContact(page, email);
  }

  /** Submit (after a price check, or not), Back, Submit again: the same reference each time. */
  async function sendTwice(page: Page, { priceFirst }: { priceFirst: boolean }) {
    const email = uniqueEmail(priceFirst ? 'once-priced' : 'once-back');
    await page.goto('/quote');
    await fillForm(page, email);
    if (priceFirst) {
      await page.getByRole('button', { name: 'Check my price' }).click();
      await expect(page.locator('#quote-price')).toBeFocused();
    }
    await submit(page).click();
    const reference = await confirmedReference(page);

    await page.goBack();
    await expect(page.getByLabel(QUOTE_LABELS.email)).toHaveValue(email);
    await submit(page).click();
    expect(await confirmedReference(page)).toBe(reference);
    await expectOneQuote(email, reference);
  }

  test('Submit, Back, Submit again: the same reference, one quote, two e-mails', async ({ page }) => {
    await sendTwice(page, { priceFirst: false });
  });

  test("after 'Check my price', Submit, Back, Submit again: the same reference", async ({ page }) => {
    await sendTwice(page, { priceFirst: true });
  });

  test('a double click on Submit is one quote', async ({ page }) => {
    const email = uniqueEmail('once-double');
    await page.goto('/quote');
    await fillForm(page, email);
    await submit(page).dblclick();
    const reference = await confirmedReference(page);
    await expectOneQuote(email, reference);
  });
});

test.describe('with JavaScript (the wizard)', () => {
  async function reachStep5(page: Page, email: string) {
    await open(page, '/quote');
    await reachStep4(page, { size: '1 bedroom / Studio', furniture: [], from: 'OX1 3BG', to: 'GU1 3UW' });
    await page.getByLabel(QUOTE_LABELS.typedDate).fill(typed(nextDay(4)));
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillContact(page, email);
  }

  test('a double click on Submit sends one request; Back from the confirmation and reload never send it again', async ({ page }) => {
    const email = uniqueEmail('once-wizard');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/send-quote-email')) posts.push(request.url());
    });
    await reachStep5(page, email);
    await submit(page).dblclick();
    const reference = await confirmedReference(page);
    expect(posts).toHaveLength(1);

    await page.goBack();
    await expect(page).toHaveURL(/\/quote$/);
    // The wizard forgot the sent quote: nothing is left to send again.
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(submit(page)).toHaveCount(0);
    await page.reload();
    await expect(submit(page)).toHaveCount(0);
    expect(posts).toHaveLength(1);
    await expectOneQuote(email, reference);
  });
});
