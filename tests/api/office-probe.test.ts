/**
 * The outside probe's findings (issue 40 item 8) over HTTP: the office search is bounded and never answers 500, and
 * matches `%` and `_` as typed; staff can sign out everywhere; a page whose address carries a token sends no referrer;
 * the job sheet and the damage report are limited per client and per link (wrangler.jsonc, test environment: 30 and
 * 20 a minute), a move takes at most 30 reports and 30 photos a day, and repeated reports make one to-do.
 */
import { describe, expect, it } from 'vitest';
import { API_PATHS, PAGE_PATHS, type QuoteAnswer } from '~/lib/api';
import { addDays, londonDayStart } from '~/lib/dates';
import { MOVE_DAMAGE_PATH } from '~/lib/move-status';
import { LEAD_SEARCH_MESSAGE } from '~/lib/office/leads';
import { JOB_SHEET_MESSAGES } from '~/lib/office/job-sheet';
import { JOB_SHEET_TOKEN_FIELD, OFFICE_PATHS } from '~/lib/office/paths';
import { diaryDay } from '../shared/diary-days';
import { bookInDiary } from '../shared/office-posts';
import { apiBase, call, expectLimitedAfter, query, unique, validQuote } from './helpers';
import { readPage } from './html';
import { officeGet, officePost, ownerCookie, signInStaff } from './office';

interface Move {
  reference: string;
  /** The move page's token. */
  token: string;
  moveDate: string;
}

async function quoted(fields: Record<string, string> = {}): Promise<Move & { answer: QuoteAnswer }> {
  const moveDate = diaryDay();
  const response = await call(API_PATHS.quote, validQuote({ moveDate, email: `${unique('probe')}@example.com`, ...fields }));
  expect(response.status).toBe(201);
  const answer = (await response.json()) as QuoteAnswer;
  return { reference: answer.reference, token: new URL(answer.confirmationUrl, apiBase()).searchParams.get('t')!, moveDate, answer };
}

/** Booked in the diary by the owner, with the crew's job sheet link made: the sheet's token. */
async function bookedWithSheet(): Promise<Move & { sheet: string }> {
  const move = await quoted();
  const booking = { crewLead: `Ola ${unique('Bello')}`, crewSize: 2, van: `LV73 ${unique('PRB')}`, window: '08-10' };
  await bookInDiary({ base: apiBase(), session: ownerCookie() }, move, booking);
  const made = await officePost(OFFICE_PATHS.jobSheetLink, { ref: move.reference });
  expect(made.status).toBe(200);
  const link = new URL(
    readPage(await made.text())
      .filled('job-sheet-link')
      .trim(),
  );
  return { ...move, sheet: link.searchParams.get(JOB_SHEET_TOKEN_FIELD)! };
}

/** Noon, UK time, on the move's day: the sheet works, and the customer may report damage. */
const moveDayNoon = (move: Move) => new Date(londonDayStart(move.moveDate).getTime() + 12 * 3_600_000).toISOString();

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** "Damage or problem" from the sheet, as the crew lead's phone posts it (a no-referrer page: `Origin: null`). */
function problem(move: Move & { sheet: string }, client: string, note: string, photos = 0): Promise<Response> {
  const form = new FormData();
  form.set('action', 'problem');
  form.set('note', note);
  for (let i = 0; i < photos; i += 1) form.append('photos', new Blob([PNG], { type: 'image/png' }), `dent-${i}.png`);
  return fetch(`${apiBase()}${OFFICE_PATHS.jobSheet}?${new URLSearchParams({ [JOB_SHEET_TOKEN_FIELD]: move.sheet })}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin', 'X-Test-Client': client, 'X-Test-Now': moveDayNoon(move) },
    body: form,
  });
}

/** The customer's damage report from the move page, on the move's day unless `at` says otherwise. */
function damage(move: Move, client: string, note: string, at = moveDayNoon(move)): Promise<Response> {
  const form = new FormData();
  form.set('ref', move.reference);
  form.set('t', move.token);
  form.set('damageNote', note);
  return fetch(`${apiBase()}${MOVE_DAMAGE_PATH}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin', 'X-Test-Client': client, 'X-Test-Now': at },
    body: form,
  });
}

const openTasks = (reference: string) =>
  query<{ kind: string; detail: string }>(
    'SELECT kind, detail FROM office_tasks WHERE record_reference = ? AND done_at IS NULL ORDER BY id',
    reference,
  );

const search = (q: string) => officeGet(`${OFFICE_PATHS.home}?${new URLSearchParams({ q })}`);

