/**
 * The pages the Worker answers itself, over HTTP (no browser): the quote form posted without JavaScript (POST /quote),
 * a stored quote's confirmation link and its calendar file, and the contact form's refusals. They live with the
 * browser tests because they answer with the built pages (the global setup built them).
 */
import { createHash } from 'node:crypto';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { test, expect, queryD1 } from './fixtures';
import { CONFIRMATION_URL, emailedLink, emailsFor, linkParts, nextDay, uniqueEmail } from './quote-helpers';
import { ROUTES } from '../shared/routes';
import { POSTCODE_DOWN } from '../shared/stand-ins';
import { addDays, formatLongDate, londonToday } from '../../src/lib/dates';
import { describeDistance } from '../../src/lib/distance';
import { BLANK_QUOTE_FORM } from '../shared/quote-form';

type Fields = Record<string, string | string[]>;

const client = () => `form-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * A form post as a browser on our site sends it. A price or a refused form answers 303 to /quote?form=<id> (or
 * /contact?form=<id>: post/redirect/get, functions/lib/form-state.ts): followed as a browser follows it, the page it shows
 * is returned.
 */
async function postForm(
  request: APIRequestContext,
  baseURL: string,
  fields: Fields,
  { origin = baseURL, bucket = client(), path = '/quote', contentType = 'application/x-www-form-urlencoded' } = {},
): Promise<APIResponse> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  const posted = await request.post(path, {
    data: body.toString(),
    headers: { 'Content-Type': contentType, Origin: origin, 'X-Test-Client': bucket },
    maxRedirects: 0,
  });
  const location = posted.headers()['location'] ?? '';
  const form = /^\/(quote|contact)\?form=/.exec(location);
  if (posted.status() !== 303 || !form) return posted;
  expect(location).toMatch(new RegExp(`^/${form[1]}\\?form=[\\w-]{32}$`));
  return request.get(location, { maxRedirects: 0 });
}

/**
 * A rate-limit bucket with nothing left: JSON honeypot bodies (counted, nothing stored) until the endpoint answers 429.
 * (Sent until refused rather than exactly `limit`, as the limiter's minute may turn over while they go.)
 */
async function exhausted(request: APIRequestContext, path: string, limit: number): Promise<string> {
  const bucket = client();
  for (let sent = 0; sent <= 2 * limit; sent++) {
    const response = await request.post(path, { data: { website: 'bot' }, headers: { 'X-Test-Client': bucket } });
    if (response.status() === 429) return bucket;
    expect(response.status()).toBe(201);
  }
  throw new Error(`${path} never refused ${2 * limit} requests`);
}

/** Every field an untouched form posts (empty text fields; no radio, no box), then the given ones. */
const form = (fields: Fields): Fields => ({ ...BLANK_QUOTE_FORM, ...fields });

const decode = (text: string) =>
  text.replace(/&(quot|amp|lt|gt|#39);/g, (_, name: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>', '#39': "'" })[name]!);

/** The text the Worker wrote into the first `[data-fill="key"]`. */
const filled = (html: string, key: string) => decode(new RegExp(`data-fill="${key}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? '');
/** True when the first element marked `data-show="key"` is shown (its `hidden` removed). */
function shown(html: string, key: string): boolean {
  const tag = new RegExp(`<[^>]*data-show="${key}"[^>]*>`).exec(html)?.[0];
  return !!tag && !/\shidden(?=[\s>=])/.test(tag);
}
/** A form control's start tag, by name (and value, for radios and boxes); attribute values may hold '>'. */
function control(html: string, name: string, value?: string): string {
  const tags = html.match(/<(?:input|textarea)\b(?:[^>"]|"[^"]*")*>/g) ?? [];
  return tags.find((tag) => tag.includes(` name="${name}"`) && (!value || tag.includes(` value="${value}"`))) ?? '';
}
const valueOf = (html: string, name: string) => decode(/\svalue="([^"]*)"/.exec(control(html, name))?.[1] ?? '');

const priced = (overrides: Fields = {}) =>
  form({
    action: 'price',
    propertyId: 'two-bed',
    furnitureIds: ['sofa', 'bookcase'],
    fromPostcode: '12 High St, sw1a 1aa',
    toPostcode: 'M1 1AE',
    moveDate: nextDay(6),
    promoCode: 'firstmove10',
    ...overrides,
  });

/**
 * What `priced()` costs by the spec's rules: 2 bedrooms £599 + £344 for the 137.7 miles beyond the free 25 (SW1A 1AA to
 * M1 1AE, 162.7 miles: tests/shared/routes.ts) + on a Saturday 15 % of £599 (£89.85, £90) + sofa £225 + bookcase £85 =
 * £1,343; with FIRSTMOVE10, 10% off: £1,208.70.
 */
const PRICED = { total: 1343, withCode: '£1,208.70' };
const PRICED_MILES = describeDistance(ROUTES['SW1A 1AA → M1 1AE'].miles);

const complete = (email: string, overrides: Fields = {}) =>
  priced({ action: 'submit', name: 'Ada Lovelace', email, phone: '07700 900123', additionalInfo: 'Piano <in> the hall', ...overrides });

test.describe('POST /quote (the quote without JavaScript)', () => {
  test("'Check my price' answers with the same page: every value kept, the server's Estimated Quote filled in", async ({
    request,
    baseURL,
  }) => {
    const saturday = nextDay(6);
    const response = await postForm(request, baseURL!, priced({ moveDate: saturday }));
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-store');
    // The page's twin is rendered on demand: its policy, with the hashes of its scripts, is a header, and no frame may hold it.
    const policy = response.headers()['content-security-policy'];
    expect(policy).toMatch(/script-src 'self' 'sha256-/);
    expect(policy).toContain("frame-ancestors 'none'");
    const html = await response.text();

    expect(shown(html, 'price')).toBe(true);
    expect(filled(html, 'price:total')).toBe('£1,343');
    expect(filled(html, 'price:base')).toBe('£599');
    expect(filled(html, 'price:weekend')).toBe('£90');
    expect(filled(html, 'price:furniture')).toBe('£310');
    expect(filled(html, 'price:extra-label')).toBe('Extra distance (137.7 miles as the crow flies)');
    expect(filled(html, 'price:distance')).toBe(`Distance: ${PRICED_MILES}`);
    expect(filled(html, 'price:promo')).toBe(`${PRICED.withCode} with FIRSTMOVE10 when you book (10% off your first booking)`);
    expect(shown(html, 'errors')).toBe(false);
    // The price is what the page is about: it takes focus as the page loads (and comes into view), with no script.
    expect(html).toMatch(/<section id="quote-price"[^>]*autofocus/);

    expect(control(html, 'propertyId', 'two-bed')).toContain(' checked');
    expect(control(html, 'propertyId', 'mini')).not.toContain(' checked');
    expect(control(html, 'furnitureIds', 'sofa')).toContain(' checked');
    expect(control(html, 'furnitureIds', 'bookcase')).toContain(' checked');
    expect(control(html, 'furnitureIds', 'wardrobe')).not.toContain(' checked');
    expect(valueOf(html, 'fromPostcode')).toBe('12 High St, sw1a 1aa');
    expect(valueOf(html, 'moveDate')).toBe(saturday);
    expect(valueOf(html, 'promoCode')).toBe('firstmove10');
    // The page remembers the price it showed, for the route it is for, and carries a request key.
    expect(valueOf(html, 'estimateRoute')).toBe('SW1A 1AA>M1 1AE');
    expect(Number(valueOf(html, 'estimateTotal'))).toBe(PRICED.total);
    expect(valueOf(html, 'idempotencyKey')).toMatch(/^quote-form-[\w-]{36}$/);
    expect(valueOf(html, 'website')).toBe('');
  });

  test("'Submit Quote Request' stores the quote and answers 303 to its confirmation link; only the token's hash is kept", async ({
    request,
    baseURL,
  }) => {
    const email = uniqueEmail('form-submit');
    const response = await postForm(request, baseURL!, complete(email));
    expect(response.status()).toBe(303);
    const location = response.headers()['location']!;
    expect(location).toMatch(CONFIRMATION_URL);
    const { ref, t } = linkParts(location);

    const [row] = queryD1<{ via: string; from_address: string; total: number; verified: number; promo_code: string }>(
      'SELECT via, from_address, total, verified, promo_code FROM quote_requests WHERE reference = ?',
      ref,
    );
    expect(row).toEqual({
      via: 'form',
      // The postcode field's line without its postcode (the postcode has its own column).
      from_address: '12 High St',
      total: PRICED.total,
      verified: 1,
      promo_code: 'FIRSTMOVE10',
    });
    const hashes = queryD1<{ token_hash: string }>('SELECT token_hash FROM quote_view_tokens WHERE reference = ?', ref);
    expect(hashes.map((h) => h.token_hash)).toContain(createHash('sha256').update(t).digest('hex'));
    // The token itself is nowhere in the database: not in the record, not in the stored answer, not in the outbox.
    for (const table of ['quote_requests', 'email_outbox', 'quote_view_tokens']) {
      const rows = queryD1(`SELECT * FROM ${table}`);
      expect(JSON.stringify(rows), table).not.toContain(t);
    }

    await expect.poll(async () => (await emailsFor(ref)).length).toBe(2);
    const emails = await emailsFor(ref);
    const customer = emails.find((e) => [e.to].flat().includes(email))!;
    const business = emails.find((e) => !([e.to].flat() as string[]).includes(email))!;
    expect(customer.text).toContain('View your quote online');
    expect(customer.text).toContain(PRICED_MILES);
    expect(customer.text).toContain(`${PRICED.withCode} with FIRSTMOVE10 when you book`);
    expect(customer.text).toContain('Moving from: 12 High St, SW1A 1AA');
    // The e-mailed link opens the same quote (its own token); the business e-mail carries no link and no token.
    const mailed = await request.get(emailedLink(customer));
    expect(mailed.status()).toBe(200);
    expect(filled(await mailed.text(), 'reference')).toBe(ref);
    expect(`${business.html}${business.text}`).not.toContain('quote-confirmation');
    expect(`${business.html}${business.text}`).not.toContain(t);
  });

  test('refused: the form again after a redirect, a GOV.UK-style error summary, each message at its field, every value kept', async ({
    request,
    baseURL,
  }) => {
    const response = await postForm(
      request,
      baseURL!,
      form({
        action: 'submit',
        fromPostcode: 'nowhere',
        name: 'Ada "The Countess" <Lovelace>',
        email: 'not-an-email',
        moveDate: addDays(londonToday(), -1),
      }),
    );
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Error: ');
    expect(html).toMatch(/<div data-error-summary[^>]*autofocus/);
    const messages = {
      propertyId: 'Select how big your space is',
      fromPostcode: 'Enter a real postcode for the address you are moving from, like SW1A 1AA',
      toPostcode: 'Enter the postcode you are moving to, like SW1A 1AA',
      moveDate: 'That date has passed. Please choose tomorrow or a later date.',
      email: 'Enter an email address in the correct format, like name@example.com',
      phone: 'Enter a phone number, like 07700 900 982',
    };
    for (const [field, message] of Object.entries(messages)) {
      expect(shown(html, `error:${field}`), field).toBe(true);
      expect(filled(html, `error:${field}`), field).toBe(message);
      // The summary's link goes to the field, and the field says it is invalid.
      expect(html).toMatch(new RegExp(`<a href="#qf-${field}[^"]*" data-fill="error:${field}"`));
    }
    expect(control(html, 'email')).toContain('aria-invalid="true"');
    expect(control(html, 'name')).not.toContain('aria-invalid');
    expect(shown(html, 'error:name')).toBe(false);
    // What was typed comes back as typed, as text.
    expect(valueOf(html, 'name')).toBe('Ada "The Countess" <Lovelace>');
    expect(control(html, 'name')).toContain('value="Ada &quot;The Countess&quot; <Lovelace>"');
    expect(valueOf(html, 'fromPostcode')).toBe('nowhere');
  });

  test('shares the JSON quote rate limit: past it, the page says so with Retry-After', async ({ request, baseURL }) => {
    // The test environment allows 100 quote requests a minute per client.
    const bucket = await exhausted(request, '/api/send-quote-email', 100);
    const response = await postForm(request, baseURL!, priced(), { bucket });
    expect(response.status()).toBe(429);
    expect(response.headers()['retry-after']).toBe('60');
    const html = await response.text();
    expect(shown(html, 'error:form')).toBe(true);
    expect(filled(html, 'error:form')).toBe('Too many requests. Please wait a minute and try again.');
  });

  test('honeypot: sent on like a person to a link that opens nothing; nothing stored or sent', async ({ request, baseURL }) => {
    const email = uniqueEmail('form-bot');
    const response = await postForm(request, baseURL!, complete(email, { website: 'https://spam.example' }));
    expect(response.status()).toBe(303);
    expect(response.headers()['location']).toMatch(CONFIRMATION_URL);
    expect(queryD1('SELECT COUNT(*) AS n FROM quote_requests WHERE email = ?', email)).toEqual([{ n: 0 }]);
    expect((await request.get(response.headers()['location']!)).status()).toBe(404);
  });

  test('a post from another site is refused (403 page), and so is anything but a form (415)', async ({ request, baseURL }) => {
    const email = uniqueEmail('form-csrf');
    const foreign = await postForm(request, baseURL!, complete(email), { origin: 'https://evil.example' });
    expect(foreign.status()).toBe(403);
    const html = await foreign.text();
    expect(filled(html, 'error:form')).toBe('This form can only be sent from our website.');
    // What was typed comes back (nothing is lost when a browser sends neither Origin nor Referer), and nothing is stored.
    expect(valueOf(html, 'email')).toBe(email);
    expect(queryD1('SELECT COUNT(*) AS n FROM quote_requests WHERE email = ?', email)).toEqual([{ n: 0 }]);

    const json = await postForm(request, baseURL!, complete(email), { contentType: 'application/json' });
    expect(json.status()).toBe(415);
    expect(queryD1('SELECT COUNT(*) AS n FROM quote_requests WHERE email = ?', email)).toEqual([{ n: 0 }]);
  });

  test("postcode service down: 'Check my price' says so with values kept; a submitted quote is stored unpriced, whatever the page showed", async ({
    request,
    baseURL,
  }) => {
    // The stand-in answers 503 for this reserved postcode (the Worker's lookups of it alone).
    const fields = {
      fromPostcode: POSTCODE_DOWN,
      toPostcode: 'CB2 1TN',
      furnitureIds: [] as string[],
      promoCode: '',
      moveDate: nextDay(2),
    };
    const refused = await postForm(request, baseURL!, priced(fields));
    expect(refused.status()).toBe(200);
    const html = await refused.text();
    expect(filled(html, 'error:form')).toMatch(
      /^Could not calculate distance between postcodes\. Please try again in a moment, or call us on /,
    );
    expect(valueOf(html, 'fromPostcode')).toBe(POSTCODE_DOWN);

    // A page that priced this route before the service went down carries its estimate for the route (any figures).
    const estimate = { estimateRoute: `${POSTCODE_DOWN}>CB2 1TN`, estimateDistance: '57.6', estimateTotal: '280' };
    for (const [label, seen, claimed] of [
      ['form-down', {}, null],
      ['form-down-checked', estimate, 280],
    ] as const) {
      const email = uniqueEmail(label);
      const stored = await postForm(request, baseURL!, complete(email, { ...fields, ...seen }));
      expect(stored.status()).toBe(303);
      const { ref } = linkParts(stored.headers()['location']!);
      expect(queryD1('SELECT verified, total, client_total FROM quote_requests WHERE reference = ?', ref)).toEqual([
        { verified: 0, total: null, client_total: claimed },
      ]);
      await expect.poll(async () => (await emailsFor(ref)).some((e) => e.subject.startsWith('[UNVERIFIED]'))).toBe(true);
      const page = await request.get(stored.headers()['location']!);
      expect(shown(await page.text(), 'price-pending')).toBe(true);
    }
  });

  test('the same page sent twice is one quote; sent again after a change it is another', async ({ request, baseURL }) => {
    const email = uniqueEmail('form-twice');
    const page = await (await postForm(request, baseURL!, priced())).text();
    const key = valueOf(page, 'idempotencyKey');
    const first = await postForm(request, baseURL!, complete(email, { idempotencyKey: key }));
    const again = await postForm(request, baseURL!, complete(email, { idempotencyKey: key }));
    const changed = await postForm(request, baseURL!, complete(email, { idempotencyKey: key, phone: '07700 900999' }));
    const refs = [first, again, changed].map((r) => linkParts(r.headers()['location']!).ref);
    expect(refs[1]).toBe(refs[0]);
    expect(refs[2]).not.toBe(refs[0]);
    // Each answer's link works: the replay got a token of its own.
    for (const response of [first, again]) expect((await request.get(response.headers()['location']!)).status()).toBe(200);
    expect(queryD1('SELECT COUNT(*) AS n FROM quote_requests WHERE email = ?', email)).toEqual([{ n: 2 }]);
  });
});

test.describe('the confirmation link and its calendar file', () => {
  async function storedQuote(request: APIRequestContext, baseURL: string) {
    const email = uniqueEmail('link');
    const response = await postForm(request, baseURL, complete(email));
    return { email, link: response.headers()['location']!, ...linkParts(response.headers()['location']!) };
  }

  test('opens the stored quote; a changed token, a changed reference and no token all get the same 404 page', async ({
    request,
    baseURL,
    playwright,
  }) => {
    const { link, ref, t, email } = await storedQuote(request, baseURL!);
    // A new client, as another device would be: nothing but the link.
    const other = await playwright.request.newContext({ baseURL: baseURL! });
    const page = await other.get(link);
    expect(page.status()).toBe(200);
    expect(page.headers()).toMatchObject({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' });
    const html = await page.text();
    expect(filled(html, 'reference')).toBe(ref);
    expect(filled(html, 'email')).toBe(email);
    expect(filled(html, 'notes')).toBe('Piano <in> the hall');
    expect(filled(html, 'date')).toBe(formatLongDate(nextDay(6)));
    expect(filled(html, 'furniture')).toBe('Sofa, Bookcase');
    expect(html).toContain(`href="/api/quote-calendar?ref=${ref}&amp;t=${t}"`);

    const flip = (text: string) => text.slice(0, -1) + (text.endsWith('A') ? 'B' : 'A');
    const wrong = [
      `/quote-confirmation?ref=${ref}&t=${flip(t)}`,
      `/quote-confirmation?ref=${flip(ref)}&t=${t}`,
      `/quote-confirmation?ref=${ref}`,
    ];
    const bodies = new Set<string>();
    for (const path of wrong) {
      const response = await other.get(path);
      expect(response.status(), path).toBe(404);
      // The sign-in page (issue 41 item 5): its form posts to this site, and nothing leaves for another.
      expect(response.headers()['referrer-policy'], path).toBe('same-origin');
      bodies.add(await response.text());
    }
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toContain('Sign in with your e-mail to see your moves.');

    const bare = await other.get('/quote-confirmation', { maxRedirects: 0 });
    expect(bare.status()).toBe(302);
    expect(bare.headers()['location']).toBe('/quote');
    await other.dispose();
  });

  test('Add to calendar: an all-day .ics event on the move date with the reference in its title', async ({ request, baseURL }) => {
    const { ref, t } = await storedQuote(request, baseURL!);
    const response = await request.get(`/api/quote-calendar?ref=${ref}&t=${t}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers()['content-disposition']).toBe(`attachment; filename="shiftly-move-${ref}.ics"`);
    const ics = await response.text();
    const date = nextDay(6).replaceAll('-', '');
    const next = addDays(nextDay(6), 1).replaceAll('-', '');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain('X-WR-TIMEZONE:Europe/London\r\n');
    expect(ics).toContain(`DTSTART;VALUE=DATE:${date}\r\n`);
    expect(ics).toContain(`DTEND;VALUE=DATE:${next}\r\n`);
    expect(ics).toContain(`SUMMARY:Moving day: Shiftly quote ${ref}\r\n`);
    expect(ics).toMatch(/END:VEVENT\r\nEND:VCALENDAR\r\n$/);
    // Another token: its first character changed (to one it is not already).
    const other = `${t.startsWith('x') ? 'y' : 'x'}${t.slice(1)}`;
    expect((await request.get(`/api/quote-calendar?ref=${ref}&t=${other}`)).status()).toBe(404);
  });
});

test.describe('the contact form without JavaScript', () => {
  const contact = (fields: Fields): Fields => ({
    firstName: 'Grace',
    lastName: 'Hopper',
    email: uniqueEmail('contact'),
    phone: '',
    subject: 'booking',
    message: 'Can you move a piano?',
    website: '',
    ...fields,
  });
  const path = '/contact';

  test('a refusal is /contact again, after a redirect: the error summary, each message at its field, the values kept', async ({
    request,
    baseURL,
  }) => {
    const response = await postForm(request, baseURL!, contact({ lastName: '', email: 'x', message: '<b>hi</b>' }), { path });
    expect(response.url()).toMatch(/\/contact\?form=[\w-]{32}$/);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    expect(response.headers()['x-frame-options']).toBe('DENY');
    const html = await response.text();
    expect(html).toContain('<title>Error: Contact us');
    expect(shown(html, 'errors')).toBe(true);
    expect(filled(html, 'error:lastName')).toBe('Please enter your last name.');
    expect(filled(html, 'error:email')).toBe('Please enter a valid email address.');
    expect(shown(html, 'error:firstName')).toBe(false);
    expect(valueOf(html, 'firstName')).toBe('Grace');
    expect(html).toContain('&lt;b&gt;hi&lt;/b&gt;</textarea>');
    expect(html).toMatch(/<option value="booking"[^>]* selected/);
  });

  test('from another site: 403; over the limit: 429 with Retry-After; both the styled page', async ({ request, baseURL }) => {
    const foreign = await postForm(request, baseURL!, contact({}), { path, origin: 'https://evil.example' });
    expect(foreign.status()).toBe(403);
    expect(filled(await foreign.text(), 'error:form')).toBe('This form can only be sent from our website.');

    // The endpoint's JSON and the form's posts share one limit.
    const bucket = await exhausted(request, '/api/send-contact-email', 30);
    const limited = await postForm(request, baseURL!, contact({}), { path, bucket });
    expect(limited.status()).toBe(429);
    expect(limited.headers()['retry-after']).toBe('60');
    expect(filled(await limited.text(), 'error:form')).toBe('Too many requests. Please wait a minute and try again.');
  });

  test('sent: 303 to /contact naming the reference, which the page shows', async ({ request, baseURL }) => {
    const response = await postForm(request, baseURL!, contact({}), { path });
    expect(response.status()).toBe(303);
    const location = response.headers()['location']!;
    const reference = new URL(location, baseURL).searchParams.get('ref')!;
    expect(location).toBe(`/contact?sent=1&ref=${reference}#message-sent`);
    const html = await (await request.get(location)).text();
    expect(shown(html, 'reference')).toBe(true);
    expect(filled(html, 'reference')).toBe(reference);
    // A reference that does not exist is not written in.
    expect(shown(await (await request.get('/contact?sent=1&ref=ABCDEFGHJ')).text(), 'reference')).toBe(false);
  });
});
