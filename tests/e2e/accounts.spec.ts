/**
 * Signing in with an e-mailed link and "Your moves" (issue 19), as a customer does it, JavaScript off and on: a quote,
 * /login, the link from the mail catcher, /account listing the quote and opening it; another address's session sees
 * none of it. axe on every state of the new pages.
 */
import type { Page } from '@playwright/test';
import { test, expect, axeViolations } from './fixtures';
import { CONFIRMATION_URL, nextDay, storeQuote, uniqueEmail } from './quote-helpers';
import { askForLink, emailedSignInLink, openSignInLink, signInElsewhere } from './sign-in';
import { DONE_NOTICES, REQUEST_BOOKING_LABEL, STATUS_LABELS } from '../../src/lib/move-status';
import { formatLongDate } from '../../src/lib/dates';
import { openDay } from '../shared/dates';
import { bookedQuote, businessEmail } from './bookings';
import { ceiling } from '../shared/load';

/** A quote made through the plain form, as without JavaScript: its reference. */
async function quoteWithoutJavaScript(page: Page, email: string): Promise<string> {
  await page.goto('/quote');
  await page.getByRole('radio', { name: /2 bedrooms/ }).check();
  await page.getByRole('textbox', { name: 'Moving from Postcode' }).fill('SW1A 1AA');
  await page.getByRole('textbox', { name: 'Moving to Postcode' }).fill('M1 1AE');
  await page.getByLabel('Move date').fill(nextDay(3));
  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('07700 900123');
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  await expect(page).toHaveURL(CONFIRMATION_URL);
  return new URL(page.url()).searchParams.get('ref')!;
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('a quote, a sign-in link, and the quote on /account; another address sees none of it', async ({
      page,
      request,
      browser,
      baseURL,
    }) => {
      test.setTimeout(ceiling(120_000));
      const email = uniqueEmail(javaScriptEnabled ? 'account-js' : 'account-nojs');
      // Without JavaScript the quote is made with the plain form; with it, through the wizard's own endpoint.
      const reference = javaScriptEnabled ? (await storeQuote(request, { email })).reference : await quoteWithoutJavaScript(page, email);

      if (javaScriptEnabled) await page.goto('/');
      else await page.getByRole('link', { name: 'Sign in with your e-mail' }).click();
      if (javaScriptEnabled) await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).first().click();
      await expect(page).toHaveURL(/\/login$/);
      await askForLink(page, email);

      // A mail scanner opens the link first (HEAD, then GET): the customer's click still signs in.
      const link = await emailedSignInLink(email);
      expect((await request.head(link, { maxRedirects: 0 })).status()).toBe(200);
      expect((await request.get(link, { maxRedirects: 0 })).status()).toBe(200);
      await openSignInLink(page, link);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your moves');
      await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
      const row = page.getByRole('listitem').filter({ hasText: reference });
      await expect(row).toContainText('From SW1A 1AA to M1 1AE');
      // The on-demand page's rows are styled by its own components.
      await expect(row).toHaveCSS('display', 'grid');
      await expect(page.getByRole('banner').getByRole('link', { name: 'Your moves' }).first()).toHaveAttribute('href', '/account');

      await row.getByRole('link', { name: `Quote ${reference}` }).click();
      await expect(page.locator('[data-reference]')).toHaveText(reference);
      // Managed from the session alone (no token in the address): access details, then asking to book.
      await expect(page).toHaveURL(new RegExp(`/quote-confirmation\\?ref=${reference}$`));
      await page.getByRole('group', { name: 'Moving to', exact: true }).getByLabel('Lift').selectOption({ label: 'No lift' });
      await page.getByRole('button', { name: 'Save addresses and access' }).click();
      await expect(page.locator('[data-manage] [data-show="done"]')).toHaveText(DONE_NOTICES.access!);
      await page.getByRole('button', { name: REQUEST_BOOKING_LABEL }).click();
      await expect(page.locator('[data-move-top] [data-fill="status"]')).toHaveText(STATUS_LABELS.booking_requested);
      await page.goto('/account');
      await expect(page.getByRole('listitem').filter({ hasText: reference })).toContainText(STATUS_LABELS.booking_requested);
      await page
        .getByRole('listitem')
        .filter({ hasText: reference })
        .getByRole('link', { name: `Quote ${reference}` })
        .click();

      const second = uniqueEmail('account-other');
      await storeQuote(request, { email: second });
      const other = await signInElsewhere(browser, baseURL!, second);
      await expect(other.getByRole('listitem').filter({ hasText: 'From SW1A 1AA' })).toHaveCount(1);
      await expect(other.getByText(reference)).toHaveCount(0);
      const refused = await other.goto(`/quote-confirmation?ref=${reference}`);
      expect(refused?.status()).toBe(404);
      await other.context().close();

      // Signing out: the header says "Sign in" again and /account is /login.
      await page.goto('/account');
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(page).toHaveURL(/\/login$/);
      await page.goto('/account');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
    });
  });
}

