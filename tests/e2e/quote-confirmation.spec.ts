import { test, expect, open, axeViolations, picture } from './fixtures';
import { askForLink, emailedSignInLink, openSignInLink } from './sign-in';
import { CONFIRMATION_URL, emailedLink, emailsFor, linkParts, nextDay, reachStep4, storeQuote, typed, uniqueEmail } from './quote-helpers';
import { formatLongDate } from '../../src/lib/dates';
import { ceiling } from '../shared/load';

test('without a link /quote-confirmation redirects to /quote', async ({ page }) => {
  await page.goto('/quote-confirmation');
  await page.waitForURL(/\/quote$/);
  await expect(page.locator('#quote-step-title')).toHaveText('How big is your space?');
});

test('/quote-confirmation is noindex and out of the sitemap', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain('/quote<');
  expect(sitemap).not.toContain('/quote-confirmation<');
  expect((await (await request.get('/robots.txt')).text()).split('\n')).toContain('Disallow: /quote-confirmation');
});

test('the wizard goes to the quote’s own link, which shows the stored quote on reload, in a fresh browser and from the e-mail', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(ceiling(60_000));
  const email = uniqueEmail('confirm');
  const date = nextDay(5);
  await open(page, '/quote');
  await reachStep4(page, { size: '1 bedroom / Studio', furniture: ['Sofa', 'Wardrobe'], from: 'PL1 2AA', to: 'EX1 1HS' });
  await page.getByLabel('Or type the date (dd/mm/yyyy)').fill(typed(date));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Full Name').fill('Mary Seacole');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('+44 7700 900456');
  await page.getByLabel('Additional Information (Optional)').fill('Piano on the ground floor.');
  await page.getByLabel('Promo code (optional)').fill('FIRSTMOVE10');
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  await page.waitForURL(CONFIRMATION_URL);
  const link = new URL(page.url()).pathname + new URL(page.url()).search;

  // On a Friday: £349 + £29 (36.5 miles, 11.5 beyond the free 25: tests/shared/routes.ts) + sofa £225 + wardrobe £65 =
  // £668; 10% off, £601.20.
  const price = '£668';
  const shows = async (view: import('@playwright/test').Page) => {
    const details = view.locator('[data-confirmation]');
    for (const text of [
      '1 bedroom / Studio',
      'PL1 2AA',
      'EX1 1HS',
      formatLongDate(date),
      'Mary Seacole',
      email,
      '+44 7700 900456',
      'Piano on the ground floor.',
      'Sofa, Wardrobe',
      'miles as the crow flies',
      '£601.20 with FIRSTMOVE10 when you book (10% off your first booking)',
    ]) {
      await expect(details).toContainText(text);
    }
    // The top gives the one price, the code taken off; the Estimated Quote card below, how it was worked out.
    await expect(view.locator('[data-confirmation-total]')).toHaveText('£601.20');
    await expect(view.locator('[data-fill="top:price-note"]')).toHaveText(`${price} less FIRSTMOVE10 (10% off your first booking)`);
    await expect(view.locator('#confirmation-price [data-fill="price:total"]')).toHaveText(price);
    await expect(view.getByRole('heading', { name: 'What Happens Next?' })).toBeVisible();
    await expect(view.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(view.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', /^\/api\/quote-calendar\?ref=/);
  };
  await shows(page);
  expect(await axeViolations(page)).toEqual([]);
  const reference = (await page.locator('[data-reference]').textContent())!.trim();
  expect(reference).toBe(linkParts(link).ref);

  // The same reference and total in the captured e-mail, whose own link opens the same quote.
  await expect.poll(async () => (await emailsFor(reference)).length).toBe(2);
  const customer = (await emailsFor(reference)).find((e) => [e.to].flat().includes(email))!;
  expect(customer.html).toContain(price);

  // A reload, and a fresh browser (another device: no storage, no cookies) with the link or the e-mail's link.
  await page.reload();
  await expect(page.locator('[data-reference]')).toHaveText(reference);
  const device = await browser.newContext({ baseURL });
  const elsewhere = await device.newPage();
  for (const path of [link, emailedLink(customer)]) {
    const response = await elsewhere.goto(path);
    expect(response?.status()).toBe(200);
    await shows(elsewhere);
  }

  // A changed token, a changed reference, no token: status 404 and the same body every time, which offers the way in.
  const { ref, t } = linkParts(link);
  const bodies = new Set<string>();
  for (const path of [
    `/quote-confirmation?ref=${ref}&t=${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`,
    `/quote-confirmation?ref=${ref.slice(0, -1)}${ref.endsWith('A') ? 'B' : 'A'}&t=${t}`,
    `/quote-confirmation?ref=${ref}`,
  ]) {
    const response = await elsewhere.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(elsewhere.getByRole('heading', { level: 1 })).toHaveText('Sign in to see your moves');
    await expect(elsewhere.getByText('Sign in with your e-mail to see your moves.')).toBeVisible();
    bodies.add(await response!.text());
  }
  expect(bodies.size).toBe(1);
  await device.close();

  // 'Request Another Quote' starts afresh: nothing of the sent quote is kept on the device.
  await page.getByRole('link', { name: 'Request Another Quote' }).click();
  await page.waitForURL(/\/quote$/);
  await expect(page.locator('#quote-step-title')).toHaveText('How big is your space?');
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue your quote' })).toHaveCount(0);
});

test.describe('a damaged move link (issue 41 item 5)', () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`offers sign-in, and signing in from it reaches the move (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
      browser,
      request,
      baseURL,
    }) => {
      test.setTimeout(ceiling(60_000));
      const email = uniqueEmail(`damaged-${javaScriptEnabled ? 'js' : 'nojs'}`);
      const answer = await storeQuote(request, { email });
      const { ref, t } = linkParts(answer.confirmationUrl);
      const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width: 320, height: 800 } });
      const page = await context.newPage();
      // The end of the token lost when the link was copied from the e-mail.
      const response = await page.goto(`/quote-confirmation?ref=${ref}&t=${t.slice(0, 20)}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to see your moves');
      const notice = page.getByRole('status').filter({ hasText: 'This link does not open a move.' });
      await expect(notice).toContainText('Sign in with your e-mail to see your moves.');
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await picture(() =>
          page.screenshot({ path: `test-results/damaged-link-${width}-js-${javaScriptEnabled ? 'on' : 'off'}.png`, fullPage: true }),
        );
      }

      await askForLink(page, email);
      await openSignInLink(page, await emailedSignInLink(email));
      await page.getByRole('link', { name: `Quote ${answer.reference}` }).click();
      await expect(page.locator('[data-reference]')).toHaveText(answer.reference);
      await context.close();
    });
  }
});
