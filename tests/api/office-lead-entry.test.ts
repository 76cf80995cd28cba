/**
 * Issue 40 items 2 and 3 over HTTP as the office: a lead added from a phone call (a quote priced by the engine, a survey
 * with no e-mail address), its facts corrected with an audit line naming who changed what from what to what, and a
 * survey or car-transport lead made a move that gets a written quote, its deposit and its booking. Rows from D1, e-mails
 * from the mail catcher. Figures worked by hand from the packages and tests/shared/routes.ts.
 */
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '~/lib/api';
import { ENTRY_MESSAGES } from '~/lib/office/lead-entry';
import { editLeadPath, leadMovePath, leadPath, OFFICE_PATHS, writtenQuotePath } from '~/lib/office/paths';
import { diaryDay, WEEKDAY } from '../shared/diary-days';
import { acceptWrittenQuote, bookInDiary, sendWrittenQuote } from '../shared/office-posts';
import { checkoutAt, deliveredEvent, pressPay, quoteStatus } from './card-payments';
import { apiBase, call, delivered, emailsTo, query, unique } from './helpers';
import { readPage } from './html';
import { OWNER_EMAIL, officeGet, officePost, ownerCookie } from './office';

const site = () => ({ base: apiBase(), session: ownerCookie() });
const entryKey = () =>
  unique('entry-key')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .padEnd(16, 'x')
    .slice(-40);
const audit = (reference: string) =>
  query<{ actor: string; action: string; detail: string }>(
    'SELECT actor, action, detail FROM audit_log WHERE record_reference = ? ORDER BY id',
    reference,
  );
/** Both ends in full, typed into the written quote's own form. */
const JOB_ADDRESSES = { fromAddress: '1 Palace Street', fromTown: 'London', toAddress: '12 Canal Street', toTown: 'Manchester' };
const referenceOf = (response: Response) => new URL(response.headers.get('location')!, apiBase()).searchParams.get('ref')!;

/** The lead page's "What the customer gave", as label → text. */
async function given(reference: string): Promise<Record<string, string>> {
  const html = await (await officeGet(leadPath(reference))).text();
  const rows: Record<string, string> = {};
  for (const [, label, text] of html.matchAll(/data-fill="given:([^"]+)"[^>]*>([\s\S]*?)<\/dd>/g)) rows[label!] = text!.trim();
  return rows;
}

const quoteLead = (overrides: Record<string, string> = {}) => ({
  kind: 'quote',
  entryKey: entryKey(),
  name: 'Priya Shah',
  email: `${unique('priya')}@example.com`,
  phone: '07700 900321',
  propertyId: 'two-bed',
  furnitureIds: 'sofa',
  fromPostcode: 'sw1a 1aa',
  toPostcode: 'M1 1AE',
  moveDate: diaryDay(WEEKDAY),
  emailEstimate: 'yes',
  note: 'Rang at 9:10; moving for a new job.',
  ...overrides,
});

