/**
 * The forms posted without JavaScript (POST /quote, /contact and /call-back), read as a browser reads the
 * page that comes back (html.ts). Whatever is refused, what the customer typed comes back as typed.
 */
import { describe, expect, it } from 'vitest';
import { API_PATHS, PAGE_PATHS } from '~/lib/api';
import { BLANK_QUOTE_FORM } from '../shared/quote-form';
import { describeAccess } from '~/data/access';
import { findService, quoteHref, quoteServices } from '~/data/services';
import { site } from '~/site.config';
import { invalidPostcodeMessage } from '~/lib/postcodes';
import {
  apiBase,
  call,
  emailsAbout,
  emailsMentioning,
  expectLimitedAfter,
  inDays,
  nextWeekday,
  query,
  runCron,
  secondsFromNow,
  unique,
  validContact,
  validQuote,
} from './helpers';
import { readPage } from './html';
import { POSTCODE_DOWN } from '../shared/stand-ins';
import { REFERRAL_MESSAGES } from '~/lib/referral';
import { CALLBACK_FORM_FIELDS, CONTACT_FORM_FIELDS, QUOTE_FORM_FIELDS } from '~/lib/form-fields';

type Fields = Record<string, string | string[]>;

const FORM = 'application/x-www-form-urlencoded';

function encode(fields: Fields): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return body;
}

/** A form post as a browser on our site sends it (its own rate-limit bucket unless given). */
function postForm(
  fields: Fields,
  {
    path = PAGE_PATHS.quote as string,
    origin = apiBase(),
    client = unique('form'),
    cookie,
  }: { path?: string; origin?: string; client?: string; cookie?: string } = {},
) {
  return call(path, encode(fields).toString(), {
    contentType: FORM,
    client,
    headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
  });
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

/**
 * The page a quote form post leads to (post/redirect/get): a 303 to /quote?form=<id>, whose address carries none of
 * the answers, followed as a browser follows it.
 */
async function followedPage(response: Response): Promise<string> {
  expect(response.status).toBe(303);
  const location = response.headers.get('location')!;
  expect(location).toMatch(/^\/quote\?form=[\w-]{32}$/);
  const page = await fetch(new URL(location, apiBase()), { redirect: 'manual' });
  expect(page.status).toBe(200);
  expect(page.headers.get('cache-control')).toBe('no-store');
  return page.text();
}

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
    const page = readPage(await followedPage(response));
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
      const html = await followedPage(response);
      expectKept(html, fields);
      expect(readPage(html).filled('error:moveDate')).toMatch(/up to 12 months ahead/);
    }
  });

  it('F6: submitted while the postcode service is down, the quote is stored unpriced (not refused), shown price or not', async () => {
    // The stand-in answers 503 for this reserved postcode (this test's requests alone).
    const down = { fromPostcode: `12 High St, ${POSTCODE_DOWN}` };
    for (const estimate of [{}, { estimateRoute: `${POSTCODE_DOWN}>M1 1AE`, estimateDistance: '0', estimateTotal: '0' }] as Fields[]) {
      const fields = typed({ ...down, ...estimate });
      const response = await postForm(fields);
      expect(response.status).toBe(303);
      const ref = new URL(response.headers.get('location')!, apiBase()).searchParams.get('ref')!;
      expect(query('SELECT verified, total, pricing FROM quote_requests WHERE reference = ?', ref)).toEqual([
        { verified: 0, total: null, pricing: null },
      ]);
    }
    // 'Check my price' has nothing honest to show: the page says so, every value kept.
    const fields = typed({ ...down, action: 'price' });
    const response = await postForm(fields);
    const html = await followedPage(response);
    expectKept(html, fields);
    expect(readPage(html).filled('error:form')).toMatch(/^Could not calculate distance between postcodes\./);
  });
});

/** GET of a page through the Worker, as a browser asks for it. */
async function getPage(path: string): Promise<string> {
  const response = await fetch(`${apiBase()}${path}`, { redirect: 'manual' });
  expect(response.status, path).toBe(200);
  return response.text();
}

