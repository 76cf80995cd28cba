/**
 * The forms posted without JavaScript (POST /quote, and the contact form's plain post), read as a browser reads the
 * page that comes back (html.ts). Whatever is refused, what the customer typed comes back as typed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { API_PATHS, PAGE_PATHS } from '~/lib/api';
import { BLANK_QUOTE_FORM } from '../shared/quote-form';
import { apiBase, call, expectLimitedAfter, inDays, nextWeekday, postcodesControl, query, unique, validContact } from './helpers';
import { readPage } from './html';

type Fields = Record<string, string | string[]>;

const FORM = 'application/x-www-form-urlencoded';

function encode(fields: Fields): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return body;
}

/** A form post as a browser on our site sends it (its own rate-limit bucket unless given). */
function postForm(fields: Fields, { path = PAGE_PATHS.quote as string, origin = apiBase(), client = unique('form') } = {}) {
  return call(path, encode(fields).toString(), { contentType: FORM, client, headers: { Origin: origin } });
}

const typed = (overrides: Fields = {}): Fields => ({
  ...BLANK_QUOTE_FORM,
  action: 'submit',
  propertyId: 'studio',
  furnitureIds: ['sofa', 'bookcase'],
  fromPostcode: '12 High St, SW1A 1AA',
  toPostcode: 'M1 1AE',
  moveDate: nextWeekday(3),
  name: 'Ada Lovelace',
  email: `${unique('ada')}@example.com`,
  phone: '07700 900123',
  additionalInfo: 'Piano in the hall',
  ...overrides,
});

/** Every field the customer typed is on the page again, as typed. */
function expectKept(html: string, fields: Fields): void {
  const page = readPage(html);
  for (const name of ['fromPostcode', 'toPostcode', 'moveDate', 'name', 'email', 'phone', 'additionalInfo']) {
    expect(page.value(name), name).toBe(fields[name]);
  }
  expect(page.value('propertyId')).toBe(fields.propertyId);
  // Ticked boxes, in the page's order.
  expect(page.values('furnitureIds').sort()).toEqual([fields.furnitureIds].flat().sort());
}

afterEach(() => postcodesControl({ mode: 'ok' }));

describe('POST /quote refusals keep what was typed (F5)', () => {
  it('429: a client past its limit gets the page back with every value', async () => {
    const client = unique('form-rate');
    // Counted like any request, nothing stored: the wizard's JSON honeypot bodies, on the same limiter as the form.
    await expectLimitedAfter(100, () => call(API_PATHS.quote, { website: 'bot' }, { client }));
    const fields = typed();
    const response = await postForm(fields, { client });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('60');
    const html = await response.text();
    expectKept(html, fields);
    expect(readPage(html).filled('error:form')).toBe('Too many requests. Please wait a minute and try again.');
  });

  it('403: a post from another site gets the page back with every value, and nothing is stored', async () => {
    const fields = typed();
    const response = await postForm(fields, { origin: 'https://elsewhere.example' });
    expect(response.status).toBe(403);
    expectKept(await response.text(), fields);
    expect(query('SELECT COUNT(*) AS n FROM quote_requests WHERE email = ?', fields.email as string)).toEqual([{ n: 0 }]);
  });

  it('413: a body over the limit gets the page back with every field that arrived whole within it', async () => {
    const fields = typed();
    const body = `${encode(fields).toString()}&padding=${'x'.repeat(40 * 1024)}`;
    const response = await call(PAGE_PATHS.quote, body, { contentType: FORM, headers: { Origin: apiBase() } });
    expect(response.status).toBe(413);
    const html = await response.text();
    expectKept(html, fields);
    expect(readPage(html).filled('error:form')).toBe('The request is larger than 32 KB.');
  });

  it('415: a multipart post gets the page back with every value', async () => {
    const fields = typed();
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) data.append(name, one);
    const response = await fetch(`${apiBase()}${PAGE_PATHS.quote}`, {
      method: 'POST',
      body: data,
      headers: { Origin: apiBase(), 'X-Test-Client': unique('multipart') },
      redirect: 'manual',
    });
    expect(response.status).toBe(415);
    expectKept(await response.text(), fields);
  });

  it('a refused contact form post (429) keeps what was typed too', async () => {
    const client = unique('contact-rate');
    await expectLimitedAfter(30, () => call(API_PATHS.contact, { website: 'bot' }, { client }));
    const fields: Record<string, string> = validContact({ subject: 'booking', message: 'Can you move a piano? A & B' });
    const response = await postForm(fields, { path: API_PATHS.contact, client });
    expect(response.status).toBe(429);
    const page = readPage(await response.text());
    for (const name of ['firstName', 'lastName', 'email', 'phone', 'message']) expect(page.value(name), name).toBe(fields[name]);
    expect(page.value('subject')).toBe('booking');
  });
});

describe('POST /quote findings', () => {
  it('F3: values come back exactly as typed, entities and all', async () => {
    const name = '&lt;b&gt; &amp; &copy 1 "quoted" <i>';
    const fields = typed({ action: 'price', name, additionalInfo: '&amp; stays &amp;', fromPostcode: '&copy; SW1A 1AA' });
    const response = await postForm(fields);
    expect(response.status).toBe(200);
    const page = readPage(await response.text());
    expect(page.value('name')).toBe(name);
    expect(page.value('additionalInfo')).toBe('&amp; stays &amp;');
    expect(page.value('fromPostcode')).toBe('&copy; SW1A 1AA');
  });

  it('F1: a request key shaped like another record’s e-mail keys is a quote like any other', async () => {
    const { reference } = (await (await call(API_PATHS.contact, validContact())).json()) as { reference: string };
    const fields = typed({ idempotencyKey: `contact:${reference}` });
    const response = await postForm(fields);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/quote-confirmation\?ref=[A-HJ-NP-Z2-9]{9}&t=[\w-]{32}$/);
  });

  it('F4: a move date more than 12 months ahead is refused on its field, every value kept', async () => {
    for (const moveDate of [inDays(400), '9999-12-31']) {
      const fields = typed({ moveDate });
      const response = await postForm(fields);
      expect(response.status, moveDate).toBe(400);
      const html = await response.text();
      expectKept(html, fields);
      expect(readPage(html).filled('error:moveDate')).toMatch(/up to 12 months ahead/);
    }
  });

  it('F6: submitted while the postcode service is down, the quote is stored unpriced (not refused), shown price or not', async () => {
    await postcodesControl({ mode: 'fail' });
    for (const estimate of [{}, { estimateRoute: 'SW1A 1AA>M1 1AE', estimateDistance: '0', estimateTotal: '0' }] as Fields[]) {
      const fields = typed(estimate);
      const response = await postForm(fields);
      expect(response.status).toBe(303);
      const ref = new URL(response.headers.get('location')!, apiBase()).searchParams.get('ref')!;
      expect(query('SELECT verified, total, pricing FROM quote_requests WHERE reference = ?', ref)).toEqual([
        { verified: 0, total: null, pricing: null },
      ]);
    }
    // 'Check my price' has nothing honest to show: the page says so, every value kept.
    const fields = typed({ action: 'price' });
    const response = await postForm(fields);
    expect(response.status).toBe(503);
    const html = await response.text();
    expectKept(html, fields);
    expect(readPage(html).filled('error:form')).toMatch(/^Could not calculate distance between postcodes\./);
  });
});
