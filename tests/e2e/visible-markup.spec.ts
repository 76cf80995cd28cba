/**
 * No raw markup on screen (issue 18, item 1): what a visitor reads (the body's innerText, the page title) and what a
 * screen reader announces (Chromium's accessibility tree: every accessible name and description) must never hold a
 * tag (`<svg`, `</a>`) or an entity left unescaped or escaped twice (`&lt;`, `&amp;` where an `&` was meant, `&quot;`).
 *
 * Every page in the sitemap and every filled page (the quote form's price and refusals, the wizard's steps, a stored
 * quote's confirmation, the contact page's results, the dialogs), with JavaScript on and off, at 390 and 1280 px (the
 * sitemap crosswise: on at 390, off at 1280): six tests the runner spreads over its workers. Each state gets its own browser context, several at a time. The customer's own text carries `&` and quotes, so double
 * escaping shows up too.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { CONSENT_KEY, consentRecord, NO_OPTIONAL } from '../../src/scripts/consent-record';
import { test, expect, sitemapPaths, waitForHydration } from './fixtures';
import { nextDay, storeQuote, typed, uniqueEmail } from './quote-helpers';
import { ceiling } from '../shared/load';

/** The opening or closing of a tag (`<svg `, `</a>`, `<br/>`), and an HTML entity (`&amp;`, `&#39;`, `&#x2019;`). */
const MARKUP = [/<\/?[a-z][a-z0-9-]*(?=[\s/>])/i, /&(?:[a-z][a-z0-9]{1,31}|#\d{1,7}|#x[0-9a-f]{1,6});/i];

/** What the customer types: characters that show up as `&amp;` or `&quot;` if escaped twice. */
const CUSTOMER_NOTES = 'Piano & harp, "handle with care", Tom\'s boxes';

/** Pages outside the sitemap (noindex) that people still see. */
const UNLISTED = ['/no-such-page', '/login'];

const CONCURRENCY = 3;

interface Mode {
  js: boolean;
  width: number;
}

/** A page state: how to get there from a fresh context. */
interface State {
  name: string;
  js?: 'on' | 'off';
  reach: (page: Page, mode: Mode) => Promise<void>;
}

const visit =
  (path: string) =>
  async (page: Page, { js }: Mode) => {
    await page.goto(path);
    if (js) {
      await waitForHydration(page);
      await page.waitForLoadState('load');
    }
  };

/** The visible text and everything the accessibility tree announces. */
async function readableText(page: Page): Promise<string> {
  const [title, text, tree] = await Promise.all([
    page.title(),
    page.evaluate(() => document.body.innerText),
    page.locator('body').ariaSnapshot(),
  ]);
  return [title, text, tree].join('\n');
}

function markupIn(text: string): string[] {
  const found: string[] = [];
  for (const pattern of MARKUP) {
    const global = new RegExp(pattern.source, 'gi');
    for (const match of text.matchAll(global)) {
      const at = match.index ?? 0;
      found.push(JSON.stringify(text.slice(Math.max(0, at - 40), at + 60)));
      if (found.length >= 3) return found;
    }
  }
  return found;
}

async function quoteFormFilled(page: Page, { from = 'SW1A 1AA', to = 'M1 1AE' } = {}) {
  await page.getByRole('radio', { name: /2 bedrooms/ }).check();
  await page.getByRole('checkbox', { name: /Sofa/ }).check();
  await page.getByRole('textbox', { name: 'Moving from Postcode' }).fill(from);
  await page.getByRole('textbox', { name: 'Moving to Postcode' }).fill(to);
  await page.getByLabel('Move date').fill(nextDay(6));
  await page.getByLabel('Additional Information (Optional)').fill(CUSTOMER_NOTES);
  await page.getByLabel('Promo code (optional)').fill('FIRSTMOVE10');
}

/** The wizard through steps 1 to 3, priced. */
async function wizardToRoute(page: Page, { from = 'SW1A 1AA', to = 'M1 1AE' } = {}) {
  await page.goto('/quote');
  await waitForHydration(page);
  await page.getByText('2 bedrooms', { exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: /Sofa/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('combobox', { name: 'Moving from' }).fill(from);
  await page.getByRole('combobox', { name: 'Moving to' }).fill(to);
}

async function wizardToDate(page: Page) {
  await wizardToRoute(page);
  await expect(page.locator('[data-quote-total]')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('[data-day-total]').first()).toBeVisible();
}

/** The contact form posted as a plain form (JavaScript off, or its script blocked), with mistakes. */
async function refusedContactPost(page: Page, { js }: Mode) {
  if (js) await page.route('**/_astro/ContactFormEnhancer*.js', (route) => route.abort('internetdisconnected'));
  await page.goto('/contact');
  await page.locator('#contact-firstName').fill('Grace & Co');
  await page.locator('#contact-email').fill('not-an-email');
  await page.locator('[data-contact-submit]').click();
  await expect(page.locator('[data-error-summary]')).toBeFocused();
}

const FILLED: State[] = [
  {
    name: 'the cookie banner (first visit)',
    js: 'on',
    reach: async (page) => {
      await page.goto('/');
      await page.evaluate((key) => localStorage.removeItem(key), CONSENT_KEY);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'We use cookies' })).toBeVisible();
    },
  },
  {
    name: 'the cookie preferences dialog',
    js: 'on',
    reach: async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Cookie settings' }).click();
      // The dialog's code (React) loads with this first press: on a busy machine that can take a while.
      await expect(page.getByRole('dialog')).toBeVisible({ timeout: 20_000 });
    },
  },
  {
    name: 'the call-back dialog',
    js: 'on',
    reach: async (page) => {
      await page.goto('/contact');
      await page.locator('#call-back').getByRole('link', { name: 'Request a call-back' }).click();
      // The dialog's code (React) loads with this first press: on a busy machine that can take a while.
      await expect(page.getByRole('dialog')).toBeVisible({ timeout: 20_000 });
    },
  },
  {
    name: 'the quote form with its price (Check my price)',
    js: 'off',
    reach: async (page) => {
      await page.goto('/quote');
      await quoteFormFilled(page);
      await page.getByRole('button', { name: 'Check my price' }).click();
      await expect(page.locator('#quote-price')).toBeVisible();
    },
  },
  {
    name: 'the quote form refused: nothing filled in',
    js: 'off',
    reach: async (page) => {
      await page.goto('/quote');
      await page.getByRole('button', { name: 'Submit Quote Request' }).click();
      await expect(page.locator('[data-error-summary]')).toBeVisible();
    },
  },
  {
    name: 'the quote form refused: a postcode the service does not know',
    js: 'off',
    reach: async (page) => {
      await page.goto('/quote');
      await quoteFormFilled(page, { from: 'ZZ9 9ZZ' });
      await page.getByRole('button', { name: 'Check my price' }).click();
      await expect(page.locator('[data-error-summary]')).toBeVisible();
    },
  },
  {
    name: 'the wizard, step 1 from a service page',
    js: 'on',
    reach: async (page) => {
      await page.goto('/quote?service=packing');
      await waitForHydration(page);
      await expect(page.locator('#quote-step-title')).toBeVisible();
    },
  },
  {
    name: 'the wizard, step 3 priced',
    js: 'on',
    reach: async (page) => {
      await wizardToRoute(page);
      await expect(page.locator('[data-quote-total]')).toBeVisible();
    },
  },
  {
    name: 'the wizard, step 3 with a postcode the service does not know',
    js: 'on',
    reach: async (page) => {
      await wizardToRoute(page, { from: 'ZZ9 9ZZ' });
      await expect(page.locator('[data-route-error]')).toBeVisible();
    },
  },
  {
    name: 'the wizard, step 4 with the priced calendar',
    js: 'on',
    reach: wizardToDate,
  },
  {
    name: 'the wizard, step 5 with the promo code and refused details',
    js: 'on',
    reach: async (page) => {
      await wizardToDate(page);
      await page.getByLabel('Or type the date (dd/mm/yyyy)').fill(typed(nextDay(6)));
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Additional Information (Optional)').fill(CUSTOMER_NOTES);
      await page.getByLabel('Promo code (optional)').fill('FIRSTMOVE10');
      await page.getByRole('button', { name: 'Submit Quote Request' }).click();
      await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
    },
  },
  {
    name: 'a stored quote’s confirmation',
    reach: async (page, mode) => {
      const answer = await storeQuote(page.request, {
        name: 'Ada O’Brien & Sons',
        email: uniqueEmail('markup'),
        additionalInfo: CUSTOMER_NOTES,
        promoCode: 'FIRSTMOVE10',
        moveDate: nextDay(6),
      });
      await visit(answer.confirmationUrl)(page, mode);
      await expect(page.locator('[data-reference]')).toHaveText(answer.reference);
    },
  },
  {
    name: 'the contact page after a message was sent',
    reach: async (page, mode) => {
      const sent = await page.request.post('/api/send-contact-email', {
        data: {
          firstName: 'Grace',
          lastName: 'Hopper & Co',
          email: uniqueEmail('markup'),
          subject: 'general',
          message: CUSTOMER_NOTES,
        },
        headers: { 'X-Test-Client': `markup-${Math.random().toString(36).slice(2)}` },
      });
      expect(sent.status()).toBe(201);
      const { reference } = (await sent.json()) as { reference: string };
      await visit(`/contact?sent=1&ref=${reference}#message-sent`)(page, mode);
      await expect(page.locator('#message-sent')).toContainText(reference);
    },
  },
  { name: 'the contact page refusing a plain post', reach: refusedContactPost },
];

