/**
 * The office's leads (issue 33 items 2 and 6), over HTTP as staff: every lead in /office with its status, route, value
 * and handler; filters and search; a lead's page; each staff change with its audit line; and a customer's actions
 * landing as things to do. Other tests share the database: every lead here is found by its own reference or name.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '~/lib/account';
import { API_PATHS, PAGE_PATHS, type QuoteAnswer } from '~/lib/api';
import { addDays, londonToday } from '~/lib/dates';
import { LEAD_FORM_MESSAGES } from '~/lib/office/leads';
import { leadPath, OFFICE_PATHS } from '~/lib/office/paths';
import { openDay } from '../shared/dates';
import { diaryDay } from '../shared/diary-days';
import { bookMove, postForm, requestBooking } from './bookings';
import { apiBase, call, delivered, query, unique, validContact, validQuote } from './helpers';
import { readPage } from './html';
import { OWNER_EMAIL, officeGet, officePost } from './office';
import { get, post, signedInCustomer, signIn } from './sign-in';

const OWNER = OWNER_EMAIL;
const staffGet = (path: string) => officeGet(path);
const staffPost = (path: string, fields: Record<string, string>) => officePost(path, fields);

async function makeQuote(overrides: Record<string, unknown> = {}): Promise<QuoteAnswer> {
  const response = await call(API_PATHS.quote, validQuote(overrides));
  expect(response.status).toBe(201);
  return (await response.json()) as QuoteAnswer;
}

/** The cells of the list's row for `reference`, as a screen reader reads them. */
async function listRow(query: string, reference: string): Promise<Record<string, string> | null> {
  const html = await (await staffGet(`${OFFICE_PATHS.home}${query}`)).text();
  const row = new RegExp(`<tr[^>]*data-lead="${reference}"[^>]*>([\\s\\S]*?)</tr>`).exec(html.split('data-show="leads"')[1] ?? '');
  if (!row) return null;
  const cells: Record<string, string> = {};
  for (const [, name, text] of row[1]!.matchAll(/data-cell="([a-z-]+)"[^>]*>([\s\S]*?)<\/td>/g)) {
    cells[name!] = text!
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  }
  return cells;
}

const listed = async (query: string, reference: string) => (await listRow(query, reference)) !== null;
const audit = (reference: string) =>
  query<{ actor: string; action: string; detail: string }>(
    'SELECT actor, action, detail FROM audit_log WHERE record_reference = ? ORDER BY id',
    reference,
  );
const leadRow = (reference: string) =>
  query('SELECT stage, lost_reason, handler, follow_up_on FROM office_leads WHERE reference = ?', reference)[0];