describe('a quote added from a phone call', () => {
  it('"Work out the estimate" shows the engine’s price and stores nothing; "Add the lead" stores it as the office’s, once', async () => {
    const fields = quoteLead();
    // Two bedrooms £599, SW1A 1AA → M1 1AE 137.7 extra miles £344, a sofa £225, on a weekday: £1,168.
    const checked = await officePost(OFFICE_PATHS.newLead, { ...fields, action: 'estimate' });
    expect(checked.status).toBe(200);
    const page = readPage(await checked.text());
    expect(page.filled('estimate:total')).toBe('£1,168');
    expect(page.filled('estimate:Base service')).toBe('£599');
    expect(page.filled('estimate:Additional furniture')).toBe('£225');
    expect(page.value('name')).toBe('Priya Shah');
    expect(query('SELECT 1 FROM quote_requests WHERE email = ?', fields.email)).toEqual([]);

    const added = await officePost(OFFICE_PATHS.newLead, { ...fields, action: 'add' });
    expect(added.status).toBe(303);
    const reference = referenceOf(added);
    expect(added.headers.get('location')).toBe(`${leadPath(reference)}&done=added_emailed`);
    expect(
      query(
        'SELECT source, via, name, from_postcode, to_postcode, property_id, furniture_ids, total FROM quote_requests WHERE reference = ?',
        reference,
      ),
    ).toEqual([
      {
        source: 'phone',
        via: 'form',
        name: 'Priya Shah',
        from_postcode: 'SW1A 1AA',
        to_postcode: 'M1 1AE',
        property_id: 'two-bed',
        furniture_ids: '["sofa"]',
        total: 1168,
      },
    ]);
    expect(query('SELECT stage, handler FROM office_leads WHERE reference = ?', reference)).toEqual([
      { stage: 'contacted', handler: OWNER_EMAIL },
    ]);
    expect(query('SELECT author, note FROM office_notes WHERE record_reference = ?', reference)).toEqual([
      { author: OWNER_EMAIL, note: 'Rang at 9:10; moving for a new job.' },
    ]);
    expect(audit(reference)).toEqual([{ actor: OWNER_EMAIL, action: 'lead_added', detail: 'Added from a phone call' }]);
    await delivered(reference);
    const mail = await emailsTo(fields.email);
    expect(mail.map((each) => each.subject)).toEqual([expect.stringContaining(reference)]);
    expect(mail[0]!.text).toMatch(/quote-confirmation\?ref=/);
    expect((await given(reference))['Came in']).toBe('A phone call, added by the office');

    // The same form posted again (a double click, Back and send): the same lead, nothing added.
    const again = await officePost(OFFICE_PATHS.newLead, { ...fields, action: 'add' });
    expect(referenceOf(again)).toBe(reference);
    expect(query('SELECT COUNT(*) AS n FROM quote_requests WHERE email = ?', fields.email)).toEqual([{ n: 1 }]);
  });

  it('refuses what is missing or wrong, each message by its field, and keeps what was typed', async () => {
    const fields = quoteLead({ name: ' ', email: 'priya at home', fromPostcode: 'nowhere', moveDate: '2020-01-01', furnitureIds: 'piano' });
    const refused = await officePost(OFFICE_PATHS.newLead, { ...fields, action: 'add' });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    const page = readPage(html);
    expect(page.filled('error:name')).toBe(ENTRY_MESSAGES.name);
    expect(page.filled('error:email')).toBe(ENTRY_MESSAGES.emailInvalid);
    expect(page.filled('error:fromPostcode')).toBe(ENTRY_MESSAGES.postcodeInvalid('Collection postcode'));
    expect(page.filled('error:furnitureIds')).toBe(ENTRY_MESSAGES.furniture);
    expect(page.filled('error:moveDate')).toMatch(/^That date has passed/);
    expect(html).toMatch(
      /id="entry-email"[^>]*aria-describedby="entry-email-hint entry-email-error"|aria-describedby="entry-email-hint entry-email-error"[^>]*id="entry-email"/,
    );
    expect(page.value('email')).toBe('priya at home');
    expect(query('SELECT 1 FROM quote_requests WHERE email = ?', 'priya at home')).toEqual([]);
  });

  it('a postcode the service does not know is refused on its field', async () => {
    // ZZ9 9ZZ is well formed and in no fixture: the stand-in answers 404, as postcodes.io does.
    const refused = await officePost(OFFICE_PATHS.newLead, { ...quoteLead({ toPostcode: 'ZZ9 9ZZ' }), action: 'estimate' });
    expect(refused.status).toBe(422);
    expect(readPage(await refused.text()).filled('error:toPostcode')).toBe(ENTRY_MESSAGES.postcodeNotFound);
  });
});

