/**
 * The diary as a board (issue 40 item 6) over HTTP: closed days from the one bank-holiday table (GOV.UK's England and
 * Wales list) in the public calendar's answer, the office's week and every refusal; a crew's or van's days off and a van
 * hired for a full day in the day's room, each audited; and the week board in one page of few D1 round trips.
 * Dates are random, 200+ days ahead (diary-days.ts): the suites share one D1 and its crews and vans.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PAGE_PATHS, type QuoteAnswer } from '~/lib/api';
import { closedDay } from '~/lib/closed-days';
import { addDays, formatLongDate, londonToday } from '~/lib/dates';
import { MOVE_DATE_MESSAGES } from '~/lib/move-date';
import { FULL_DAYS_PATH, type FullDaysAnswer } from '~/lib/office/diary';
import {
  DIARY_BOOK_PATH,
  DIARY_DAYS_OFF_PATH,
  DIARY_HIRE_PATH,
  DIARY_MESSAGES,
  DIARY_NOTICES,
  FULL_DAY_MESSAGE,
} from '~/lib/office/diary-forms';
import { OFFICE_PATHS } from '~/lib/office/paths';
import { diaryDay, diaryDays } from '../shared/diary-days';
import { submittedQuoteForm } from '../shared/quote-form';
import { apiBase, call, query, unique, validQuote } from './helpers';
import { readPage } from './html';
import { officeGet, officePost, OWNER_EMAIL, signInStaff } from './office';

const FORM = 'application/x-www-form-urlencoded';

async function quoteOn(moveDate: string): Promise<QuoteAnswer> {
  const response = await call(API_PATHS.quote, validQuote({ moveDate }));
  expect(response.status).toBe(201);
  return (await response.json()) as QuoteAnswer;
}

const tokenOf = (answer: QuoteAnswer) => new URL(answer.confirmationUrl, apiBase()).searchParams.get('t')!;

/** The next day ahead the firm is closed (a bank holiday of the table, or 25 or 26 December or 1 January). */
function closedAhead(): string {
  let date = addDays(londonToday(), 2);
  while (!closedDay(date)) date = addDays(date, 1);
  return date;
}

const fullDays = async (from: string, to: string): Promise<FullDaysAnswer> =>
  (await (await fetch(`${apiBase()}${FULL_DAYS_PATH}?from=${from}&to=${to}`)).json()) as FullDaysAnswer;

/** The diary's week holding `day`, as HTML. */
const weekOf = async (day: string) => (await officeGet(`${OFFICE_PATHS.diary}?from=${day}`)).text();