describe('issue 18 item 2: a service page’s quote without JavaScript', () => {
  it('/quote?service= shows the service, its note and why a size is picked, and carries it in a hidden field', async () => {
    const furniture = findService('furniture-moving')!;
    const page = readPage(await getPage('/quote?service=furniture-moving'));
    expect(page.shown('service')).toBe(true);
    expect(page.filled('service:label')).toBe(furniture.label);
    expect(page.value('service')).toBe('furniture-moving');
    expect(page.value('propertyId')).toBe(furniture.suggestedSize!.id);
    expect(page.filled('service:why')).toContain(furniture.suggestedSize!.why);

    const car = findService('car-transport')!;
    const carPage = readPage(await getPage('/quote?service=car-transport'));
    expect(carPage.filled('service:label')).toBe(car.label);
    expect(carPage.filled('service:estimate')).toBe(car.estimate);
    expect(carPage.shown('service:callback')).toBe(true);
    expect(carPage.value('propertyId')).toBe('');
  });

  it('an unknown service shows the plain form, and a posted unknown service is refused with nothing stored', async () => {
    const page = readPage(await getPage('/quote?service=rocket-launch'));
    expect(page.shown('service')).toBe(false);
    expect(page.value('service')).toBe('');
    const fields = typed({ service: 'rocket-launch' });
    const html = await followedPage(await postForm(fields));
    expect(readPage(html).filled('error:form')).toBe('Please choose a service from our list.');
    expectKept(html, fields);
    expect(query('SELECT COUNT(*) AS n FROM quote_requests WHERE email = ?', fields.email as string)).toEqual([{ n: 0 }]);
  });

  it('a car-transport quote reaches the business with its service, and every channel says the car is priced separately', async () => {
    const car = findService('car-transport')!;
    const plain = typed();
    const withCar = typed({ service: 'car-transport' });
    const [plainAnswer, carAnswer] = [await postForm(plain), await postForm(withCar)];
    const ref = (response: Response) => new URL(response.headers.get('location')!, apiBase()).searchParams.get('ref')!;
    const row = (reference: string) =>
      query<{ service: string | null; total: number }>('SELECT service, total FROM quote_requests WHERE reference = ?', reference)[0]!;
    const plainRow = row(ref(plainAnswer));
    const carRow = row(ref(carAnswer));
    expect(carRow.service).toBe('car-transport');
    expect(plainRow.service).toBe(null);
    // The service changes what is said, never the price.
    expect(carRow.total).toBe(plainRow.total);

    const confirmation = readPage(await getPage(carAnswer.headers.get('location')!));
    expect(confirmation.filled('service')).toBe(car.label);
    expect(confirmation.filled('service-note')).toBe(car.totalNote);
    expect(readPage(await getPage(plainAnswer.headers.get('location')!)).shown('service-note')).toBe(false);

    const mail = await emailsAbout(ref(carAnswer));
    expect(mail).toHaveLength(2);
    for (const email of mail) {
      expect(email.subject).toContain(car.subjectNote);
      expect(email.text).toContain(car.totalNote);
      expect(email.html).toContain(car.totalNote);
    }
    for (const email of await emailsAbout(ref(plainAnswer))) expect(email.subject).not.toContain('separately');
  });

  it('the wizard’s JSON carries the service too, checked against the services table', async () => {
    const refused = await call(API_PATHS.quote, validQuote({ service: 'rocket-launch' }));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      service: 'Please choose a service from our list.',
    });
    const accepted = await call(API_PATHS.quote, validQuote({ service: 'storage' }));
    expect(accepted.status).toBe(201);
    const { reference } = (await accepted.json()) as { reference: string };
    expect(query('SELECT service FROM quote_requests WHERE reference = ?', reference)).toEqual([{ service: 'storage' }]);
    const subjects = (await emailsAbout(reference)).map((email) => email.subject);
    expect(subjects.every((subject) => subject.includes(findService('storage')!.subjectNote!))).toBe(true);
  });
});

