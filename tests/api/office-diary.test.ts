/**
 * The office's diary (issue 33 item 4) over HTTP: the owner's crews and vans, booking a move from its lead with a crew,
 * a van and an arrival window (the customer's e-mail and move page name the crew lead's first name), a day made full,
 * and every way a customer could still land on it refused (a new quote as JSON and as the plain form, a booking
 * request, a date change) unless the office overrides with a reason. Dates are random, 200+ days ahead (diary-days.ts):
 * the suites share one D1, and the diary may already hold other tests' crews and vans.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PAGE_PATHS, type QuoteAnswer } from '~/lib/api';
import { closedDay } from '~/lib/closed-days';
import { addDays } from '~/lib/dates';
import { FULL_DAYS_PATH, FULLY_BOOKED } from '~/lib/office/diary';
import { DIARY_BOOK_PATH, DIARY_MESSAGES, DIARY_NOTICES, FULL_DAY_MESSAGE } from '~/lib/office/diary-forms';
import { leadPath, OFFICE_PATHS } from '~/lib/office/paths';
import { diaryDay, DIARY_ROOM_SQL } from '../shared/diary-days';
import { submittedQuoteForm } from '../shared/quote-form';
import { apiBase, call, delivered, emailsTo, query, unique, validQuote } from './helpers';
import { readPage } from './html';
import { officeGet, officePost, OWNER_EMAIL, signInStaff } from './office';

const FORM = 'application/x-www-form-urlencoded';
const OWNER = OWNER_EMAIL;
const staffPost = (path: string, fields: Record<string, string>) => officePost(path, fields);

async function quoteOn(moveDate: string, overrides: Record<string, unknown> = {}): Promise<QuoteAnswer> {
  const response = await call(API_PATHS.quote, validQuote({ moveDate, ...overrides }));
  expect(response.status).toBe(201);
  return (await response.json()) as QuoteAnswer;
}

const emailOf = (answer: QuoteAnswer) =>
  query<{ email: string }>('SELECT email FROM quote_requests WHERE reference = ?', answer.reference)[0]!.email;
const moveDateOf = (answer: QuoteAnswer) =>
  query<{ move_date: string }>('SELECT move_date FROM quote_requests WHERE reference = ?', answer.reference)[0]!.move_date;

const tokenOf = (answer: QuoteAnswer) => new URL(answer.confirmationUrl, apiBase()).searchParams.get('t')!;

/** The room every day has now: the fewer of the crews and vans not removed (other tests may have added some). */
const capacity = () => query<{ n: number }>(DIARY_ROOM_SQL)[0]!.n;

let crew: { id: number };
let van: { id: number };
const LEAD = `Samira ${unique('Khan')}`;
const VAN = `KX70-${unique('v').slice(-6)}`;

beforeAll(async () => {
  const addedCrew = await staffPost(OFFICE_PATHS.diary, { action: 'add-crew', leadName: LEAD, size: '3' });
  expect(addedCrew.status).toBe(303);
  expect(addedCrew.headers.get('location')).toBe(`${OFFICE_PATHS.diary}?done=crew-added`);
  const addedVan = await staffPost(OFFICE_PATHS.diary, { action: 'add-van', vanName: VAN, vanSize: 'luton' });
  expect(addedVan.status).toBe(303);
  crew = query<{ id: number }>('SELECT id FROM crews WHERE lead_name = ?', LEAD)[0]!;
  van = query<{ id: number }>('SELECT id FROM vans WHERE name = ?', VAN)[0]!;
});