/** The phone list's words for a day's room (`data-fill="room"` inside its `data-day`). */
function roomOn(html: string, day: string): string {
  const item = html.slice(html.indexOf(`data-day="${day}"`));
  const room = /data-fill="room"[^>]*>([^]*?)<\/p>/.exec(item)?.[1] ?? '';
  return room
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('closed days: GOV.UK’s England and Wales bank holidays', () => {
  it('/api/full-days names 25, 26 and 28 December 2026 and 1 January 2027 as closed, never as full', async () => {
    const answer = await fullDays('2026-12-21', '2027-01-03');
    expect(answer.closed).toEqual({
      '2026-12-25': 'Christmas Day',
      '2026-12-26': 'Boxing Day',
      '2026-12-28': 'Boxing Day (substitute day)',
      '2027-01-01': 'New Year’s Day',
    });
    for (const day of Object.keys(answer.closed!)) expect(answer.dates).not.toContain(day);
    // Scotland's St Andrew's Day (Monday 30 November 2026) is not the firm's.
    expect((await fullDays('2026-11-30', '2026-11-30')).closed).toEqual({});
  });

  it('the office’s week of 21 December 2026 shows them closed, never “2 of 2 free”', async () => {
    const html = await weekOf('2026-12-23');
    expect(roomOn(html, '2026-12-25')).toBe('Closed: Christmas Day');
    expect(roomOn(html, '2026-12-26')).toBe('Closed: Boxing Day');
    expect(roomOn(html, '2026-12-24')).not.toContain('Closed');
    const next = await weekOf('2026-12-28');
    expect(roomOn(next, '2026-12-28')).toBe('Closed: Boxing Day (substitute day)');
    expect(roomOn(next, '2027-01-01')).toBe('Closed: New Year’s Day');
  });

  it('a new quote on the next closed day is refused on its move date, as JSON and from the plain form', async () => {
    const day = closedAhead();
    const message = MOVE_DATE_MESSAGES.closed(closedDay(day)!);
    const json = await call(API_PATHS.quote, validQuote({ moveDate: day }));
    expect(json.status).toBe(400);
    expect(((await json.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ moveDate: message });

    const email = `${unique('closed')}@example.com`;
    // Typed as dd/mm/yy, as a browser without a date field lets people type it.
    const fields = submittedQuoteForm(`${day.slice(8)}/${day.slice(5, 7)}/${day.slice(2, 4)}`, email);
    const form = await call(PAGE_PATHS.quote, new URLSearchParams(fields).toString(), {
      contentType: FORM,
      client: unique('form'),
      headers: { Origin: apiBase() },
    });
    expect(form.status).toBe(303);
    const html = await (await fetch(new URL(form.headers.get('location')!, apiBase()))).text();
    expect(readPage(html).filled('error:moveDate')).toBe(message);
    expect(query('SELECT reference FROM quote_requests WHERE email = ?', email)).toEqual([]);
  });

  it('a date change to a closed day is refused on its field', async () => {
    const quote = await quoteOn(diaryDay(3));
    const day = closedAhead();
    const move = await call(
      PAGE_PATHS.confirmation,
      new URLSearchParams({ ref: quote.reference, t: tokenOf(quote), action: 'date-confirm', moveDate: day }).toString(),
      { contentType: FORM, headers: { Origin: apiBase() } },
    );
    expect(move.status).toBe(422);
    expect(readPage(await move.text()).filled('error:moveDate')).toBe(MOVE_DATE_MESSAGES.closed(closedDay(day)!));
  });
});

describe('days off and a van hired for a full day', () => {
  // Three crews and two vans of this file's own; on its Monday only B and C are in, and van X: 1 place. On the Tuesday
  // A and B are off: two crews with a day off on the board.
  const tag = unique('d').slice(-10);
  const names = { a: `Ada ${tag}`, b: `Ben ${tag}`, c: `Cal ${tag}`, x: `X-${tag}`, y: `Y-${tag}` };
  // Both days this file's own (diaryDays claims the Tuesday too): a crew another file booked on an unclaimed Tuesday
  // could not be given the day off (409, CI at 8f02ae9).
  const [monday, tuesday] = diaryDays(1, (day) => addDays(day, 1));
  const ids = { a: 0, b: 0, c: 0, x: 0, y: 0 };
  let first: QuoteAnswer;

  const dayOff = (who: string, firstDay: string, lastDay = '', session?: string) =>
    officePost(DIARY_DAYS_OFF_PATH, { action: 'add-day-off', who, firstDay, lastDay, reason: 'holiday' }, session);

  beforeAll(async () => {
    for (const key of ['a', 'b', 'c'] as const) {
      expect((await officePost(OFFICE_PATHS.diary, { action: 'add-crew', leadName: names[key], size: '2' })).status).toBe(303);
      ids[key] = query<{ id: number }>('SELECT id FROM crews WHERE lead_name = ?', names[key])[0]!.id;
    }
    for (const key of ['x', 'y'] as const) {
      expect((await officePost(OFFICE_PATHS.diary, { action: 'add-van', vanName: names[key], vanSize: 'luton' })).status).toBe(303);
      ids[key] = query<{ id: number }>('SELECT id FROM vans WHERE name = ?', names[key])[0]!.id;
    }
    // Every other crew and van the suites have set up is off on this file's two days, so the room is this file's own.
    const others = query<{ who: string }>(
      `SELECT 'crew:' || id AS who FROM crews WHERE removed_at IS NULL AND hired_on IS NULL AND id NOT IN (?, ?, ?)
       UNION ALL SELECT 'van:' || id FROM vans WHERE removed_at IS NULL AND hired_on IS NULL AND id NOT IN (?, ?)`,
      ids.a,
      ids.b,
      ids.c,
      ids.x,
      ids.y,
    );
    for (const { who } of others) expect((await dayOff(who, monday, tuesday)).status, who).toBe(303);
  });

  it('staff (not only the owner) give a crew a day off: audited, and the day has a crew fewer', async () => {
    const email = `${unique('days-off')}@example.com`;
    expect((await officePost(`${OFFICE_PATHS.staff}/add`, { name: 'Jo Bloggs', email })).status).toBe(303);
    const session = await signInStaff(email);
    // Typed as dd/mm/yy: the day's week comes back with the notice.
    const typed = `${monday.slice(8)}/${monday.slice(5, 7)}/${monday.slice(2, 4)}`;
    const added = await dayOff(`crew:${ids.a}`, typed, '', session);
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe(`${OFFICE_PATHS.diary}?from=${monday}&done=day-off-added`);
    expect(
      query('SELECT first_day, last_day, reason, created_by FROM diary_days_off WHERE resource = ? AND resource_id = ?', 'crew', ids.a),
    ).toEqual([{ first_day: monday, last_day: monday, reason: 'holiday', created_by: email }]);
    expect(query('SELECT actor, detail FROM audit_log WHERE action = ? AND detail LIKE ?', 'day_off_added', `%${names.a}%`)).toEqual([
      { actor: email, detail: `Day off: ${names.a}’s crew, ${formatLongDate(monday)} (holiday)` },
    ]);
    expect((await dayOff(`van:${ids.y}`, monday)).status).toBe(303);
    // Monday: crews B and C, van X: one place.
    expect(roomOn(await weekOf(monday), monday)).toBe('1 of 1 free');
  });

  it('refuses a past day, a span backwards, overlapping days off and an unknown crew, on their fields', async () => {
    const past = await dayOff(`crew:${ids.c}`, addDays(londonToday(), -1));
    expect(past.status).toBe(400);
    expect(readPage(await past.text()).filled('error:firstDay')).toBe(DIARY_MESSAGES.dayOffPast);
    const backwards = await dayOff(`crew:${ids.c}`, tuesday, monday);
    expect(readPage(await backwards.text()).filled('error:lastDay')).toBe(DIARY_MESSAGES.dayOffBackwards);
    const twice = await dayOff(`crew:${ids.a}`, monday, tuesday);
    expect(twice.status).toBe(409);
    expect(readPage(await twice.text()).filled('error:who')).toBe(DIARY_MESSAGES.dayOffOverlap);
    const nobody = await dayOff('crew:999999999', monday);
    expect(readPage(await nobody.text()).filled('error:who')).toBe(DIARY_MESSAGES.who);
    const notADay = await dayOff(`crew:${ids.c}`, '31/02/27');
    expect(readPage(await notADay.text()).filled('error:firstDay')).toBe(DIARY_MESSAGES.firstDay);
    expect(query('SELECT COUNT(*) AS n FROM diary_days_off WHERE resource = ? AND resource_id = ?', 'crew', ids.c)).toEqual([{ n: 0 }]);
  });

  it('one move fills the day: a new quote is refused as full, and /api/full-days lists it', async () => {
    first = await quoteOn(monday);
    expect((await officePost(DIARY_BOOK_PATH, { ref: first.reference, intent: 'hold' })).status).toBe(303);
    expect(roomOn(await weekOf(monday), monday)).toBe('Fully booked');
    expect((await fullDays(monday, tuesday)).dates).toContain(monday);
    const refused = await call(API_PATHS.quote, validQuote({ moveDate: monday }));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ moveDate: FULL_DAY_MESSAGE });
  });

  it('a crew on its day off cannot be booked, and a crew booked that day cannot be given it off', async () => {
    const refused = await officePost(DIARY_BOOK_PATH, {
      ref: first.reference,
      intent: 'book',
      crew: String(ids.a),
      van: String(ids.x),
      window: '08-10',
      override: 'Testing',
    });
    expect(refused.status).toBe(409);
    expect(readPage(await refused.text()).filled('error:crew')).toBe(DIARY_MESSAGES.crewOff);
    const booked = await officePost(DIARY_BOOK_PATH, {
      ref: first.reference,
      intent: 'book',
      crew: String(ids.b),
      van: String(ids.x),
      window: '08-10',
      unpaidReason: 'Booked by phone',
    });
    expect(booked.status).toBe(303);
    const off = await dayOff(`crew:${ids.b}`, monday);
    expect(off.status).toBe(409);
    expect(readPage(await off.text()).filled('error:who')).toBe(
      DIARY_MESSAGES.dayOffBooked(`${names.b}’s crew`, formatLongDate(monday), first.reference),
    );
  });

  it('the full day’s move offers a hire; a crew hired for it, with a reason, gives the day a place, that day only', async () => {
    // Made while the Tuesday has room: a quote cannot be made on a full day.
    const waiting = await quoteOn(tuesday);
    const section = await (await officeGet(`${OFFICE_PATHS.diary}?from=${monday}&ref=${first.reference}`)).text();
    expect(section).not.toContain('Hire for this day'); // the move holds its place: the day is not full without it
    // The Tuesday: crews C only (A and B off below), vans X and Y.
    expect((await dayOff(`crew:${ids.b}`, tuesday)).status).toBe(303);
    expect((await dayOff(`crew:${ids.a}`, tuesday)).status).toBe(303);
    const other = await quoteOn(tuesday);
    expect((await officePost(DIARY_BOOK_PATH, { ref: other.reference, intent: 'hold' })).status).toBe(303);
    const full = await (await officeGet(`${OFFICE_PATHS.diary}?from=${tuesday}&ref=${waiting.reference}`)).text();
    expect(full).toContain('Hire for this day');

    const reason = 'Extra move squeezed in for a regular customer';
    const missing = await officePost(DIARY_HIRE_PATH, {
      action: 'hire',
      ref: waiting.reference,
      date: tuesday,
      what: 'crew',
      name: '',
      crewSize: '2',
      reason: '',
    });
    expect(missing.status).toBe(400);
    const page = readPage(await missing.text());
    expect(page.filled('error:name')).toBe(DIARY_MESSAGES.hireName);
    expect(page.filled('error:reason')).toBe(DIARY_MESSAGES.hireReason);

    const hireName = `Hire ${tag}`;
    const hired = await officePost(DIARY_HIRE_PATH, {
      action: 'hire',
      ref: waiting.reference,
      date: tuesday,
      what: 'crew',
      name: hireName,
      crewSize: '2',
      vanSize: 'luton',
      reason,
    });
    expect(hired.status).toBe(303);
    expect(hired.headers.get('location')).toBe(`${OFFICE_PATHS.diary}?from=${tuesday}&ref=${waiting.reference}&done=hired`);
    expect(query('SELECT size, hired_on, hired_reason FROM crews WHERE lead_name = ?', hireName)).toEqual([
      { size: 2, hired_on: tuesday, hired_reason: reason },
    ]);
    // A crew alone is what the day lacked (1 crew, 2 vans): now 2 places, 1 held.
    expect(roomOn(await weekOf(tuesday), tuesday)).toBe('1 of 2 free');
    // Counted on its day only: the Monday is still full.
    expect(roomOn(await weekOf(monday), monday)).toBe('Fully booked');
    const [audit] = query<{ actor: string; record_reference: string; detail: string }>(
      'SELECT actor, record_reference, detail FROM audit_log WHERE action = ? AND detail LIKE ?',
      'hired',
      `%${hireName}%`,
    );
    expect(audit).toEqual({
      actor: OWNER_EMAIL,
      record_reference: waiting.reference,
      detail: `Hired for ${formatLongDate(tuesday)}: a crew of 2 (${hireName}; a crew). Reason: ${reason}`,
    });
    // The move is booked with the hired crew; then the hire cannot be cancelled.
    const hiredId = query<{ id: number }>('SELECT id FROM crews WHERE lead_name = ?', hireName)[0]!.id;
    const booked = await officePost(DIARY_BOOK_PATH, {
      ref: waiting.reference,
      intent: 'book',
      crew: String(hiredId),
      van: String(ids.y),
      window: '10-12',
      unpaidReason: 'Booked by phone',
    });
    expect(booked.status).toBe(303);
    const cancel = await officePost(DIARY_HIRE_PATH, { action: 'cancel-hire', who: `crew:${hiredId}` });
    expect(cancel.status).toBe(409);
    expect(readPage(await cancel.text()).filled('error:form')).toBe(DIARY_MESSAGES.hireInUse);
  });

  it('a van hired where the vans are the fewer adds a place; an unused hire can be cancelled, audited', async () => {
    // The Monday: crews B and C, van X (Y off), one move: full. A van gives it a second place.
    const hireName = `Van ${tag}`;
    const hired = await officePost(DIARY_HIRE_PATH, {
      action: 'hire',
      date: monday,
      what: 'van',
      name: hireName,
      vanSize: 'medium',
      reason: 'Our Luton is at its MOT',
    });
    expect(hired.status).toBe(303);
    expect(roomOn(await weekOf(monday), monday)).toBe('1 of 2 free');
    expect((await fullDays(monday, monday)).dates).toEqual([]);
    const hiredId = query<{ id: number }>('SELECT id FROM vans WHERE name = ?', hireName)[0]!.id;
    const board = await weekOf(monday);
    expect(board).toContain(`data-board-row="van:${hiredId}"`);
    const cancelled = await officePost(DIARY_HIRE_PATH, { action: 'cancel-hire', who: `van:${hiredId}` });
    expect(cancelled.status).toBe(303);
    expect(roomOn(await weekOf(monday), monday)).toBe('Fully booked');
    expect(query('SELECT actor FROM audit_log WHERE action = ? AND detail LIKE ?', 'hire_cancelled', `%${hireName}%`)).toEqual([
      { actor: OWNER_EMAIL },
    ]);
  });

  it('the week board draws the crews and vans by day, days off and moves as blocks, in few D1 round trips', async () => {
    const response = await officeGet(`${OFFICE_PATHS.diary}?from=${tuesday}`, undefined, {});
    expect(response.status).toBe(200);
    // The gate's session, the page's own access check, then the whole week in one batch: 3 measured.
    expect(Number(response.headers.get('x-d1-round-trips'))).toBeLessThanOrEqual(4);
    const html = await response.text();
    const rowOf = (key: string) =>
      html.slice(html.indexOf(`data-board-row="${key}"`), html.indexOf('</tr>', html.indexOf(`data-board-row="${key}"`)));
    const cellOf = (key: string, day: string) => {
      const row = rowOf(key);
      const at = row.indexOf(`data-board-cell="${day}"`);
      return row.slice(at, row.indexOf('</td>', at));
    };
    // Two crews with a day off on the Tuesday, A on the Monday too.
    expect(cellOf(`crew:${ids.a}`, monday)).toContain('Day off');
    expect(cellOf(`crew:${ids.a}`, tuesday)).toContain('Day off');
    expect(cellOf(`crew:${ids.b}`, tuesday)).toContain('Day off');
    expect(cellOf(`crew:${ids.c}`, tuesday)).not.toContain('Day off');
    // The Monday's move is a block on crew B's row and van X's, linking to its lead.
    expect(cellOf(`crew:${ids.b}`, monday)).toContain(`data-block="${first.reference}"`);
    expect(cellOf(`crew:${ids.b}`, monday)).toContain(`href="/office/lead?ref=${first.reference}"`);
    expect(cellOf(`van:${ids.x}`, monday)).toContain(`data-block="${first.reference}"`);
    // Its caption and headers make it a table a screen reader can walk.
    expect(html).toMatch(/<caption[^>]*>\s*Week of [^<]+: each crew’s and van’s moves, by day/);
    expect(html).toContain(`<th scope="row"`);
  });

  it('removing a day off gives the crew back, audited', async () => {
    const [off] = query<{ id: number }>(
      'SELECT id FROM diary_days_off WHERE resource = ? AND resource_id = ? AND first_day = ?',
      'crew',
      ids.a,
      tuesday,
    );
    const removed = await officePost(DIARY_DAYS_OFF_PATH, { action: 'remove-day-off', id: String(off!.id) });
    expect(removed.status).toBe(303);
    expect(removed.headers.get('location')).toBe(`${OFFICE_PATHS.diary}?from=${tuesday}&done=day-off-removed`);
    expect(query('SELECT id FROM diary_days_off WHERE id = ?', off!.id)).toEqual([]);
    expect(query('SELECT actor, detail FROM audit_log WHERE action = ? AND detail LIKE ?', 'day_off_removed', `%${names.a}%`)).toEqual([
      { actor: OWNER_EMAIL, detail: `Day off removed: ${names.a}’s crew, ${formatLongDate(tuesday)}` },
    ]);
    const html = await (await officeGet(`${OFFICE_PATHS.diary}?from=${tuesday}&done=day-off-removed`)).text();
    expect(html).toContain(DIARY_NOTICES['day-off-removed']);
  });
});