describe('issue 18 item 6: the plain form reports everything at once and never asks to resubmit', () => {
  it('an empty submit lists every missing answer in the summary and at its field, in GOV.UK wording', async () => {
    const response = await postForm({ ...BLANK_QUOTE_FORM, action: 'submit' });
    expect(response.headers.get('location')).not.toMatch(/@|%40|07700/);
    const page = readPage(await followedPage(response));
    expect(page.title).toMatch(/^Error: /);
    const expected = {
      propertyId: 'Select how big your space is',
      fromPostcode: 'Enter the postcode you are moving from, like SW1A 1AA',
      toPostcode: 'Enter the postcode you are moving to, like SW1A 1AA',
      moveDate: 'Enter the date you would like to move, like 27/03/2027',
      name: 'Enter your full name',
      email: 'Enter your email address',
      phone: 'Enter a phone number, like 07700 900 982',
    };
    for (const [field, message] of Object.entries(expected)) {
      expect(page.shown(`error:${field}`), field).toBe(true);
      expect(page.filled(`error:${field}`), field).toBe(message);
    }
  });

  it('a bad postcode, a missing size and a missing date are all reported together', async () => {
    const fields = typed({ propertyId: '', toPostcode: 'NOT A CODE', moveDate: '' });
    delete fields.propertyId;
    const page = readPage(await followedPage(await postForm(fields)));
    expect(page.filled('error:propertyId')).toBe('Select how big your space is');
    expect(page.filled('error:toPostcode')).toBe('Enter a real postcode for the address you are moving to, like SW1A 1AA');
    expect(page.filled('error:moveDate')).toBe('Enter the date you would like to move, like 27/03/2027');
    expect(page.value('toPostcode')).toBe('NOT A CODE');
  });

  it('a postcode we cannot find offers the phone number and a call-back', async () => {
    const page = readPage(await followedPage(await postForm(typed({ action: 'price', toPostcode: 'ZZ9 9ZZ' }))));
    expect(page.filled('error:toPostcode')).toContain(site.phone.display);
    expect(page.shown('postcode-help')).toBe(true);
  });

  it('the page after a post is stored under an unguessable id that expires; an unknown id shows the empty form', async () => {
    const fields = typed({ action: 'price' });
    const response = await postForm(fields);
    const location = response.headers.get('location')!;
    const again = readPage(await followedPage(response));
    expect(again.value('email')).toBe(fields.email);
    // Reading it twice (a reload) shows the same page.
    expect(readPage(await getPage(location)).value('email')).toBe(fields.email);
    expect(query('SELECT COUNT(*) AS n FROM quote_form_states WHERE state LIKE ?', `%${fields.email as string}%`)).toEqual([{ n: 1 }]);
    const stranger = readPage(await getPage('/quote?form=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'));
    expect(stranger.value('email')).toBe('');
    // The cron trigger forgets it once it has expired.
    await runCron(secondsFromNow(31 * 60));
    expect(query('SELECT COUNT(*) AS n FROM quote_form_states WHERE state LIKE ?', `%${fields.email as string}%`)).toEqual([{ n: 0 }]);
    expect(readPage(await getPage(location)).value('email')).toBe('');
  });
});

describe('issue 21 item 4: the plain forms take their fields from the schemas', () => {
  const slotsOn = async (path: string) => {
    const html = await (await fetch(`${apiBase()}${path}`)).text();
    return [...html.matchAll(/<p[^>]*\bdata-fill="error:([A-Za-z0-9]+)"/g)].map((match) => match[1]);
  };

  it('every field of the quote and contact schemas has its message beside it on the page, and nothing else has', async () => {
    expect((await slotsOn(PAGE_PATHS.quote)).sort()).toEqual([...QUOTE_FORM_FIELDS].sort());
    expect((await slotsOn(PAGE_PATHS.contact)).sort()).toEqual([...CONTACT_FORM_FIELDS].sort());
  });

  it('a tampered access answer, which has no message of its own, is named in the summary’s general line', async () => {
    const page = readPage(await followedPage(await postForm(typed({ action: 'price', toLift: 'escalator' }))));
    expect(page.shown('error:form')).toBe(true);
    expect(page.filled('error:form')).toBe('Please choose one of the answers for lift.');
  });
});