describe('the office search', () => {
  it('answers a 300-character search with the office’s 400 page: the message by the field, what was typed kept, no list', async () => {
    const typed = 'x'.repeat(300);
    const response = await search(typed);
    expect(response.status).toBe(400);
    const html = await response.text();
    const page = readPage(html);
    expect(page.shown('search-error')).toBe(true);
    expect(html).toContain(LEAD_SEARCH_MESSAGE);
    expect(html).toContain(`value="${typed}"`);
    expect(page.shown('no-leads')).toBe(false);
    // 100 characters is the longest search run; 101 is refused.
    expect((await search('y'.repeat(100))).status).toBe(200);
    expect((await search('y'.repeat(101))).status).toBe(400);
  });

  it('never answers 500, whatever is typed (the probe had 500s for 49 to 100 bytes)', async () => {
    const pieces = ['%', '_', 'a', "'", '"', '\\', '[', '*', 'é', '🙂', ' '];
    for (let length = 1; length <= 100; length += 3) {
      // `length` as the browser's maxlength counts it (UTF-16 code units: the emoji is two), trimmed as the list trims.
      let q = 'x';
      for (let i = 0; q.length < length; i += 1) q = `${q}${pieces[(i * 7 + length) % pieces.length]}`.slice(0, length);
      q = `${q.slice(0, -1)}x`;
      const response = await search(q);
      expect(response.status, `${length} characters: ${q}`).toBe(200);
      await response.arrayBuffer();
    }
  });

  it('matches `%` and `_` as typed, never as wildcards', async () => {
    const tag = unique('wild').replaceAll('-', '');
    const underscored = await quoted({ email: `${tag}_x@example.com` });
    const plain = await quoted({ email: `${tag}ax@example.com` });
    // Rows of the list of every lead (the to-do list above it shows new leads whatever the search).
    const listed = async (q: string) => {
      const list = (await (await search(q)).text()).split('data-show="leads"')[1] ?? '';
      return [underscored.reference, plain.reference].filter((reference) => list.includes(`data-lead="${reference}"`));
    };
    expect(await listed(`${tag}_x`)).toEqual([underscored.reference]);
    // As LIKE patterns both would have matched both addresses.
    expect(await listed(`${tag}%x`)).toEqual([]);
    expect(await listed(`${tag}_`)).toEqual([underscored.reference]);
    expect(await listed(tag)).toEqual([underscored.reference, plain.reference]);
  });
});

describe('signing out of the office', () => {
  it('everywhere ends every session of that member, on every device, with an audit line', async () => {
    const email = `${unique('everywhere')}@example.com`;
    expect((await officePost(`${OFFICE_PATHS.staff}/add`, { name: 'Rhys Evans', email })).status).toBe(303);
    const laptop = await signInStaff(email);
    const phone = await signInStaff(email);
    expect((await officeGet(OFFICE_PATHS.home, laptop)).status).toBe(200);
    expect((await officeGet(OFFICE_PATHS.home, phone)).status).toBe(200);

    const signedOut = await officePost(OFFICE_PATHS.signOutEverywhere, {}, phone);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('Location')).toBe('/login');
    // A stale staff cookie meets the 404 that hides the office.
    expect((await officeGet(OFFICE_PATHS.home, laptop)).status).toBe(404);
    expect((await officeGet(OFFICE_PATHS.home, phone)).status).toBe(404);
    expect(query("SELECT 1 FROM sessions WHERE email = ? AND role = 'staff'", email)).toEqual([]);
    expect(query('SELECT action FROM audit_log WHERE actor = ? ORDER BY id DESC LIMIT 1', email)).toEqual([
      { action: 'signed_out_everywhere' },
    ]);
    // The owner's own session is untouched.
    expect((await officeGet(OFFICE_PATHS.home)).status).toBe(200);
  });

  it('on one device leaves the others signed in', async () => {
    const email = `${unique('one-device')}@example.com`;
    expect((await officePost(`${OFFICE_PATHS.staff}/add`, { name: 'Cerys Evans', email })).status).toBe(303);
    const laptop = await signInStaff(email);
    const phone = await signInStaff(email);
    expect((await officePost(OFFICE_PATHS.signOut, {}, phone)).status).toBe(303);
    expect((await officeGet(OFFICE_PATHS.home, phone)).status).toBe(404);
    expect((await officeGet(OFFICE_PATHS.home, laptop)).status).toBe(200);
  });
});