async function newContext(browser: Browser, baseURL: string, { js, width }: Mode): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js, viewport: { width, height: 900 } });
  // A stored cookie choice, so the banner (checked as a state of its own) does not come and go mid-read.
  await context.addInitScript(
    ({ key, value }) => {
      try {
        if (!sessionStorage.getItem('markup-consent-seeded')) {
          localStorage.setItem(key, value);
          sessionStorage.setItem('markup-consent-seeded', '1');
        }
      } catch {
        // about:blank has no storage
      }
    },
    { key: CONSENT_KEY, value: JSON.stringify(consentRecord(NO_OPTIONAL)) },
  );
  return context;
}

for (const js of [true, false]) {
  for (const width of [390, 1280]) {
    // Two tests per mode (the sitemap's pages, then the filled states), so the runner spreads them over its workers. The
    // sitemap is read crosswise (JavaScript on at 390 px, off at 1280 px): escaping does not change with the width, each
    // page is read with scripts on and off and at both widths' layouts, and the filled states (each in the page's own
    // header and footer) are read in all four modes. That halves the suite's longest test group (about 240 s of 500).
    const groups =
      js === (width === 390) ? (['every page in the sitemap', 'every filled state'] as const) : (['every filled state'] as const);
    for (const group of groups) {
      test(`no markup in visible text or accessible names: ${group}, JavaScript ${js ? 'on' : 'off'}, ${width} px`, async ({
        browser,
        baseURL,
        page,
      }) => {
        test.setTimeout(ceiling(300_000));
        const mode = { js, width };
        let states: State[];
        if (group === 'every page in the sitemap') {
          const paths = [...(await sitemapPaths(page)), ...UNLISTED];
          expect(paths).toContain('/contact');
          states = paths.map((path): State => ({ name: path, reach: visit(path) }));
        } else {
          states = FILLED.filter((state) => !state.js || state.js === (js ? 'on' : 'off'));
        }
        const failures: Record<string, string[]> = {};
        const queue = [...states];
        const worker = async () => {
          for (let state = queue.shift(); state; state = queue.shift()) {
            const context = await newContext(browser, baseURL!, mode);
            try {
              const view = await context.newPage();
              await state.reach(view, mode);
              const found = markupIn(await readableText(view));
              if (found.length) failures[state.name] = found;
            } catch (error) {
              failures[state.name] = [`could not reach this state: ${String(error).split('\n')[0]}`];
            } finally {
              await context.close();
            }
          }
        };
        await Promise.all(Array.from({ length: CONCURRENCY }, worker));
        expect(failures).toEqual({});
      });
    }
  }
}

