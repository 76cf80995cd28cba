/**
 * The owner's settings (issue 40 item 7) over HTTP: owner only; each change an audit line (who, from what, to what);
 * the next e-mail carries the new phone number, business name and address, alerts go where the owner says, a written
 * quote's deposit and the balance's day follow the owner's numbers; a refused form changes nothing. A new member of staff
 * is e-mailed how to sign in. Settings are the whole site's, so the file puts every one back as it found it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { API_PATHS, PAGE_PATHS } from '~/lib/api';
import { addDays, formatLongDate } from '~/lib/dates';
import { leadPath, OFFICE_PATHS } from '~/lib/office/paths';
import { SETTINGS_MESSAGES } from '~/lib/office/settings';
import { diaryDay } from '../shared/diary-days';
import { bookInDiary } from '../shared/office-posts';
import { makeQuote, paidAndBooked, sendQuote } from './card-payments';
import { apiBase, call, delivered, emailsTo, query, unique, validContact } from './helpers';
import { readPage } from './html';
import { officeGet, officePost, OWNER_EMAIL, ownerCookie, signInStaff } from './office';

/** Today's values (src/site.config.ts, src/data/launch-content.ts, the test environment's BUSINESS_EMAIL). */
const TODAY = {
  businessName: 'Shiftly',
  tradingAddress: '14 Wharf Road\nLondon N1 7GR',
  phone: '020 7946 0321',
  alertsEmail: 'leads@shiftly.example',
  depositPercent: '25',
  balanceDueDays: '7',
  arrivalWindows: '08-10\n10-12\n12-14\n14-16',
  instantBooking: 'on',
  instantMaxSize: 'three-bed',
  instantMaxMiles: '100',
};

const save = (fields: Partial<typeof TODAY>, session?: string) => officePost(OFFICE_PATHS.settings, { ...TODAY, ...fields }, session);

afterAll(async () => {
  expect((await save({})).status).toBe(303);
});

const settingLines = () =>
  query<{ actor: string; detail: string }>("SELECT actor, detail FROM audit_log WHERE action = 'setting_changed' ORDER BY id DESC LIMIT 5");

describe('the settings page', () => {
  it('is the owner’s alone: staff and signed-out visitors get what every office address gives them', async () => {
    const email = `${unique('not-owner')}@example.com`;
    expect((await officePost(`${OFFICE_PATHS.staff}/add`, { name: 'Priya Shah', email })).status).toBe(303);
    const staff = await signInStaff(email);
    expect((await officeGet(OFFICE_PATHS.settings, staff)).status).toBe(404);
    expect((await save({ phone: '0161 496 0999' }, staff)).status).toBe(404);
    const signedOut = await officeGet(OFFICE_PATHS.settings, null);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('Location')).toBe('/login');
    expect(query('SELECT 1 FROM office_settings WHERE value = \'"0161 496 0999"\'')).toEqual([]);
  });

  it('shows each setting as it is today', async () => {
    const response = await officeGet(OFFICE_PATHS.settings);
    expect(response.status).toBe(200);
    const page = readPage(await response.text());
    for (const [name, value] of Object.entries(TODAY)) expect(page.value(name), name).toBe(value);
  });

  it('refuses what is not a setting, with each message by its field, and changes nothing', async () => {
    const before = query('SELECT key, value FROM office_settings ORDER BY key');
    const response = await save({ phone: 'call us', depositPercent: '0', balanceDueDays: 'a week', arrivalWindows: '08-10\n10-8' });
    expect(response.status).toBe(400);
    const html = await response.text();
    const page = readPage(html);
    expect(page.shown('errors')).toBe(true);
    expect(page.filled('error:depositPercent')).toBe(SETTINGS_MESSAGES.depositPercent);
    expect(page.filled('error:balanceDueDays')).toBe(SETTINGS_MESSAGES.balanceDueDays);
    expect(page.filled('error:arrivalWindows')).toBe(SETTINGS_MESSAGES.arrivalWindow(2, '10-8'));
    expect(page.filled('error:phone')).toBe('Phone numbers can use digits, spaces, +, - and brackets only.');
    // What was typed is kept.
    expect(page.value('balanceDueDays')).toBe('a week');
    expect(query('SELECT key, value FROM office_settings ORDER BY key')).toEqual(before);
  });
});