describe('issue 41 item 3 and issue 40 item 1: the plain form prices the access and keeps the street address', () => {
  // typed(): a studio with a sofa and a bookcase, SW1A 1AA to M1 1AE on a weekday: £349 + £344 + £225 + £85 = £1,003.
  // At collection a 3rd floor with no lift (3 × £20 = £60) and parking 20 to 50 metres away (£25): £1,003 + £85 = £1,088.
  const access = { fromFloor: 'third', fromLift: 'no', fromParking: '20-50m', toFloor: 'ground' };
  const address = { fromAddress: 'Flat 3', fromAddress2: '', fromTown: 'London', toAddress: '12 Canal Street', toTown: 'Manchester' };

  it('"Check my price" shows each access line and the total with them', async () => {
    const page = readPage(await followedPage(await postForm(typed({ ...access, action: 'price' }))));
    expect(page.filled('price:total')).toBe('£1,088');
    expect(page.filled('price:access:0-label')).toBe('Moving from: stairs, 3 floors without a lift');
    expect(page.filled('price:access:0')).toBe('£60');
    expect(page.filled('price:access:1-label')).toBe('Moving from: parking 20 to 50 metres away');
    expect(page.filled('price:access:1')).toBe('£25');
    expect(page.shown('price:access:2')).toBe(false);
  });

  it('the quote is stored with its street address and access, priced with them, and e-mailed line by line to both', async () => {
    const [plain, withAccess] = [await postForm(typed()), await postForm(typed({ ...access, ...address }))];
    const ref = (response: Response) => new URL(response.headers.get('location')!, apiBase()).searchParams.get('ref')!;
    const row = (reference: string) =>
      query<{ access: string | null; total: number; from_address: string | null; from_town: string | null; to_town: string | null }>(
        'SELECT access, total, from_address, from_town, to_town FROM quote_requests WHERE reference = ?',
        reference,
      )[0]!;
    expect(row(ref(plain)).total).toBe(1003);
    expect(row(ref(plain)).access).toBe(null);
    const stored = row(ref(withAccess));
    expect(stored.total).toBe(1088);
    // "12 High St" typed before the postcode joins line 1, as the wizard's does.
    expect(stored).toMatchObject({ from_address: 'Flat 3, 12 High St', from_town: 'London', to_town: 'Manchester' });
    expect(JSON.parse(stored.access!)).toEqual({ from: { floor: 'third', lift: 'no', parking: '20-50m' }, to: { floor: 'ground' } });
    const collection = describeAccess({ floor: 'third', lift: 'no', parking: '20-50m' });
    expect(collection).toBe('3rd floor, no lift, parking: 20 to 50 metres away');
    for (const email of await emailsAbout(ref(withAccess))) {
      expect(email.text).toContain('Moving from: Flat 3, 12 High St, London, SW1A 1AA');
      expect(email.text).toContain('Moving from: stairs, 3 floors without a lift: £60');
      expect(email.text).toContain('Moving from: parking 20 to 50 metres away: £25');
      expect(email.text).toContain('£1,088');
      expect(email.text).toContain(`Access at collection: ${collection}`);
      expect(email.text).toContain('Access at delivery: Ground floor or a house');
    }
    const confirmation = readPage(await getPage(withAccess.headers.get('location')!));
    expect(confirmation.filled('access')).toContain(`Access at collection: ${collection}`);
    expect(confirmation.filled('price:total')).toBe('£1,088');
  });

  it('an answer outside the table is refused over JSON on its field', async () => {
    const response = await call(API_PATHS.quote, validQuote({ toLift: 'escalator' }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      toLift: 'Please choose one of the answers for lift.',
    });
  });
});

describe('issue 18 item 8: four bedrooms or more is a survey request with a call-back, never a price', () => {
  it('the plain form’s "Ask for a survey call" stores a call-back carrying the survey and says so with its reference', async () => {
    const name = `Survey ${unique('s')}`;
    const fields = {
      ...BLANK_QUOTE_FORM,
      action: 'survey',
      surveySize: 'five-plus',
      surveyType: 'video',
      fromPostcode: 'SW1A 1AA',
      name,
      phone: '07700 900456',
    };
    const page = readPage(await followedPage(await postForm(fields)));
    expect(page.shown('survey-sent')).toBe(true);
    const reference = page.filled('survey:reference');
    const [row] = query<{ name: string; phone: string; survey: string }>(
      'SELECT name, phone, survey FROM callback_requests WHERE reference = ?',
      reference,
    );
    expect(row).toEqual({
      name,
      phone: '07700 900456',
      survey: JSON.stringify({ size: 'five-plus', type: 'video', postcode: 'SW1A 1AA' }),
    });
    expect(query('SELECT COUNT(*) AS n FROM quote_requests WHERE name = ?', name)).toEqual([{ n: 0 }]);
    const [mail] = await emailsAbout(reference);
    expect(mail!.subject).toBe(`Survey request (5 or more bedrooms, video survey) ${reference}: ${name}, 07700 900456`);
    expect(mail!.text).toContain('Not priced: call to arrange the survey, then price the move');
  });

  it('asks for an e-mail address for the written quote, kept as typed; left empty it is a phone-only lead (issue 40)', async () => {
    const name = `Survey ${unique('mail')}`;
    const email = `${unique('Survey.Mail')}@Example.com`;
    const fields = {
      ...BLANK_QUOTE_FORM,
      action: 'survey',
      surveySize: 'four-bed',
      surveyType: 'home',
      name,
      email,
      phone: '07700 900457',
    };
    const reference = readPage(await followedPage(await postForm(fields))).filled('survey:reference');
    expect(query('SELECT email, source FROM callback_requests WHERE reference = ?', reference)).toEqual([{ email, source: 'web' }]);
    const [mail] = await emailsAbout(reference);
    expect(mail!.text).toContain(email);

    const phoneOnly = await call(API_PATHS.callback, {
      name,
      phone: '07700 900458',
      email: '',
      survey: { size: 'four-bed', type: 'video' },
    });
    expect(phoneOnly.status).toBe(201);
    const { reference: second } = (await phoneOnly.json()) as { reference: string };
    expect(query('SELECT email FROM callback_requests WHERE reference = ?', second)).toEqual([{ email: null }]);

    const wrong = await call(API_PATHS.callback, {
      name,
      phone: '07700 900458',
      email: 'ada at home',
      survey: { size: 'four-bed', type: 'video' },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      email: 'Please enter a valid email address.',
    });
    const page = readPage(await followedPage(await postForm({ ...fields, email: 'ada at home' })));
    expect(page.filled('error:email')).toBe('Enter an email address in the correct format, like name@example.com');
  });

  it('every missing answer of a survey request is reported at once; a bad size over JSON is refused on its field', async () => {
    const page = readPage(await followedPage(await postForm({ ...BLANK_QUOTE_FORM, action: 'survey' })));
    expect(page.filled('error:surveySize')).toBe('Please choose how many bedrooms your home has.');
    expect(page.filled('error:surveyType')).toBe('Please choose a video or a home survey.');
    expect(page.filled('error:name')).toBe('Enter your full name');
    expect(page.filled('error:phone')).toBe('Enter a phone number, like 07700 900 982');
    const response = await call(API_PATHS.callback, { name: 'Ada', phone: '07700 900123', survey: { size: 'castle', type: 'video' } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      'survey.size': 'Please choose how many bedrooms your home has.',
    });
  });
});