describe('corrections', () => {
  it('a quote’s new delivery postcode works its estimate out again; each change is an audit line naming who and what', async () => {
    const added = await officePost(OFFICE_PATHS.newLead, { ...quoteLead({ emailEstimate: '' }), action: 'add' });
    const reference = referenceOf(added);
    const form = readPage(await (await officeGet(editLeadPath(reference))).text());
    expect(form.value('toPostcode')).toBe('M1 1AE');
    // What the page holds, with the delivery postcode and the phone number changed.
    const fields = new URLSearchParams({ ref: reference, action: 'save' });
    for (const name of [
      'name',
      'email',
      'phone',
      'propertyId',
      'fromPostcode',
      'fromAddress',
      'toAddress',
      'moveDate',
      'awkward',
      'items',
      'additionalInfo',
    ]) {
      fields.set(name, form.value(name));
    }
    for (const id of form.values('furnitureIds')) fields.append('furnitureIds', id);
    fields.set('toPostcode', 'ec1a 1bb');
    fields.set('phone', '07700 900999');
    const saved = await officePost(OFFICE_PATHS.editLead, fields);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`${leadPath(reference)}&done=edited`);
    // SW1A 1AA → EC1A 1BB is 2.3 miles, inside the free 25: £599 + £225 = £824.
    expect(query('SELECT to_postcode, phone, total FROM quote_requests WHERE reference = ?', reference)).toEqual([
      { to_postcode: 'EC1A 1BB', phone: '07700 900999', total: 824 },
    ]);
    expect(audit(reference).slice(1)).toEqual([
      { actor: OWNER_EMAIL, action: 'lead_edited', detail: 'Phone number: 07700 900321 → 07700 900999' },
      { actor: OWNER_EMAIL, action: 'lead_edited', detail: 'Delivery postcode: M1 1AE → EC1A 1BB' },
      { actor: OWNER_EMAIL, action: 'lead_edited', detail: 'Estimate: £1,168 → £824' },
    ]);
    const history = await (await officeGet(leadPath(reference))).text();
    expect(history).toContain('Delivery postcode: M1 1AE → EC1A 1BB');

    // Saved again as it stands: nothing changed, nothing written.
    const unchanged = await officePost(OFFICE_PATHS.editLead, fields);
    expect(unchanged.headers.get('location')).toBe(`${leadPath(reference)}&done=unchanged`);
    expect(audit(reference)).toHaveLength(4);
  });
});

/** The written quote's e-mail to `email`: the move page's link in it, as the customer opens it. */
async function movePageLink(email: string): Promise<{ reference: string; token: string }> {
  await expect.poll(async () => (await emailsTo(email)).some((each) => each.subject === 'Your written quote from Shiftly')).toBe(true);
  const mail = (await emailsTo(email)).find((each) => each.subject === 'Your written quote from Shiftly')!;
  const link = new URL(/https?:\/\/\S+\/quote-confirmation\?\S+/.exec(mail.text)![0]);
  return { reference: link.searchParams.get('ref')!, token: link.searchParams.get('t')! };
}