describe('booking online (issue 41 item 2)', () => {
  it('the owner switches it off and sets its limits; each change is an audit line; a bad distance is refused', async () => {
    const refused = await save({ instantMaxMiles: 'far', instantMaxSize: 'castle' });
    expect(refused.status).toBe(400);
    const page = readPage(await refused.text());
    expect(page.filled('error:instantMaxMiles')).toBe(SETTINGS_MESSAGES.instantMaxMiles);
    expect(page.filled('error:instantMaxSize')).toBe(SETTINGS_MESSAGES.instantMaxSize);

    expect((await save({ instantBooking: 'off', instantMaxSize: 'two-bed', instantMaxMiles: '40' })).status).toBe(303);
    expect(settingLines().map((line) => line.detail)).toEqual(
      expect.arrayContaining([
        'Book online in one go: On → Off',
        'Largest move booked online: 3 bedrooms → 2 bedrooms',
        'Furthest move booked online: 100 miles → 40 miles',
      ]),
    );
    const shown = readPage(await (await officeGet(OFFICE_PATHS.settings)).text());
    expect([shown.value('instantBooking'), shown.value('instantMaxSize'), shown.value('instantMaxMiles')]).toEqual([
      'off',
      'two-bed',
      '40',
    ]);
    expect((await save({})).status).toBe(303);
  });
});