describe('issue 18 item 2: car transport is priced on request, a call-back carrying the car', () => {
  const car = { vehicle: 'Ford Focus estate', runs: 'non-runner', from: 'sw1a1aa', to: 'M1 1AE' };

  it('the wizard’s JSON stores the car and e-mails the business a priced-on-request lead; no quote, no price', async () => {
    const name = `Car ${unique('c')}`;
    const response = await call(API_PATHS.callback, { name, phone: '07700 900789', car });
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    const [row] = query<{ name: string; car: string; survey: string | null }>(
      'SELECT name, car, survey FROM callback_requests WHERE reference = ?',
      reference,
    );
    // The postcodes are stored normalised, as the schema outputs them.
    expect(row).toEqual({ name, car: JSON.stringify({ ...car, from: 'SW1A 1AA' }), survey: null });
    expect(query('SELECT COUNT(*) AS n FROM quote_requests WHERE name = ?', name)).toEqual([{ n: 0 }]);
    const [mail] = await emailsAbout(reference);
    expect(mail!.subject).toBe(`Car transport, priced on request (SW1A 1AA to M1 1AE) ${reference}: ${name}, 07700 900789`);
    expect(mail!.text).toContain('Ford Focus estate');
    expect(mail!.text).toContain('No, it does not run');
    expect(mail!.text).toContain('Priced on request: call with a price for the car');
    expect(mail!.text).not.toMatch(/£\d/);
  });

  it('a car without its make, with a bad postcode or an unknown answer is refused on each field', async () => {
    const response = await call(API_PATHS.callback, {
      name: 'Ada',
      phone: '07700 900123',
      car: { vehicle: ' ', runs: 'flies', from: 'nowhere', to: 'M1 1AE' },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      'car.vehicle': 'Please enter the make and model of the car.',
      'car.runs': 'Please say whether the car runs.',
      'car.from': invalidPostcodeMessage('from'),
    });
  });

  it('without JavaScript, /quote?service=car-transport asks about the car, and its own button stores the lead', async () => {
    const blank = readPage(await getPage('/quote?service=car-transport'));
    expect(blank.shown('car')).toBe(true);
    expect(readPage(await getPage('/quote?service=furniture-moving')).shown('car')).toBe(false);

    const name = `Car form ${unique('c')}`;
    const fields = {
      action: 'car',
      service: 'car-transport',
      carVehicle: 'Mini Cooper',
      carRuns: 'runs',
      carFrom: 'EH1 1YZ',
      carTo: 'BT1 5GS',
      carName: name,
      carPhone: '07700 900321',
      carEmail: 'mini.owner@example.com',
      website: '',
    };
    const page = readPage(await followedPage(await postForm(fields)));
    expect(page.shown('car-sent')).toBe(true);
    expect(page.shown('car')).toBe(true);
    const reference = page.filled('car:reference');
    const [row] = query<{ car: string; email: string }>('SELECT car, email FROM callback_requests WHERE reference = ?', reference);
    expect(JSON.parse(row!.car)).toEqual({ vehicle: 'Mini Cooper', runs: 'runs', from: 'EH1 1YZ', to: 'BT1 5GS' });
    // The written quote goes to the address the car's form asks for (issue 40 item 2).
    expect(row!.email).toBe('mini.owner@example.com');
    const [mail] = await emailsAbout(reference);
    expect(mail!.subject).toContain('Car transport, priced on request (EH1 1YZ to BT1 5GS)');
  });

  it('without JavaScript, every missing answer of the car is reported at once, in GOV.UK wording, what was typed kept', async () => {
    const fields = {
      action: 'car',
      service: 'car-transport',
      carVehicle: '',
      carFrom: '',
      carTo: 'not a postcode',
      carName: '',
      carPhone: '',
    };
    const page = readPage(await followedPage(await postForm(fields)));
    expect(page.shown('errors')).toBe(true);
    expect(page.shown('car')).toBe(true);
    expect(page.filled('error:carVehicle')).toBe('Enter the make and model of the car, like Ford Focus');
    expect(page.filled('error:carRuns')).toBe('Select whether the car runs');
    expect(page.filled('error:carFrom')).toBe('Enter the postcode the car is collected from, like SW1A 1AA');
    expect(page.filled('error:carTo')).toBe('Enter a real postcode for the address the car goes to, like SW1A 1AA');
    expect(page.filled('error:carName')).toBe('Enter your full name');
    expect(page.filled('error:carPhone')).toBe('Enter a phone number, like 07700 900 982');
    expect(page.value('carTo')).toBe('not a postcode');
  });
});