describe('pages whose address carries a token', () => {
  it('the move page sends no referrer, and its forms still post (the browser sends `Origin: null`)', async () => {
    const move = await quoted();
    const page = await fetch(`${apiBase()}${PAGE_PATHS.confirmation}?${new URLSearchParams({ ref: move.reference, t: move.token })}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('Referrer-Policy')).toBe('no-referrer');
    await page.arrayBuffer();
    const booked = await fetch(`${apiBase()}${PAGE_PATHS.confirmation}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'null', 'Sec-Fetch-Site': 'same-origin' },
      body: new URLSearchParams({ ref: move.reference, t: move.token, action: 'book' }).toString(),
    });
    expect(booked.status).toBe(303);
    // Another site's post is still refused.
    const forged = await fetch(`${apiBase()}${PAGE_PATHS.confirmation}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
      body: new URLSearchParams({ ref: move.reference, t: move.token, action: 'cancel' }).toString(),
    });
    expect(forged.status).toBe(403);
  });
});

describe('the job sheet and the damage report under a flood', () => {
  it('refuses a client’s posts after 30 in a minute, across links (the probe sent 130 in 20 s)', async () => {
    const moves = [await bookedWithSheet(), await bookedWithSheet(), await bookedWithSheet()];
    const client = unique('flood');
    let sent = 0;
    // Round the three links, so no link meets its own limit of 20 first.
    const refused = await expectLimitedAfter(30, () => problem(moves[sent++ % 3]!, client, `Scuffed door frame ${sent}`), 60, 303);
    expect(refused.headers.get('Retry-After')).toBe('60');
    expect(await refused.text()).toContain(JOB_SHEET_MESSAGES.tooFast);
    // Another phone is not held back by this one.
    expect((await problem(moves[0]!, unique('other-phone'), 'Cracked tile')).status).toBe(303);
  });

  it('refuses a link’s posts after 20 in a minute, from any number of clients, and makes one to-do of them all', async () => {
    const move = await bookedWithSheet();
    let sent = 0;
    await expectLimitedAfter(20, () => problem(move, unique('client'), `Dent in the lift ${++sent}`), 60, 303);
    const reports = query<{ n: number }>("SELECT COUNT(*) AS n FROM job_reports WHERE reference = ? AND kind = 'problem'", move.reference);
    const tasks = openTasks(move.reference);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]!.kind).toBe('job_problem');
    // Each report is in the history; the one to-do says how many, with the latest note.
    expect(tasks[0]!.detail).toBe(`Latest of ${reports[0]!.n} reports: Dent in the lift ${reports[0]!.n}`);
  });

  it('takes at most 30 reports a day for a move, from the sheet and the move page together', async () => {
    const move = await bookedWithSheet();
    for (let i = 1; i <= 20; i += 1) expect((await problem(move, unique('crew'), `Crew report ${i}`)).status, `crew ${i}`).toBe(303);
    for (let i = 1; i <= 10; i += 1)
      expect((await damage(move, unique('customer'), `Customer report ${i}`)).status, `customer ${i}`).toBe(303);
    const refused = await damage(move, unique('customer'), 'One too many');
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(JOB_SHEET_MESSAGES.reportsToday);
    expect(query('SELECT 1 FROM job_reports WHERE reference = ?', move.reference)).toHaveLength(30);
    // One to-do for the crew's twenty, one for the customer's ten.
    expect(openTasks(move.reference).map((task) => task.kind)).toEqual(['job_problem', 'customer_damage']);
    // The next day counts afresh.
    const nextDay = new Date(londonDayStart(addDays(move.moveDate, 1)).getTime() + 9 * 3_600_000).toISOString();
    expect((await damage(move, unique('customer'), 'A chip found the day after', nextDay)).status).toBe(303);
  });

  it('takes at most 30 photos a day for a move; a report without photos still goes', async () => {
    const move = await bookedWithSheet();
    for (let i = 1; i <= 10; i += 1) expect((await problem(move, unique('crew'), `Photos ${i}`, 3)).status, `report ${i}`).toBe(303);
    const refused = await problem(move, unique('crew'), 'One photo more', 1);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(JOB_SHEET_MESSAGES.photosToday);
    expect((await problem(move, unique('crew'), 'Words only')).status).toBe(303);
    const photos = query<{ n: number }>(
      'SELECT SUM(json_array_length(photos)) AS n FROM job_reports WHERE reference = ? AND photos IS NOT NULL',
      move.reference,
    );
    expect(photos).toEqual([{ n: 30 }]);
  });
});