describe('crews and vans', () => {
  it('the owner adds them; staff see them on the diary page, with the audit trail saying who', async () => {
    const page = await officeGet(OFFICE_PATHS.diary);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain(`${LEAD}, crew of 3`);
    expect(html).toContain(`${VAN}, Luton van`);
    const audit = query<{ actor: string; action: string }>(
      'SELECT actor, action FROM audit_log WHERE detail = ?',
      `Crew added: ${LEAD}, 3`,
    );
    expect(audit).toEqual([{ actor: OWNER, action: 'crew_added' }]);
  });

  it('a crew without a lead’s name or with a size out of range is refused on its fields, nothing stored', async () => {
    const response = await staffPost(OFFICE_PATHS.diary, { action: 'add-crew', leadName: ' ', size: '13' });
    expect(response.status).toBe(400);
    const page = readPage(await response.text());
    expect(page.filled('error:leadName')).toBe(DIARY_MESSAGES.leadName);
    expect(page.filled('error:size')).toBe(DIARY_MESSAGES.size);
    expect(query('SELECT id FROM crews WHERE size = 13')).toEqual([]);
  });

  it('the owner removes a crew and a van: gone from the diary, kept in the table for the days they worked', async () => {
    const lead = `Removed ${unique('crew')}`;
    const name = `RM-${unique('v').slice(-6)}`;
    await staffPost(OFFICE_PATHS.diary, { action: 'add-crew', leadName: lead, size: '2' });
    await staffPost(OFFICE_PATHS.diary, { action: 'add-van', vanName: name, vanSize: 'small' });
    const [gone] = query<{ id: number }>('SELECT id FROM crews WHERE lead_name = ?', lead);
    const [goneVan] = query<{ id: number }>('SELECT id FROM vans WHERE name = ?', name);
    // "Remove" asks first (issue 40 item 4): a page saying what it does; nothing is removed until its own button.
    const asked = await staffPost(OFFICE_PATHS.diary, { action: 'remove-crew', id: String(gone!.id) });
    expect(asked.status).toBe(200);
    expect(
      readPage(await asked.text())
        .filled('confirm-heading')
        .trim(),
    ).toBe(`Remove the crew ${lead} (crew of 2)?`);
    expect(query('SELECT removed_at FROM crews WHERE id = ?', gone!.id)).toEqual([{ removed_at: null }]);
    const removed = await staffPost(OFFICE_PATHS.diary, { action: 'remove-crew', id: String(gone!.id), confirm: 'yes' });
    expect(removed.headers.get('location')).toBe(`${OFFICE_PATHS.diary}?done=crew-removed`);
    await staffPost(OFFICE_PATHS.diary, { action: 'remove-van', id: String(goneVan!.id), confirm: 'yes' });
    expect(query('SELECT removed_at IS NOT NULL AS removed FROM crews WHERE id = ?', gone!.id)).toEqual([{ removed: 1 }]);
    expect(query('SELECT removed_at IS NOT NULL AS removed FROM vans WHERE id = ?', goneVan!.id)).toEqual([{ removed: 1 }]);
    const html = await (await officeGet(`${OFFICE_PATHS.diary}?done=crew-removed`)).text();
    expect(html).toContain(DIARY_NOTICES['crew-removed']);
    expect(html).not.toContain(lead);
    expect(html).not.toContain(name);
  });

  it('staff see the crews and vans but only the owner changes them', async () => {
    const email = `${unique('diary-staff')}@example.com`;
    expect((await officePost(`${OFFICE_PATHS.staff}/add`, { name: 'Jo Bloggs', email })).status).toBe(303);
    const session = await signInStaff(email);
    const page = await (await officeGet(OFFICE_PATHS.diary, session)).text();
    expect(page).toContain(`${LEAD}, crew of 3`);
    expect(page).not.toContain('Add crew');
    const lead = `Not added ${unique('crew')}`;
    const refused = await officePost(OFFICE_PATHS.diary, { action: 'add-crew', leadName: lead, size: '2' }, session);
    expect(refused.status).toBe(403);
    expect(readPage(await refused.text()).filled('error:form')).toBe(DIARY_MESSAGES.ownerOnly);
    expect(query('SELECT id FROM crews WHERE lead_name = ?', lead)).toEqual([]);
  });

  it('a signed-out visitor asking for the diary is sent to /login', async () => {
    const response = await fetch(`${apiBase()}${OFFICE_PATHS.diary}`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/login');
  });
});

describe('booking a move from its lead', () => {
  it('an estimate no deposit has booked is booked only with staff’s reason, kept in the audit trail (issue 40 item 4)', async () => {
    const answer = await quoteOn(diaryDay());
    const fields = { ref: answer.reference, intent: 'book', crew: String(crew.id), van: String(van.id), window: '08-10' };
    const refused = await staffPost(DIARY_BOOK_PATH, fields);
    expect(refused.status).toBe(409);
    expect(readPage(await refused.text()).filled('error:unpaidReason')).toBe(DIARY_MESSAGES.unpaid);
    expect(query('SELECT status FROM quote_requests WHERE reference = ?', answer.reference)).toEqual([{ status: 'quoted' }]);
    expect(query('SELECT 1 FROM diary_entries WHERE reference = ?', answer.reference)).toEqual([]);
    expect(query('SELECT 1 FROM audit_log WHERE record_reference = ?', answer.reference)).toEqual([]);

    const booked = await staffPost(DIARY_BOOK_PATH, { ...fields, unpaidReason: 'Regular customer: pays the crew on the day' });
    expect(booked.status).toBe(303);
    expect(query('SELECT status FROM quote_requests WHERE reference = ?', answer.reference)).toEqual([{ status: 'booked' }]);
    expect(
      query<{ actor: string; action: string; detail: string }>(
        'SELECT actor, action, detail FROM audit_log WHERE record_reference = ? ORDER BY id',
        answer.reference,
      ).map(({ action, actor, detail }) => ({ action, actor, detail: action === 'diary_booked' ? 'Booked for …' : detail })),
    ).toEqual([
      { actor: OWNER, action: 'diary_booked', detail: 'Booked for …' },
      { actor: OWNER, action: 'booked_without_deposit', detail: 'Booked with no deposit paid: Regular customer: pays the crew on the day' },
    ]);
  });

  it('books it with a crew, a van and a window: booked everywhere, and the customer is told the lead’s first name', async () => {
    const day = diaryDay();
    const answer = await quoteOn(day);
    const response = await staffPost(DIARY_BOOK_PATH, {
      ref: answer.reference,
      intent: 'book',
      crew: String(crew.id),
      van: String(van.id),
      window: '08-10',
      unpaidReason: 'Booked by phone',
    });
    expect(response.status).toBe(303);
    // Done: the diary at the move's day, with the move's own form and the notice.
    expect(response.headers.get('location')).toBe(`${OFFICE_PATHS.diary}?from=${day}&ref=${answer.reference}&done=booked`);
    expect(query('SELECT status FROM quote_requests WHERE reference = ?', answer.reference)).toEqual([{ status: 'booked' }]);
    expect(query('SELECT stage FROM office_leads WHERE reference = ?', answer.reference)).toEqual([{ stage: 'booked' }]);
    expect(
      query(
        'SELECT move_date, status, crew_id, van_id, arrival_window, override_reason FROM diary_entries WHERE reference = ?',
        answer.reference,
      ),
    ).toEqual([{ move_date: day, status: 'booked', crew_id: crew.id, van_id: van.id, arrival_window: '08-10', override_reason: null }]);
    const [audit] = query<{ actor: string; action: string; detail: string }>(
      'SELECT actor, action, detail FROM audit_log WHERE record_reference = ?',
      answer.reference,
    );
    expect(audit).toMatchObject({ actor: OWNER, action: 'diary_booked' });

    // Worked by hand: the crew's first name, its size, the van's size and the window, never the surname.
    const told = 'crew of 3 led by Samira (Luton van), arriving 8–10 am';
    await delivered(answer.reference);
    const customer = (await emailsTo(emailOf(answer))).find((each) => each.subject.includes('booking confirmed'));
    expect(customer?.text).toContain(told);
    expect(customer?.text).not.toContain(LEAD.split(' ')[1]);
    const movePage = await (await fetch(new URL(answer.confirmationUrl, apiBase()))).text();
    expect(movePage).toContain('Your move is booked');
    expect(movePage).toContain(told);
  });

  it('a crew or van already out that day is refused on its field', async () => {
    const day = diaryDay();
    const [first, second] = [await quoteOn(day), await quoteOn(day)];
    const fields = { intent: 'book', crew: String(crew.id), van: String(van.id), window: '10-12', unpaidReason: 'Booked by phone' };
    expect((await staffPost(DIARY_BOOK_PATH, { ref: first.reference, ...fields })).status).toBe(303);
    const again = await staffPost(DIARY_BOOK_PATH, { ref: second.reference, ...fields, override: 'Customer is a regular' });
    expect(again.status).toBe(409);
    const page = readPage(await again.text());
    expect(page.filled('error:crew')).toBe(DIARY_MESSAGES.crewBusy);
    expect(page.filled('error:van')).toBe(DIARY_MESSAGES.vanBusy);
    expect(query('SELECT status FROM quote_requests WHERE reference = ?', second.reference)).toEqual([{ status: 'quoted' }]);
  });
});

describe('a full day', () => {
  const day = diaryDay();
  const others: QuoteAnswer[] = [];
  let waiting: QuoteAnswer;
  let elsewhere: QuoteAnswer;

  beforeAll(async () => {
    // Quotes made while the day still has room: one to book, the rest held, one asking to book after, one on another day.
    const room = capacity();
    for (let i = 0; i < room + 1; i++) others.push(await quoteOn(day));
    waiting = others.pop()!;
    elsewhere = await quoteOn(addDays(day, 2));
    const [booked, ...held] = others;
    expect(
      (
        await staffPost(DIARY_BOOK_PATH, {
          ref: booked!.reference,
          intent: 'book',
          crew: String(crew.id),
          van: String(van.id),
          window: '12-14',
          unpaidReason: 'Booked by phone',
        })
      ).status,
    ).toBe(303);
    for (const each of held) expect((await staffPost(DIARY_BOOK_PATH, { ref: each.reference, intent: 'hold' })).status).toBe(303);
  });

  it('is listed by /api/full-days (dates only), briefly cached, and its neighbours are not', async () => {
    const response = await fetch(`${apiBase()}${FULL_DAYS_PATH}?from=${addDays(day, -1)}&to=${addDays(day, 1)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    // With the owner's limits for booking online while it is on (issue 41 item 2), as they are until set.
    // A neighbour may be a bank holiday (the day is random): listed as closed by the one table, never as full.
    const closed = Object.fromEntries(
      [addDays(day, -1), addDays(day, 1)].flatMap((date) => (closedDay(date) ? [[date, closedDay(date)]] : [])),
    );
    expect(await response.json()).toEqual({ dates: [day], closed, online: { maxSize: 'three-bed', maxMiles: 100 } });
  });

  it('/api/full-days refuses a span it cannot answer in the spec’s error shape', async () => {
    const response = await fetch(`${apiBase()}${FULL_DAYS_PATH}?from=2027-02-30&to=${day}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields)).toEqual(['from']);
  });

  it('shows as fully booked in the diary, and a move that fills it counts itself on its lead page', async () => {
    const html = await (await officeGet(`${OFFICE_PATHS.diary}?from=${day}`)).text();
    expect(html).toMatch(new RegExp(`data-day="${day}"[^]*?${FULLY_BOOKED}`));
    // Every place is taken, this move's among them: none free (it once said "1 of 1 free" beside "Fully booked").
    const lead = await (await officeGet(leadPath(others.at(-1)!.reference))).text();
    expect(lead).toContain(`0 of ${capacity()} free, counting this move.`);
  });

  it('refuses a new quote sent as JSON, on its move date', async () => {
    const body = validQuote({ moveDate: day });
    const response = await call(API_PATHS.quote, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'validation_failed', message: 'Please check the highlighted fields.', fields: { moveDate: FULL_DAY_MESSAGE } },
    });
    expect(query('SELECT reference FROM quote_requests WHERE idempotency_key = ?', body.idempotencyKey)).toEqual([]);
  });

  it('refuses a new quote from the plain form, on its move date', async () => {
    const email = `${unique('full')}@example.com`;
    const fields = submittedQuoteForm(day, email);
    const response = await call(PAGE_PATHS.quote, new URLSearchParams(fields).toString(), {
      contentType: FORM,
      client: unique('form'),
      headers: { Origin: apiBase() },
    });
    expect(response.status).toBe(303);
    const html = await (await fetch(new URL(response.headers.get('location')!, apiBase()))).text();
    expect(readPage(html).filled('error:moveDate')).toBe(FULL_DAY_MESSAGE);
    expect(query('SELECT reference FROM quote_requests WHERE email = ?', email)).toEqual([]);
  });

  it('refuses a booking request for it, and a date change to it', async () => {
    const ask = await call(
      PAGE_PATHS.confirmation,
      new URLSearchParams({ ref: waiting.reference, t: tokenOf(waiting), action: 'book' }).toString(),
      {
        contentType: FORM,
        headers: { Origin: apiBase() },
      },
    );
    expect(ask.status).toBe(422);
    expect(readPage(await ask.text()).filled('error:moveDate')).toBe(FULL_DAY_MESSAGE);
    expect(query('SELECT status FROM quote_requests WHERE reference = ?', waiting.reference)).toEqual([{ status: 'quoted' }]);

    const move = await call(
      PAGE_PATHS.confirmation,
      new URLSearchParams({ ref: elsewhere.reference, t: tokenOf(elsewhere), action: 'date-confirm', moveDate: day }).toString(),
      { contentType: FORM, headers: { Origin: apiBase() } },
    );
    expect(move.status).toBe(422);
    expect(readPage(await move.text()).filled('error:moveDate')).toBe(FULL_DAY_MESSAGE);
    expect(moveDateOf(elsewhere)).toBe(addDays(day, 2));
  });

  it('is refused to the office without a reason, and booked with one, the reason kept and shown in the diary', async () => {
    const refused = await staffPost(DIARY_BOOK_PATH, { ref: waiting.reference, intent: 'hold' });
    expect(refused.status).toBe(409);
    expect(readPage(await refused.text()).filled('error:override')).toBe(DIARY_MESSAGES.full);
    expect(query('SELECT reference FROM diary_entries WHERE reference = ?', waiting.reference)).toEqual([]);

    const reason = 'Extra crew hired in for the day';
    const allowed = await staffPost(DIARY_BOOK_PATH, { ref: waiting.reference, intent: 'hold', override: reason });
    expect(allowed.status).toBe(303);
    expect(query('SELECT status, override_reason FROM diary_entries WHERE reference = ?', waiting.reference)).toEqual([
      { status: 'held', override_reason: reason },
    ]);
    const html = await (await officeGet(`${OFFICE_PATHS.diary}?from=${day}&done=held`)).text();
    expect(html).toContain(DIARY_NOTICES.held);
    expect(html).toContain(`Booked over capacity: ${reason}`);
  });
});