describe('issue 19 item 7: a friend’s code in the plain form', () => {
  it('a code nobody has is refused on its field, with everything typed kept', async () => {
    const fields = typed({ action: 'submit', promoCode: '2222 2222 2222' });
    const html = await followedPage(await postForm(fields));
    const page = readPage(html);
    expect(page.filled('error:promoCode')).toBe(REFERRAL_MESSAGES.unknown);
    expect(page.value('promoCode')).toBe('2222 2222 2222');
    expectKept(html, fields);
  });
});

describe('issue 30 item 4: no second quote from Back or a double click without JavaScript', () => {
  const keyOf = (html: string) => readPage(html).value('idempotencyKey');
  const refOf = (response: Response) => new URL(response.headers.get('location')!, apiBase()).searchParams.get('ref');
  /** A browser's first visit to /quote: the cookie it keeps (`name=value`) and the key in it. */
  async function browserKey(): Promise<{ cookie: string; key: string }> {
    const cookie = (await fetch(`${apiBase()}/quote`)).headers.get('set-cookie')!.split(';')[0]!;
    return { cookie, key: cookie.split('=')[1]! };
  }

  it('/quote keeps this browser’s request key in a cookie for /quote, and every page with a query carries it', async () => {
    const first = await fetch(`${apiBase()}/quote`);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const cookie = first.headers.get('set-cookie')!;
    const parts = cookie.split(/;\s*/);
    expect(parts[0]).toMatch(/^shiftly-quote-key=quote-form-[\w-]{36}$/);
    expect(parts.slice(1).sort()).toEqual(['HttpOnly', 'Max-Age=1800', 'Path=/quote', 'SameSite=Lax']);
    const key = parts[0]!.split('=')[1]!;
    // The page as prebuilt carries none: its posts go under the cookie's.
    expect(keyOf(await first.text())).toBe('');

    const again = await fetch(`${apiBase()}/quote?service=packing`, { headers: { Cookie: parts[0]! } });
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(keyOf(await again.text())).toBe(key);
    // Another browser has a key of its own.
    const other = await fetch(`${apiBase()}/quote?service=packing`);
    expect(other.headers.get('set-cookie')).toMatch(/^shiftly-quote-key=quote-form-[\w-]{36};/);
    expect(keyOf(await other.text())).not.toBe(key);
  });

  it('the prebuilt page submitted twice (Back, then Submit; a double click) is one quote under the cookie’s key: one reference, two e-mails', async () => {
    const { cookie } = await browserKey();
    const fields = typed({ idempotencyKey: '' });
    const [first, again] = await Promise.all([postForm(fields, { cookie }), postForm(fields, { cookie })]);
    const third = await postForm(fields, { cookie });
    for (const response of [first, again, third]) expect(response.status).toBe(303);
    const reference = refOf(first)!;
    expect([refOf(again), refOf(third)]).toEqual([reference, reference]);
    expect(query('SELECT COUNT(*) AS n FROM quote_requests WHERE email = ?', fields.email as string)).toEqual([{ n: 1 }]);
    await expect.poll(async () => (await emailsMentioning(reference)).length).toBe(2);
  });

  it('with cookies off (no key at all) the same answers sent again that day are one quote, and other answers another', async () => {
    const fields = typed({ idempotencyKey: '' });
    const first = await postForm(fields);
    const again = await postForm(fields);
    const changed = await postForm({ ...fields, phone: '07700 900999' });
    for (const response of [first, again, changed]) expect(response.status).toBe(303);
    expect(refOf(again)).toBe(refOf(first));
    expect(refOf(changed)).not.toBe(refOf(first));
    expect(query('SELECT COUNT(*) AS n FROM quote_requests WHERE email = ?', fields.email as string)).toEqual([{ n: 2 }]);
  });

  it('the key sent again with other answers (changed after Back, or the next quote) is another quote, itself only once', async () => {
    const { key } = await browserKey();
    const first = typed({ idempotencyKey: key });
    const changed = { ...first, phone: '07700 900999' };
    const refs = [];
    for (const fields of [first, changed, changed, first]) refs.push(refOf(await postForm(fields)));
    expect(refs[1]).not.toBe(refs[0]);
    expect(refs.slice(2)).toEqual([refs[1], refs[0]]);
    expect(query('SELECT COUNT(*) AS n FROM quote_requests WHERE email = ?', first.email as string)).toEqual([{ n: 2 }]);
  });

  it("'Check my price' keeps the key through post/redirect/get, so the submit after it is the same request", async () => {
    const { cookie, key } = await browserKey();
    const priced = await followedPage(await postForm(typed({ action: 'price', idempotencyKey: '' }), { cookie }));
    expect(keyOf(priced)).toBe(key);
    const repriced = await followedPage(await postForm(typed({ action: 'price', idempotencyKey: key })));
    expect(keyOf(repriced)).toBe(key);
  });
});