describe('every lead kind reaches a written quote', () => {
  it('a phone enquiry for a 4-bed survey: added by hand, its postcode corrected, made a move and sent a written quote', async () => {
    const name = `Sam ${unique('survey')}`;
    const added = await officePost(OFFICE_PATHS.newLead, {
      kind: 'survey',
      entryKey: entryKey(),
      name,
      phone: '07700 900124',
      email: '',
      surveySize: 'four-bed',
      surveyType: 'home',
      postcode: 'SW1A 1AA',
      action: 'add',
    });
    expect(added.status).toBe(303);
    const reference = referenceOf(added);
    expect(query('SELECT email, source, survey FROM callback_requests WHERE reference = ?', reference)).toEqual([
      { email: null, source: 'phone', survey: JSON.stringify({ size: 'four-bed', type: 'home', postcode: 'SW1A 1AA' }) },
    ]);
    expect(await given(reference)).toMatchObject({
      Email: '(not given: phone only)',
      Survey: '4 bedrooms: Home survey',
      Postcode: 'SW1A 1AA',
    });

    // The postcode corrected on the phone.
    const corrected = await officePost(OFFICE_PATHS.editLead, {
      ref: reference,
      name,
      phone: '07700 900124',
      email: '',
      surveySize: 'four-bed',
      surveyType: 'home',
      postcode: 'sw1a 2aa',
    });
    expect(corrected.status).toBe(303);
    expect(audit(reference).at(-1)).toEqual({ actor: OWNER_EMAIL, action: 'lead_edited', detail: 'Postcode: SW1A 1AA → SW1A 2AA' });
    const lead = await (await officeGet(leadPath(reference))).text();
    // The history names who: the owner's row in the staff choices is "Owner".
    expect(lead).toMatch(/Owner[\s\S]{0,400}Postcode: SW1A 1AA → SW1A 2AA|Postcode: SW1A 1AA → SW1A 2AA[\s\S]{0,400}Owner/);
    expect(lead).toContain(leadMovePath(reference).replaceAll('&', '&amp;'));

    // "Write a quote": the move's facts first, the e-mail address among them.
    const form = readPage(await (await officeGet(leadMovePath(reference))).text());
    expect(form.value('fromPostcode')).toBe('SW1A 2AA');
    const moveDate = diaryDay();
    const move = {
      ref: reference,
      name,
      phone: '07700 900124',
      surveySize: 'four-bed',
      surveyType: 'home',
      fromPostcode: 'SW1A 2AA',
      toPostcode: 'M1 1AE',
      moveDate,
    };
    const refused = await officePost(OFFICE_PATHS.leadMove, { ...move, email: '' });
    expect(refused.status).toBe(400);
    expect(readPage(await refused.text()).filled('error:email')).toBe(ENTRY_MESSAGES.emailForQuote);
    const email = `${unique('sam')}@example.com`;
    const made = await officePost(OFFICE_PATHS.leadMove, { ...move, email, fromAddress: '10 Downing Street', toAddress: '1 Piccadilly' });
    expect(made.status).toBe(303);
    expect(made.headers.get('location')).toBe(writtenQuotePath(reference));
    expect(query('SELECT 1 FROM callback_requests WHERE reference = ?', reference)).toEqual([]);
    expect(query('SELECT record_type FROM reference_numbers WHERE reference = ?', reference)).toEqual([{ record_type: 'quote' }]);
    expect(query('SELECT source, email, request, property_id, total, status FROM quote_requests WHERE reference = ?', reference)).toEqual([
      {
        source: 'phone',
        email,
        request: JSON.stringify({ kind: 'survey', size: 'four-bed', type: 'home' }),
        property_id: 'four-bed',
        total: null,
        status: 'quoted',
      },
    ]);
    expect(audit(reference).at(-2)).toMatchObject({ action: 'lead_made_move', detail: expect.stringContaining('SW1A 2AA → M1 1AE') });
    expect(audit(reference).at(-1)).toEqual({ actor: OWNER_EMAIL, action: 'lead_made_move', detail: `E-mail address: (none) → ${email}` });

    await sendWrittenQuote(site(), reference, {
      lines: [['Removal of a four-bedroom home, crew of four', '2150.00']],
      deposit: '537.50',
      // Sent only with both addresses in full (issue 40 item 1): the form asks for what the lead lacks.
      addresses: JOB_ADDRESSES,
    });
    const link = await movePageLink(email);
    expect(link.reference).toBe(reference);
    const listed = await (await officeGet(`${OFFICE_PATHS.home}?q=${reference}`)).text();
    expect(listed).toContain('Survey request');
  });

  it('a car-transport lead from the website: made a move, quoted, accepted, paid and booked', async () => {
    const email = `${unique('car')}@example.com`;
    const response = await call(API_PATHS.callback, {
      name: 'Cat Driver',
      phone: '07700 900125',
      email,
      car: { vehicle: 'Ford Focus estate', runs: 'runs', from: 'SW1A 1AA', to: 'M1 1AE' },
    });
    const { reference } = (await response.json()) as { reference: string };
    const moveDate = diaryDay();
    const made = await officePost(OFFICE_PATHS.leadMove, {
      ref: reference,
      name: 'Cat Driver',
      email,
      phone: '07700 900125',
      carVehicle: 'Ford Focus estate',
      carRuns: 'runs',
      fromPostcode: 'SW1A 1AA',
      toPostcode: 'M1 1AE',
      moveDate,
    });
    expect(made.status).toBe(303);
    await sendWrittenQuote(site(), reference, {
      lines: [['Car transport on a covered trailer', '420.00']],
      deposit: '105.00',
      addresses: JOB_ADDRESSES,
    });
    const { url, sessionId } = checkoutAt(await acceptWrittenQuote(apiBase(), await movePageLink(email)));
    expect(url.origin).toBeTruthy();
    await pressPay(sessionId);
    await deliveredEvent(sessionId);
    await expect.poll(() => quoteStatus(reference), { timeout: 20_000, interval: 100 }).toBe('booked');
    // Booked by its deposit: the diary gives it a crew with no reason asked. (Another file's test may have filled its
    // day in the shared D1: the override says so, and is asked for only then.)
    await bookInDiary(
      site(),
      { reference, moveDate },
      {
        crewLead: `Cara ${unique('crew')}`,
        crewSize: 2,
        van: `CAR ${unique('van')}`,
        window: '08-10',
        unpaidReason: '',
        override: 'Room made for this test',
      },
    );
    expect(query('SELECT status, crew_id IS NOT NULL AS crewed FROM diary_entries WHERE reference = ?', reference)).toEqual([
      { status: 'booked', crewed: 1 },
    ]);
    expect(query("SELECT 1 FROM audit_log WHERE record_reference = ? AND action = 'booked_without_deposit'", reference)).toEqual([]);
  });
});