describe('/office lists every lead, newest first', () => {
  it('shows a new quote as New with its kind, move date, route, the price to pay and no handler, without an office_leads row', async () => {
    const name = `Ada ${unique('list')}`;
    const moveDate = openDay(30, 3);
    const quote = await makeQuote({ name, moveDate, promoCode: 'FIRSTMOVE10', fromPostcode: 'SW1A 1AA', toPostcode: 'M1 1AE' });
    expect(leadRow(quote.reference)).toBeUndefined();
    const row = await listRow(`?q=${quote.reference}`, quote.reference);
    // A weekday's studio with a sofa and a wardrobe is £983 (tests/api/manage.test.ts); FIRSTMOVE10 takes 10 %: £884.70.
    expect(row).toEqual({
      kind: 'Quote',
      name,
      stage: 'New',
      'move-date': new Intl.DateTimeFormat('en-GB', {
        timeZone: 'UTC',
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }).format(new Date(`${moveDate}T12:00:00Z`)),
      route: 'SW1A 1AA → M1 1AE',
      value: '£884.70',
      handler: 'Nobody yet',
    });
    // Newest first: the quote just made is above one made before it.
    const later = await makeQuote({ name: `${name} later` });
    const html = await (await staffGet(`${OFFICE_PATHS.home}?q=${encodeURIComponent(name.toLowerCase())}`)).text();
    const all = html.split('data-show="leads"')[1]!;
    expect(all.indexOf(later.reference)).toBeLessThan(all.indexOf(quote.reference));
    expect(all.indexOf(later.reference)).toBeGreaterThan(-1);
  });

  it('shows survey requests, car-transport leads, call-backs and contact messages with their kind', async () => {
    const tag = unique('kinds');
    const answer = async (path: string, body: unknown) => ((await (await call(path, body)).json()) as { reference: string }).reference;
    const survey = await answer(API_PATHS.callback, {
      name: `Sam ${tag}`,
      phone: '07700 900124',
      survey: { size: 'four-bed', type: 'video', postcode: 'M1 1AE' },
    });
    const car = await answer(API_PATHS.callback, {
      name: `Cat ${tag}`,
      phone: '07700 900125',
      car: { vehicle: 'Ford Focus estate', runs: 'runs', from: 'SW1A 1AA', to: 'M1 1AE' },
    });
    const callback = await answer(API_PATHS.callback, { name: `Cal ${tag}`, phone: '07700 900126' });
    const contact = await answer(API_PATHS.contact, validContact({ firstName: 'Grace', lastName: tag }));
    const q = `?q=${encodeURIComponent(tag)}`;
    expect(await listRow(q, survey)).toMatchObject({ kind: 'Survey request', stage: 'New', route: 'M1 1AE' });
    expect(await listRow(q, car)).toMatchObject({ kind: 'Car transport', route: 'SW1A 1AA → M1 1AE' });
    expect(await listRow(q, callback)).toMatchObject({ kind: 'Call-back', name: `Cal ${tag}` });
    expect(await listRow(q, contact)).toMatchObject({ kind: 'Contact message', name: `Grace ${tag}`, value: '–' });
  });

  it('finds a lead by its reference, name, postcode (however typed) or e-mail, and by each filter', async () => {
    const name = `Zora ${unique('find')}`;
    const email = `${unique('zora')}@example.com`;
    const moveDate = openDay(45, 2);
    const quote = await makeQuote({ name, email, moveDate, service: 'storage', toPostcode: 'M1 1AE' });
    const ref = quote.reference;
    for (const search of [ref, ref.toLowerCase(), name.toUpperCase(), email, 'm11ae']) {
      expect(await listed(`?q=${encodeURIComponent(search)}`, ref), search).toBe(true);
    }
    const q = `q=${encodeURIComponent(email)}`;
    expect(await listed(`?${q}&stage=new`, ref)).toBe(true);
    expect(await listed(`?${q}&stage=contacted`, ref)).toBe(false);
    expect(await listed(`?${q}&kind=storage`, ref)).toBe(true);
    expect(await listed(`?${q}&kind=quote`, ref)).toBe(false);
    expect(await listed(`?${q}&from=${moveDate}&to=${moveDate}`, ref)).toBe(true);
    expect(await listed(`?${q}&from=${addDays(moveDate, 1)}`, ref)).toBe(false);
    expect(await listed(`?${q}&to=${addDays(moveDate, -1)}`, ref)).toBe(false);
    // Nonsense filters are ignored, never an error.
    const odd = await staffGet(`${OFFICE_PATHS.home}?${q}&stage=nope&from=2027-02-31&page=-4`);
    expect(odd.status).toBe(200);
    expect(await odd.text()).toContain(`data-lead="${ref}"`);
  });
});

describe('a lead’s page', () => {
  it('shows what the customer gave, the price, its history and its e-mails without their links', async () => {
    const quote = await makeQuote({
      name: `Lin ${unique('page')}`,
      fromAddress: '12 High St',
      additionalInfo: 'The piano is on the first floor.',
      promoCode: 'FIRSTMOVE10',
      moveDate: openDay(40, 3),
      fromFloor: 'second',
      fromLift: 'no',
      fromParking: 'over-50m',
    });
    await delivered(quote.reference);
    const response = await staffGet(leadPath(quote.reference));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    const page = readPage(html);
    expect(page.filled('reference')).toBe(quote.reference);
    expect(page.filled('stage')).toBe('New');
    expect(page.filled('given:Moving from')).toBe('12 High St, London, SW1A 1AA');
    expect(page.filled('given:Notes')).toBe('The piano is on the first floor.');
    expect(page.filled('given:Promo code')).toBe('FIRSTMOVE10');
    expect(page.filled('given:Furniture')).toBe('Sofa, Wardrobe');
    expect(page.filled('given:Access at collection')).toBe('2nd floor, no lift, parking: more than 50 metres away');
    expect(page.shown('given')).toBe(true);
    // A studio with a sofa and a wardrobe on a Wednesday, £983, and the access table's studio figures: 2 floors without a
    // lift, 2 × £20, and parking over 50 metres away, £50: £1,073; 10 % off: £965.70.
    expect(page.filled('price:Price to pay')).toBe('£965.70 with FIRSTMOVE10 (10% off your first booking)');
    expect(html).toContain('Quote sent');
    // Both e-mails (to the customer and to the business), by subject and address, and never the move page's token.
    expect(html).toContain(
      `data-part="to">${query<{ email: string }>('SELECT email FROM quote_requests WHERE reference = ?', quote.reference)[0]!.email}`,
    );
    expect(html).toContain('leads@shiftly.example');
    const token = new URL(quote.confirmationUrl, apiBase()).searchParams.get('t')!;
    expect(html).not.toContain(token);
  });

  it('answers the 404 page for an unknown reference', async () => {
    const response = await staffGet(leadPath('NOSUCHREF'));
    expect(response.status).toBe(404);
  });
});