describe('issue 30 item 5: every service page’s quote link keeps what it carries without JavaScript', () => {
  it('each service’s link (quoteHref) names the service, sends it in the hidden field and picks the size it suggests', async () => {
    for (const service of quoteServices) {
      const page = readPage(await getPage(quoteHref(service.value)));
      expect(page.shown('service'), service.value).toBe(true);
      expect(page.filled('service:label'), service.value).toBe(service.label);
      expect(page.value('service'), service.value).toBe(service.value);
      expect(page.value('propertyId'), service.value).toBe(service.suggestedSize?.id ?? '');
      expect(page.value('additionalInfo'), service.value).toBe(`Service: ${service.label}`);
    }
  });

  it('/services/other’s form (service, details, both postcodes) arrives filled in, written as text', async () => {
    const details = 'An upright <b>piano</b> & a stool\nGround floor';
    const query = new URLSearchParams({ service: 'specialty', details, from: ' m1  1ae ', to: 'LS1 4AP' });
    const page = readPage(await getPage(`/quote?${query}`));
    expect(page.value('fromPostcode')).toBe('m1 1ae');
    expect(page.value('toPostcode')).toBe('LS1 4AP');
    expect(page.value('additionalInfo')).toBe(`Service: Specialty items\n${details}`);
    expect(page.value('service')).toBe('specialty');
    expect(page.filled('service:label')).toBe('Specialty items');
    // Details alone, with a service we do not know: kept as text, no service sent.
    const unknown = readPage(await getPage(`/quote?${new URLSearchParams({ service: 'rocket', details: 'A rocket' })}`));
    expect(unknown.value('service')).toBe('');
    expect(unknown.value('additionalInfo')).toBe('Service: rocket\nA rocket');
  });
});