test('the sign-in and account pages have no axe violations in any state; Delete my data asks, then deletes', async ({ page, request }) => {
  test.setTimeout(ceiling(120_000));
  const email = uniqueEmail('account-axe');
  await storeQuote(request, { email });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/login');
    expect(await axeViolations(page), `/login at ${width}px`).toEqual([]);
    await page.getByLabel('Email address').fill('not-an-address');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.locator('[data-error-summary]')).toBeFocused();
    expect(await axeViolations(page), `/login with an error at ${width}px`).toEqual([]);
    await page.goto('/login/verify?t=used');
    await expect(page.getByRole('alert').filter({ hasText: 'That sign-in link cannot be used' })).toBeVisible();
    expect(await axeViolations(page), `a used link at ${width}px`).toEqual([]);
  }
  await page.goto('/login');
  await askForLink(page, email);
  expect(await axeViolations(page), '/login, link sent').toEqual([]);
  const link = await emailedSignInLink(email);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(link);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeFocused();
    await expect(page.getByLabel('Email address')).toHaveCount(0);
    expect(await axeViolations(page), `an opened link at ${width}px`).toEqual([]);
  }
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/account');
    expect(await axeViolations(page), `/account at ${width}px`).toEqual([]);
    await page.getByRole('link', { name: 'Delete my data' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Delete everything for' })).toBeFocused();
    expect(await axeViolations(page), `/account asking to delete at ${width}px`).toEqual([]);
  }
  // Deleting: the sign-in page says it is done, and the quote is gone.
  await page.getByRole('button', { name: 'Yes, delete my data' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your data has been deleted' })).toBeFocused();
  expect(await axeViolations(page), '/login after deleting').toEqual([]);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
});

test('Delete my data keeps a booked move: the customer is told what and why, the business is e-mailed, the move still opens', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(ceiling(120_000));
  const email = uniqueEmail('account-keep');
  const moveDate = openDay(5);
  const booked = await bookedQuote(request, baseURL!, { email, moveDate });
  const other = await storeQuote(request, { email });
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/login');
  await askForLink(page, email);
  await openSignInLink(page, await emailedSignInLink(email));
  await page.getByRole('link', { name: 'Delete my data' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Delete everything for' })).toContainText(
    'A move booked with us that has not happened yet is not cancelled',
  );
  await page.getByRole('button', { name: 'Yes, delete my data' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'except your booked move' })).toBeFocused();
  await expect(page.getByText('Your data has been deleted, except your booked move.')).toBeVisible();
  await expect(page.getByText(`We have kept your booked move ${booked.reference} on ${formatLongDate(moveDate)}.`)).toBeVisible();
  await expect(page.getByText('UK GDPR Article 17(1)(a)')).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `/login after deleting, a booked move kept, at ${width}px`).toEqual([]);
  }

  // The kept move still opens from its link; the other quote is gone.
  await page.goto(booked.confirmationUrl);
  await expect(page.locator('[data-reference]')).toHaveText(booked.reference);
  expect((await request.get(other.confirmationUrl)).status()).toBe(404);
  const business = await businessEmail(booked.reference, 'deleted their data');
  expect(business.text).toContain(`${booked.reference}: Booked for ${formatLongDate(moveDate)}: KEPT`);
});