describe('staff changes on a lead, each with its audit line', () => {
  it('adds a note, making the office_leads row on the first action, and shows it with who wrote it', async () => {
    const quote = await makeQuote({ name: `Nia ${unique('note')}` });
    const done = await staffPost(OFFICE_PATHS.lead, { ref: quote.reference, action: 'note', note: 'Rang: call back after 5pm.' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${leadPath(quote.reference)}&done=note`);
    expect(leadRow(quote.reference)).toMatchObject({ stage: 'new' });
    expect(query('SELECT author, note FROM office_notes WHERE record_reference = ?', quote.reference)).toEqual([
      { author: OWNER, note: 'Rang: call back after 5pm.' },
    ]);
    expect(audit(quote.reference)).toEqual([{ actor: OWNER, action: 'note_added', detail: 'Note added' }]);
    const html = await (await staffGet(leadPath(quote.reference))).text();
    expect(html).toContain('Rang: call back after 5pm.');
    // The note's label names its own field: no other element shares its id.
    expect(html.match(/ id="note"/g)).toHaveLength(1);
    expect(html).toMatch(/Note added<\/p>\s*<p[^>]*>\s*<span data-part="who">Owner<\/span>/);

    const empty = await staffPost(OFFICE_PATHS.lead, { ref: quote.reference, action: 'note', note: '   ' });
    expect(empty.status).toBe(400);
    const refused = await empty.text();
    expect(refused).toContain(LEAD_FORM_MESSAGES.note);
    expect(refused).toMatch(/id="note"[^>]*aria-describedby="note-error"/);
    expect(audit(quote.reference)).toHaveLength(1);
  });

  it('"To do today" counts every new lead, and says so when it shows only the newest 20', async () => {
    // One more than a list shows, made one after another: the newest 21 leads of all (this file's tests run in turn).
    const made: string[] = [];
    for (let i = 0; i < 21; i++) made.push((await makeQuote({ name: `Nia ${unique('many')}` })).reference);
    const section = (await (await staffGet(OFFICE_PATHS.home)).text()).split('id="todo-new-leads"')[1]!.split('</section>')[0]!;
    // The heading's count: "New leads (N)".
    const count = Number(/\((\d+)\)<\/span>/.exec(section)?.[1]);
    expect(count).toBeGreaterThanOrEqual(21);
    expect(section.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ')).toContain(
      `Showing the newest 20 of ${count}. Every lead below has them all.`,
    );
    for (const reference of made.slice(1)) expect(section).toContain(`data-lead="${reference}"`);
    expect(section).not.toContain(`data-lead="${made[0]}"`);
  });

  it('sets a follow-up date (due today shows in To do today) and clears it', async () => {
    const quote = await makeQuote({ name: `Fay ${unique('follow')}` });
    const today = londonToday();
    expect((await staffPost(OFFICE_PATHS.lead, { ref: quote.reference, action: 'follow_up', followUpOn: today })).status).toBe(303);
    expect(leadRow(quote.reference)).toMatchObject({ follow_up_on: today });
    const home = await (await staffGet(OFFICE_PATHS.home)).text();
    expect(home.split('data-show="follow-ups"')[1]?.split('</table>')[0]).toContain(quote.reference);
    expect((await staffPost(OFFICE_PATHS.lead, { ref: quote.reference, action: 'follow_up', followUpOn: '' })).status).toBe(303);
    expect(leadRow(quote.reference)).toMatchObject({ follow_up_on: null });
    expect(audit(quote.reference).map((line) => line.action)).toEqual(['follow_up_set', 'follow_up_set']);
    expect(audit(quote.reference)[1]!.detail).toBe('Follow-up date cleared');

    const bad = await staffPost(OFFICE_PATHS.lead, { ref: quote.reference, action: 'follow_up', followUpOn: '2027-02-30' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/aria-describedby="followUpOn-error"/);
  });

  it('changes the stage; "lost" is refused without a reason and taken with one', async () => {
    const quote = await makeQuote({ name: `Lou ${unique('stage')}` });
    const refused = await staffPost(OFFICE_PATHS.lead, { ref: quote.reference, action: 'stage', stage: 'lost', lostReason: '  ' });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(readPage(html).filled('error:lostReason-error')).toBe(LEAD_FORM_MESSAGES.lostReason);
    expect(html).toMatch(
      /id="lostReason"[^>]*aria-invalid="true"[^>]*aria-describedby="lostReason-error"|id="lostReason"[^>]*aria-describedby/,
    );
    expect(leadRow(quote.reference)).toBeUndefined();
    expect(audit(quote.reference)).toEqual([]);

    expect((await staffPost(OFFICE_PATHS.lead, { ref: quote.reference, action: 'stage', stage: 'contacted' })).status).toBe(303);
    const lost = await staffPost(OFFICE_PATHS.lead, {
      ref: quote.reference,
      action: 'stage',
      stage: 'lost',
      lostReason: 'Went with a friend’s van',
    });
    expect(lost.status).toBe(303);
    expect(leadRow(quote.reference)).toMatchObject({ stage: 'lost', lost_reason: 'Went with a friend’s van' });
    expect(audit(quote.reference).map((line) => line.detail)).toEqual([
      'Stage: New → Contacted',
      'Stage: Contacted → Lost (Went with a friend’s van)',
    ]);
    expect(await listRow(`?q=${quote.reference}&stage=lost`, quote.reference)).toMatchObject({ stage: 'Lost: Went with a friend’s van' });
  });

  it('hands the lead to a member of staff, and refuses anyone else', async () => {
    const quote = await makeQuote({ name: `Han ${unique('handler')}` });
    const stranger = await staffPost(OFFICE_PATHS.lead, { ref: quote.reference, action: 'handler', handler: 'someone@example.com' });
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain(LEAD_FORM_MESSAGES.handler);
    expect((await staffPost(OFFICE_PATHS.lead, { ref: quote.reference, action: 'handler', handler: OWNER })).status).toBe(303);
    expect(leadRow(quote.reference)).toMatchObject({ handler: OWNER });
    expect(audit(quote.reference)).toEqual([{ actor: OWNER, action: 'handler_set', detail: 'Handled by Owner' }]);
    expect(await listRow(`?q=${quote.reference}`, quote.reference)).toMatchObject({ handler: 'Owner' });
    expect(readPage(await (await staffGet(leadPath(quote.reference))).text()).filled('handler')).toBe('Owner');
  });

  it('refuses a handler longer than an e-mail address can be, by its field, and changes nothing', async () => {
    const quote = await makeQuote({ name: `Han ${unique('long-handler')}` });
    // 255 characters: one more than the longest address (LIMITS.email, 254), so no member of staff.
    const handler = `${'h'.repeat(243)}@example.com`;
    expect(handler).toHaveLength(255);
    const refused = await staffPost(OFFICE_PATHS.lead, { ref: quote.reference, action: 'handler', handler });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(LEAD_FORM_MESSAGES.handler);
    expect(html).toMatch(/<select id="handler-choice"[^>]*aria-describedby="handler-error"/);
    expect(audit(quote.reference)).toEqual([]);
  });

  it('answers the 404 page for a post about an unknown lead', async () => {
    expect((await staffPost(OFFICE_PATHS.lead, { ref: 'NOSUCHREF', action: 'note', note: 'x' })).status).toBe(404);
  });
});

describe('customer actions land in the office as things to do', () => {
  it('a booking request becomes an open task with an audit line by the customer; "Done" closes it', async () => {
    const quote = await makeQuote({ name: `Bo ${unique('task')}` });
    await requestBooking(quote);
    const [task] = query<{ id: number; kind: string; done_at: string | null }>(
      'SELECT id, kind, done_at FROM office_tasks WHERE record_reference = ?',
      quote.reference,
    );
    expect(task).toMatchObject({ kind: 'booking_request', done_at: null });
    expect(audit(quote.reference)).toEqual([{ actor: 'customer', action: 'booking_request', detail: 'Booking requested at £983' }]);
    // The lead's page, not To do today: that lists the oldest 100 open tasks, and the suite's shared D1 holds more.
    const lead = await (await staffGet(leadPath(quote.reference))).text();
    expect(lead).toMatch(new RegExp(`data-task="booking_request" data-reference="${quote.reference}"`));

    const done = await staffPost(OFFICE_PATHS.home, { task: String(task!.id) });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${OFFICE_PATHS.home}?done=task`);
    expect(query('SELECT done_by FROM office_tasks WHERE id = ?', task!.id)).toEqual([{ done_by: OWNER }]);
    expect(audit(quote.reference).at(-1)).toEqual({ actor: OWNER, action: 'task_done', detail: 'Done: Booking requested' });
    expect(await (await staffGet(leadPath(quote.reference))).text()).not.toContain(`data-task="booking_request"`);
  });

  it('a date change and a cancellation each become a task', async () => {
    const quote = await makeQuote({ name: `Di ${unique('tasks')}`, moveDate: openDay(50, 3) });
    const t = new URL(quote.confirmationUrl, apiBase()).searchParams.get('t')!;
    expect(
      (await postForm(PAGE_PATHS.confirmation, { ref: quote.reference, t, action: 'date-confirm', moveDate: openDay(57, 3) })).status,
    ).toBe(303);
    expect((await postForm(PAGE_PATHS.confirmation, { ref: quote.reference, t, action: 'cancel-confirm' })).status).toBe(303);
    expect(query('SELECT kind FROM office_tasks WHERE record_reference = ? ORDER BY id', quote.reference)).toEqual([
      { kind: 'date_change' },
      { kind: 'cancellation' },
    ]);
    expect(audit(quote.reference).map((line) => line.actor)).toEqual(['customer', 'customer']);
  });
});

describe('an erasure that keeps a booked move', () => {
  it('leaves the office a task for the kept move, by the customer', async () => {
    const email = `${unique('erase')}@example.com`;
    const booked = await makeQuote({ email, moveDate: diaryDay() });
    await bookMove(booked);
    const before = query('SELECT kind FROM office_tasks WHERE record_reference = ?', booked.reference);
    expect((await post(ACCOUNT_PATHS.deleteData, await signIn(email))).status).toBe(200);
    expect(query('SELECT kind FROM office_tasks WHERE record_reference = ?', booked.reference)).toEqual([
      ...before,
      { kind: 'erasure_kept_move' },
    ]);
    expect(audit(booked.reference).at(-1)).toEqual({
      actor: 'customer',
      action: 'erasure_kept_move',
      detail: 'Data erased, booked move kept',
    });
  });
});

describe('the office’s door', () => {
  it('sends a signed-out visitor to /login and gives a customer’s session the 404, for the pages and the posts', async () => {
    const quote = await makeQuote();
    for (const path of [OFFICE_PATHS.home, leadPath(quote.reference)]) {
      const out = await get(path);
      expect(out.status).toBe(303);
      expect(out.headers.get('location')).toBe('/login');
    }
    const { cookie: session } = await signedInCustomer('office');
    for (const path of [OFFICE_PATHS.home, leadPath(quote.reference)]) expect((await get(path, session)).status).toBe(404);
    const posted = await post(OFFICE_PATHS.lead, session, apiBase(), { ref: quote.reference, action: 'note', note: 'x' });
    expect(posted.status).toBe(404);
    expect((await post(OFFICE_PATHS.lead, undefined, apiBase(), { ref: quote.reference, action: 'note', note: 'x' })).status).toBe(303);
    expect(query('SELECT COUNT(*) AS n FROM office_notes WHERE record_reference = ?', quote.reference)).toEqual([{ n: 0 }]);
  });
});