test('the check itself finds what it looks for (and not ordinary prose)', () => {
  for (const text of [
    '<a href="tel:1"><svg viewBox="0 0 24 24"></svg> Call</a>',
    'Tom &amp; Jerry',
    'say &quot;hi&quot;',
    '&lt;b&gt;',
    'it&#39;s',
  ]) {
    expect(markupIn(text), text).not.toEqual([]);
  }
  for (const text of ['Tom & Jerry', 'Under 3 < 5 miles', 'A&E; closed', 'Price: £1,116.90 with FIRSTMOVE10', 'x <3 y']) {
    expect(markupIn(text), text).toEqual([]);
  }
});

test('in a browser with scripts on, it catches what /contact printed: <noscript class="contents"> shows its markup as text', async ({
  page,
}) => {
  await page.setContent(
    '<style>.contents{display:contents}</style><main><p>Rather we rang you?</p><noscript class="contents"><a href="tel:+442079460321"><svg viewBox="0 0 24 24"><path d="M22 16.9"/></svg> Call 020 7946 0321</a></noscript></main>',
  );
  expect(markupIn(await readableText(page))).not.toEqual([]);
  // The same link as plain markup (what /contact now has) reads as words only.
  await page.setContent(
    '<main><a href="tel:+442079460321"><svg viewBox="0 0 24 24" aria-hidden="true"></svg> Call 020 7946 0321</a></main>',
  );
  expect(markupIn(await readableText(page))).toEqual([]);
});