describe('issue 30 item 10: the call-back and the contact form without JavaScript', () => {
  /** The page a refused post leads to: its own address with a saved state, never the answers. */
  async function refusedPage(response: Response, page: string): Promise<ReturnType<typeof readPage>> {
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${page}\\?form=[\\w-]{32}$`));
    return readPage(await getPage(location));
  }

  it('a call-back with blank fields: the spec’s message and each field’s, after a redirect to /call-back', async () => {
    const page = await refusedPage(await postForm({ name: '  ', phone: '', website: '' }, { path: PAGE_PATHS.callback }), '/call-back');
    expect(page.title).toMatch(/^Error: /);
    expect(page.filled('error:form')).toBe('Please fill in all fields. Both name and phone number are required.');
    expect(page.filled('error:name')).toBe('Please enter your full name.');
    expect(page.filled('error:phone')).toBe('Please enter your phone number.');
    expect(page.shown('sent')).toBe(false);
  });

  it('a call-back with a bad number: its message at the field, what was typed kept as typed', async () => {
    const name = 'Jo <b>Bloggs</b> & Co';
    const page = await refusedPage(await postForm({ name, phone: '12', website: '' }, { path: PAGE_PATHS.callback }), '/call-back');
    expect(page.filled('error:phone')).toBe('Please enter a UK phone number (10 to 15 digits).');
    expect(page.shown('error:name')).toBe(false);
    expect(page.shown('error:form')).toBe(false);
    expect(page.value('name')).toBe(name);
    expect(page.value('phone')).toBe('12');
  });

  it('a call-back sent: stored, e-mailed, and 303 to /call-back thanking the customer with the reference', async () => {
    const name = `Plain Caller ${unique('cb')}`;
    const response = await postForm({ name, phone: '0161 496 0000', website: '' }, { path: PAGE_PATHS.callback });
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    const reference = new URL(location, apiBase()).searchParams.get('ref')!;
    expect(location).toBe(`/call-back?sent=1&ref=${reference}`);
    expect(query('SELECT name, phone FROM callback_requests WHERE reference = ?', reference)).toEqual([{ name, phone: '0161 496 0000' }]);
    await expect.poll(async () => (await emailsMentioning(reference)).length).toBe(1);
    const page = readPage(await getPage(location));
    expect(page.shown('sent')).toBe(true);
    expect(page.filled('reference')).toBe(reference);
    // A reference that does not exist is not written in.
    expect(readPage(await getPage('/call-back?sent=1&ref=ABCDEFGHJ')).shown('reference')).toBe(false);
  });

  it('a call-back from a bot (the honeypot) looks sent and stores nothing; another site’s form and a JSON body are refused', async () => {
    const name = `Bot ${unique('cb')}`;
    const bot = await postForm({ name, phone: '0161 496 0000', website: 'https://spam.example' }, { path: PAGE_PATHS.callback });
    expect(bot.status).toBe(303);
    expect(bot.headers.get('location')).toMatch(/^\/call-back\?sent=1&ref=/);
    expect(query('SELECT COUNT(*) AS n FROM callback_requests WHERE name = ?', name)).toEqual([{ n: 0 }]);

    const foreign = await postForm(
      { name, phone: '0161 496 0000', website: '' },
      { path: PAGE_PATHS.callback, origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    const foreignPage = readPage(await foreign.text());
    expect(foreignPage.filled('error:form')).toBe('This form can only be sent from our website.');
    expect(foreignPage.value('name')).toBe(name);
    const json = await call(PAGE_PATHS.callback, { name, phone: '0161 496 0000' }, { headers: { Origin: apiBase() } });
    expect(json.status).toBe(415);
    expect(query('SELECT COUNT(*) AS n FROM callback_requests WHERE name = ?', name)).toEqual([{ n: 0 }]);
  });

  it('a refused contact form answers at /contact after a redirect, from its own address and from the endpoint’s', async () => {
    for (const path of [PAGE_PATHS.contact, API_PATHS.contact]) {
      const fields = { ...validContact({ subject: 'booking' }), lastName: '', email: 'not-an-email' };
      const page = await refusedPage(await postForm(fields, { path }), '/contact');
      expect(page.title, path).toMatch(/^Error: Contact us/);
      expect(page.filled('error:lastName'), path).toBe('Please enter your last name.');
      expect(page.filled('error:email'), path).toBe('Please enter a valid email address.');
      expect(page.value('firstName'), path).toBe(fields.firstName);
      expect(page.value('message'), path).toBe(fields.message);
      expect(page.value('subject'), path).toBe('booking');
    }
  });

  it('a contact form sent to /contact: 303 to /contact naming the reference', async () => {
    const response = await postForm(validContact(), { path: PAGE_PATHS.contact });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/contact\?sent=1&ref=[A-HJ-NP-Z2-9]{9}#message-sent$/);
  });

  it('the call-back page has a message slot for each of its schema’s fields', async () => {
    const html = await getPage(PAGE_PATHS.callback);
    const slots = [...html.matchAll(/<p[^>]*\bdata-fill="error:([A-Za-z0-9]+)"/g)].map((match) => match[1]);
    expect(slots.sort()).toEqual([...CALLBACK_FORM_FIELDS].sort());
  });
});
