/**
 * Helpers for the quote wizard specs: the mail catcher's address, stored quotes and their links, and keyboard moves.
 * Expected prices are literal figures worked by hand in each spec, from the miles in tests/shared/routes.ts.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { QuoteAnswer } from '../../src/lib/api';
import { formatMoney } from '../../src/lib/money';
import { siteEnv } from './site-env';
import { openDay } from '../shared/dates';
import { allEmails, type CapturedEmail } from '../shared/mail';

/** The mail catcher the global setup started (read when used: test files are also loaded before the setup runs). */
export const mailUrl = () => siteEnv('mailUrl');

export { formatMoney };

/** A stored quote's confirmation link: its reference and its 192-bit view token. */
export const CONFIRMATION_URL = /\/quote-confirmation\?ref=[A-HJ-NP-Z2-9]{9}&t=[\w-]{32}$/;

/** Stores a quote through the wizard's own endpoint, for tests about what comes after it. */
export async function storeQuote(request: APIRequestContext, overrides: Record<string, unknown> = {}): Promise<QuoteAnswer> {
  const response = await request.post('/api/send-quote-email', {
    data: {
      name: 'Ada Lovelace',
      email: uniqueEmail('stored'),
      phone: '07700 900123',
      propertyId: 'two-bed',
      furnitureIds: ['sofa'],
      fromPostcode: 'SW1A 1AA',
      toPostcode: 'M1 1AE',
      // The street address the wizard asks with each postcode: a move is booked only with both (issue 40 item 1).
      fromAddress: '1 Palace Street',
      fromTown: 'London',
      toAddress: '12 Canal Street',
      toTown: 'Manchester',
      moveDate: nextDay(3),
      clientEstimate: { total: 1000, distance: 160 },
      idempotencyKey: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      ...overrides,
    },
    headers: { 'X-Test-Client': `store-${Math.random().toString(36).slice(2)}` },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as QuoteAnswer;
}

/** The reference and token of a confirmation link (absolute or not). */
export function linkParts(link: string): { ref: string; t: string } {
  const params = new URL(link, 'http://x').searchParams;
  return { ref: params.get('ref') ?? '', t: params.get('t') ?? '' };
}

/** The confirmation link in a captured customer e-mail (its text part), as a path on the site under test. */
export function emailedLink(email: CapturedEmail): string {
  const found = /https?:\/\/\S+?(\/quote-confirmation\?ref=\w+&t=[\w-]+)/.exec(email.text ?? '');
  if (!found?.[1]) throw new Error(`no confirmation link in the e-mail "${email.subject}"`);
  return found[1];
}

/** The next Saturday (or other weekday, 0 = Sunday) strictly after today in the UK, `YYYY-MM-DD`. */
export function nextDay(weekday: number): string {
  return openDay(1, weekday);
}

/** `YYYY-MM-DD` -> `dd/mm/yyyy`, as a customer types it. */
export const typed = (date: string) => date.split('-').reverse().join('/');

/**
 * How the calendar names a day to a screen reader, in British form (issue 41 item 6): "Friday 18 December", never
 * "December 18th"; a price or state may follow after a comma.
 */
export function calendarDayName(date: string | Date): string {
  const day = typeof date === 'string' ? new Date(`${date}T12:00:00`) : date;
  const part = (options: Intl.DateTimeFormatOptions) => day.toLocaleDateString('en-GB', options);
  return `${part({ weekday: 'long' })} ${day.getDate()} ${part({ month: 'long' })}`;
}

/** A unique customer address per test, so parallel tests never read each other's e-mails. */
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

export type { CapturedEmail } from '../shared/mail';

/** Every captured e-mail: find a test's own by key, address or reference (tests/shared/mail.ts). */
export const capturedEmails = (): Promise<CapturedEmail[]> => allEmails(mailUrl());

/** E-mails about one request: the customer's (to their address) and the business's (naming the reference). */
export async function emailsFor(reference: string): Promise<CapturedEmail[]> {
  return (await capturedEmails()).filter((e) => e.subject.includes(reference) && !e.replayOf);
}

/** Presses Tab (or Shift+Tab) until the target has focus: how a keyboard user gets somewhere. */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 40 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`could not reach ${target} with the keyboard in ${max} presses`);
}

export const stepHeading = (page: Page) => page.locator('#quote-step-title');

export async function expectStep(page: Page, title: string): Promise<void> {
  await expect(stepHeading(page)).toHaveText(title);
}

/** Mouse path through steps 1-3 for tests that are about later steps. */
export async function reachStep4(
  page: Page,
  { size = '2 bedrooms', furniture = ['Sofa'], from = 'SW1A 1AA', to = 'M1 1AE' } = {},
): Promise<void> {
  await page.getByText(size, { exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  for (const item of furniture) await page.getByRole('button', { name: new RegExp(item) }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  // Escape closes each field's suggestions, as a keyboard user would: a list that opens late must not take the Continue click.
  await page.getByRole('combobox', { name: 'Moving from' }).fill(from);
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Moving to' }).fill(to);
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-quote-total]')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'When do you want to move?');
}