describe('a changed setting', () => {
  it('the owner changes the phone number, and the next e-mail carries it (issue 40’s “done when”)', async () => {
    const saved = await save({ phone: '0161 496 0000' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('Location')).toBe(`${OFFICE_PATHS.settings}?done=saved`);
    expect(settingLines()[0]).toEqual({ actor: OWNER_EMAIL, detail: 'Phone number: 020 7946 0321 → 0161 496 0000' });

    const message = validContact();
    const sent = await call(API_PATHS.contact, message);
    expect(sent.status).toBe(201);
    const { reference } = (await sent.json()) as { reference: string };
    await delivered(reference);
    const [reply] = (await emailsTo(message.email)).filter((e) => e.subject.includes(reference));
    expect(reply!.text).toContain('Phone 0161 496 0000');
    expect(reply!.html).toContain('href="tel:+441614960000"');
    expect(reply!.text).not.toContain('020 7946 0321');
  });

  it('names the business and its address in every e-mail, and sends alerts where the owner says', async () => {
    const alerts = `${unique('alerts')}@example.com`;
    expect(
      (await save({ businessName: 'Harbour & Sons Removals', tradingAddress: 'Unit 4, Dock Lane\nHull HU1 1AA', alertsEmail: alerts }))
        .status,
    ).toBe(303);
    expect(settingLines().map((line) => line.detail)).toEqual(
      expect.arrayContaining([
        'Business name: Shiftly → Harbour & Sons Removals',
        'Trading address: 14 Wharf Road, London N1 7GR → Unit 4, Dock Lane, Hull HU1 1AA',
        `Where alerts go: leads@shiftly.example → ${alerts}`,
      ]),
    );
    const message = validContact();
    const { reference } = (await (await call(API_PATHS.contact, message)).json()) as { reference: string };
    await delivered(reference);
    const [reply] = (await emailsTo(message.email)).filter((e) => e.subject.includes(reference));
    expect(reply!.from).toBe('Harbour & Sons Removals <quotes@shiftly.example>');
    expect(reply!.html).toContain('Harbour &amp; Sons Removals</p>');
    expect(reply!.html).toContain('Unit 4, Dock Lane, Hull HU1 1AA</p>');
    // The office's copy goes to the alerts address, and no longer to BUSINESS_EMAIL.
    expect((await emailsTo(alerts)).filter((e) => e.subject.includes(reference))).toHaveLength(1);
    expect((await emailsTo(TODAY.alertsEmail)).filter((e) => e.subject.includes(reference))).toEqual([]);
  });

  it('a written quote’s deposit is the owner’s share when the office leaves it empty', async () => {
    expect((await save({ depositPercent: '30' })).status).toBe(303);
    const form = await officeGet(`${OFFICE_PATHS.writtenQuote}?ref=${(await makeQuote()).reference}`);
    expect(await form.text()).toContain('Leave it empty for 30% of the total, to the penny.');
    const quote = await makeQuote();
    await sendQuote(quote, '');
    // 30 % of £495.00: £148.50.
    expect(query('SELECT deposit_pence FROM written_quotes WHERE reference = ?', quote.reference)).toEqual([{ deposit_pence: 14_850 }]);
  });

  it('the balance is due the owner’s number of days before the move', async () => {
    expect((await save({ balanceDueDays: '14' })).status).toBe(303);
    const quote = await makeQuote(undefined, { moveDate: diaryDay() });
    await paidAndBooked(quote, '100.00');
    const page = await fetch(`${apiBase()}${PAGE_PATHS.confirmation}?${new URLSearchParams({ ref: quote.reference, t: quote.token })}`);
    // £495.00 less the £100.00 deposit, by its day (the page's top, issue 41 item 1).
    expect(readPage(await page.text()).filled('top:Left to pay')).toBe(`£395.00 by ${formatLongDate(addDays(quote.moveDate, -14))}`);
  });

  it('the diary offers the owner’s arrival windows, and a move booked in one reads it in the customer’s words', async () => {
    expect((await save({ arrivalWindows: '7.30 to 9.30\n13:00-15:00' })).status).toBe(303);
    expect(settingLines()[0]!.detail).toBe('Arrival windows: 8–10 am, 10 am–12 noon, 12–2 pm, 2–4 pm → 7:30–9:30 am, 1–3 pm');
    const move = await makeQuote(undefined, { moveDate: diaryDay() });
    const lead = await (await officeGet(leadPath(move.reference))).text();
    const offered = [...lead.matchAll(/<option value="([^"]+)"[^>]*>([^<]*)<\/option>/g)]
      .filter(([, value]) => /^\d\d(:\d\d)?-\d\d/.test(value!))
      .map(([, value, label]) => [value, label!.trim()]);
    expect(offered).toEqual([
      ['07:30-09:30', '7:30–9:30 am'],
      ['13-15', '1–3 pm'],
    ]);
    const booking = { crewLead: `Ines ${unique('Costa')}`, crewSize: 2, van: `LV75 ${unique('WIN')}`, window: '07:30-09:30' };
    await bookInDiary({ base: apiBase(), session: ownerCookie() }, move, booking);
    expect(query('SELECT arrival_window FROM diary_entries WHERE reference = ?', move.reference)).toEqual([
      { arrival_window: '07:30-09:30' },
    ]);
    expect(await (await officeGet(leadPath(move.reference))).text()).toContain('arriving 7:30–9:30 am');
  });

  it('saving what is already set changes nothing and says so', async () => {
    const before = settingLines();
    const saved = await save({ arrivalWindows: '07:30-09:30\n13-15' });
    expect(saved.headers.get('Location')).toBe(`${OFFICE_PATHS.settings}?done=unchanged`);
    expect(settingLines()).toEqual(before);
  });
});

describe('a new member of staff', () => {
  it('is e-mailed how to sign in when the owner adds them', async () => {
    const email = `${unique('new-starter')}@example.com`;
    expect((await officePost(`${OFFICE_PATHS.staff}/add`, { name: 'Tomasz Nowak', email })).status).toBe(303);
    await expect.poll(async () => (await emailsTo(email)).length, { timeout: 20_000 }).toBe(1);
    const [invitation] = await emailsTo(email);
    expect(invitation!.subject).toBe('You have been added to the Shiftly office');
    expect(invitation!.text).toContain(`Hello Tomasz Nowak, Owner (${OWNER_EMAIL}) has added you to the Shiftly office`);
    expect(invitation!.text).toMatch(new RegExp(`enter this e-mail address \\(${email.replaceAll('.', '\\.')}\\) at https?://\\S+/login:`));
    expect(invitation!.html).toMatch(/href="http:\/\/[^"]+\/login"/);
    // No token of any kind: the invitation may be read days later.
    expect(invitation!.text).not.toMatch(/[?&]t=/);
  });
});
