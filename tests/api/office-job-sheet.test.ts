/**
 * The crew's job sheet (issue 33 item 5) over HTTP: the office makes the link once the move is booked in the diary, the
 * sheet opens with it (and with nothing else), and the crew's three reports land where the spec says: the customer's
 * e-mail and move page, the lead's stage and to-dos, the audit trail, R2. Rows are read from D1, e-mails from the mail
 * catcher, photos back through the office's own route.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '~/lib/account';
import { API_PATHS, PAGE_PATHS, type QuoteAnswer } from '~/lib/api';
import { addDays, londonDayStart } from '~/lib/dates';
import { JOB_SHEET_MESSAGES, JOB_SHEET_NOTICES } from '~/lib/office/job-sheet';
import { JOB_SHEET_TOKEN_FIELD, OFFICE_PATHS } from '~/lib/office/paths';
import { diaryDay, WEEKDAY } from '../shared/diary-days';
import { bookInDiary } from '../shared/office-posts';
import { postForm } from './bookings';
import { apiBase, call, emailsTo, query, runCron, secondsFromNow, unique, validQuote } from './helpers';
import { readPage } from './html';
import { officeGet, officePost, ownerCookie } from './office';
import { COOKIE, post, signIn } from './sign-in';

const FORM = 'application/x-www-form-urlencoded';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Move {
  reference: string;
  email: string;
  moveDate: string;
  answer: QuoteAnswer;
}

async function quoteFor(moveDate = diaryDay(WEEKDAY)): Promise<Move> {
  const email = `${unique('crew')}@example.com`;
  const response = await call(
    API_PATHS.quote,
    validQuote({
      email,
      moveDate,
      name: 'Nia Okafor',
      phone: '07700 900456',
      fromAddress: '12 Acacia Avenue',
      toAddress: 'Flat 3, 9 Mill Lane',
      fromFloor: 'third',
      fromLift: 'no',
      fromCarry: 'yes',
    }),
  );
  expect(response.status).toBe(201);
  const answer = (await response.json()) as QuoteAnswer;
  return { reference: answer.reference, email, moveDate, answer };
}

/** Booked by the owner in the diary, as the office does it: a crew and a van added, then the move's booking form. */
async function bookedMove(): Promise<Move & { crewLead: string; van: string }> {
  const move = await quoteFor();
  // Names of this move's own, so the owner picks its crew and van on the booking form.
  const booking = { crewLead: `Samira ${unique('Khan')}`, crewSize: 3, van: `LV71 ${unique('KFP')}`, window: '08-10' };
  await bookInDiary({ base: apiBase(), session: ownerCookie() }, move, booking);
  return { ...move, crewLead: booking.crewLead, van: booking.van };
}

const makeLink = (reference: string) => officePost(OFFICE_PATHS.jobSheetLink, { ref: reference });

/** The link on the page that answered the office's post, as the office manager copies it. */
async function linkFor(reference: string): Promise<string> {
  const response = await makeLink(reference);
  expect(response.status).toBe(200);
  expect(response.headers.get('Location')).toBeNull();
  const url = new URL(
    readPage(await response.text())
      .filled('job-sheet-link')
      .trim(),
  );
  expect(url.pathname).toBe(OFFICE_PATHS.jobSheet);
  return url.searchParams.get(JOB_SHEET_TOKEN_FIELD)!;
}

const sheetPath = (token: string) => `${OFFICE_PATHS.jobSheet}?${new URLSearchParams({ [JOB_SHEET_TOKEN_FIELD]: token })}`;
const openSheet = (token: string, headers: Record<string, string> = {}) =>
  fetch(`${apiBase()}${sheetPath(token)}`, { redirect: 'manual', headers });

/** As a phone's browser posts from the sheet: its no-referrer page sends `Origin: null`, and Fetch Metadata. */
/** The move's day at 10:00 UK time: the moving-day buttons show, and are taken, on that day only. */
const moveDayClock = (move: { moveDate: string }) => ({
  'X-Test-Now': new Date(londonDayStart(move.moveDate).getTime() + 10 * 3_600_000).toISOString(),
});

const report = (token: string, body: URLSearchParams | FormData, headers: Record<string, string> = {}) =>
  fetch(`${apiBase()}${sheetPath(token)}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Origin: 'null',
      'Sec-Fetch-Site': 'same-origin',
      ...(body instanceof URLSearchParams ? { 'Content-Type': FORM } : {}),
      ...headers,
    },
    body,
  });

/** The site's ordinary 404, as the same visitor gets it for an unknown page (a signed-in customer's header differs). */
async function expectNotFound(response: Response, cookie?: string): Promise<void> {
  expect(response.status).toBe(404);
  const unknown = await fetch(`${apiBase()}/no-such-page-${unique('x')}`, { headers: cookie ? { Cookie: cookie } : {} });
  expect(unknown.status).toBe(404);
  expect(await response.text()).toBe(await unknown.text());
}

describe('the job sheet link', () => {
  it('opens the booked move’s sheet: addresses, access, items, the customer and the day, privately', async () => {
    const move = await bookedMove();
    const token = await linkFor(move.reference);
    const stored = query<{ token_hash: string; expires_at: string }>(
      'SELECT token_hash, expires_at FROM job_sheet_tokens WHERE reference = ?',
      move.reference,
    );
    expect(stored).toEqual([{ token_hash: sha256(token), expires_at: londonDayStart(addDays(move.moveDate, 2)).toISOString() }]);

    const response = await openSheet(token, moveDayClock(move));
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(response.headers.get('X-Robots-Tag')).toBe('noindex');
    const html = await response.text();
    // Two small inline scripts, each allowed by its hash in the policy and neither needed: the location offer on "On our
    // way" (issue 44 item 2) and the condition record's signature pad (item 5); no file to fetch.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, body]) => ({
      attributes: attributes ?? '',
      body: body ?? '',
    }));
    expect(scripts).toHaveLength(2);
    const scriptSrc = response.headers
      .get('Content-Security-Policy')!
      .split(';')
      .find((each) => each.trim().startsWith('script-src'));
    for (const { attributes, body } of scripts) {
      expect(attributes).not.toContain('src=');
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
    expect(scripts.find(({ body }) => body.includes('getCurrentPosition'))!.body.length).toBeLessThan(1500);
    expect(scripts.some(({ body }) => body.includes('[data-signature-pad]'))).toBe(true);
    expect(response.headers.get('Permissions-Policy')).toContain('geolocation=(self)');
    const page = readPage(html);
    expect(page.filled('reference')).toBe(move.reference);
    // Both full addresses, one part a line, each with plain links to the phone's maps (issue 40 item 1).
    expect(page.filled('from')).toBe('12 Acacia Avenue\nLondon\nSW1A 1AA');
    expect(page.filled('to')).toBe('Flat 3, 9 Mill Lane\nManchester\nM1 1AE');
    expect(html).toContain('href="https://www.google.com/maps/dir/?api=1&amp;destination=Flat+3%2C+9+Mill+Lane%2C+Manchester%2C+M1+1AE"');
    expect(html).toContain('href="https://maps.apple.com/?daddr=12+Acacia+Avenue%2C+London%2C+SW1A+1AA"');
    // The access at each end, and the price's lines: the estimate's until a written quote is sent.
    expect(page.filled('from-access')).toBe('3rd floor, no lift, long carry: yes, over 20 metres');
    expect(page.filled('to-access')).toBe('None given');
    // A studio with a sofa and a wardrobe, SW1A 1AA to M1 1AE on a weekday: £349 + £344 + £290, with 3 floors without a
    // lift (3 × £20) and a long carry (£25) at collection: £983 + £85 = £1,068.
    expect(page.filled('price-total')).toBe('£1,068');
    expect(page.filled('customer')).toBe('Nia Okafor');
    expect(page.filled('phone')).toBe('07700 900456');
    expect(html).toContain('href="tel:07700900456"');
    expect(page.filled('furniture')).toBe('Sofa, Wardrobe');
    expect(page.filled('arrival')).toBe('8–10 am');
    expect(page.filled('crew')).toBe(`${move.crewLead} (crew of 3)`);
    // bookInDiary's van is a Luton: the crew read the size in words.
    expect(page.filled('van')).toBe(`${move.van} (Luton van)`);
  });

  it('is not made for a move the diary has not booked', async () => {
    const move = await quoteFor();
    const response = await makeLink(move.reference);
    expect(response.status).toBe(409);
    const page = readPage(await response.text());
    expect(page.shown('job-sheet-not-booked')).toBe(true);
    expect(page.shown('job-sheet-made')).toBe(false);
    expect(query('SELECT 1 FROM job_sheet_tokens WHERE reference = ?', move.reference)).toEqual([]);
  });

  it('gives the site’s 404 for a wrong, an expired or a revoked token', async () => {
    const move = await bookedMove();
    const first = await linkFor(move.reference);
    await expectNotFound(await openSheet(`${first.slice(0, -1)}${first.endsWith('A') ? 'B' : 'A'}`));
    await expectNotFound(await openSheet('short'));
    // The last moment of the day after the move still opens it; the first of the next day does not.
    const end = londonDayStart(addDays(move.moveDate, 2)).getTime();
    expect((await openSheet(first, { 'X-Test-Now': new Date(end - 1000).toISOString() })).status).toBe(200);
    await expectNotFound(await openSheet(first, { 'X-Test-Now': new Date(end).toISOString() }));
    // A new link revokes the old.
    const second = await linkFor(move.reference);
    await expectNotFound(await openSheet(first));
    expect((await openSheet(second)).status).toBe(200);
    await expectNotFound(await report(first, new URLSearchParams({ action: 'on_our_way', eta: '09:15' })));
    expect(query('SELECT 1 FROM job_reports WHERE reference = ?', move.reference)).toEqual([]);
  });

  it('is the office’s alone: a customer’s session and a signed-out visitor cannot make one', async () => {
    const move = await bookedMove();
    const customer = await signIn(move.email);
    const asCustomer = await officePost(OFFICE_PATHS.jobSheetLink, { ref: move.reference }, null, { Cookie: `${COOKIE}=${customer}` });
    await expectNotFound(asCustomer, `${COOKIE}=${customer}`);
    const signedOut = await officePost(OFFICE_PATHS.jobSheetLink, { ref: move.reference }, null);
    expect(signedOut.status).toBe(303);
    expect(query('SELECT 1 FROM job_sheet_tokens WHERE reference = ?', move.reference)).toEqual([]);
  });
});

describe('the crew’s reports', () => {
  it('On our way e-mails the customer the crew lead’s first name and the time, and shows on the move page', async () => {
    const move = await bookedMove();
    const token = await linkFor(move.reference);
    const refused = await report(token, new URLSearchParams({ action: 'on_our_way', eta: '25:00' }), moveDayClock(move));
    expect(refused.status).toBe(400);
    const again = readPage(await refused.text());
    expect(again.filled('error:eta')).toBe(JOB_SHEET_MESSAGES.eta);

    const sent = await report(token, new URLSearchParams({ action: 'on_our_way', eta: '09:45' }), moveDayClock(move));
    expect(sent.status).toBe(303);
    const back = new URL(sent.headers.get('Location')!, apiBase());
    expect(back.pathname).toBe(OFFICE_PATHS.jobSheet);
    expect(back.searchParams.get('done')).toBe('on_our_way');
    expect(readPage(await (await fetch(back, { headers: moveDayClock(move) })).text()).filled('notice')).toBe(JOB_SHEET_NOTICES.on_our_way);

    const line = 'your crew, led by Samira, is on the way and expects to arrive at about 09:45';
    await expect.poll(async () => (await emailsTo(move.email)).find((e) => e.subject.includes('your crew is on the way'))).toBeDefined();
    const email = (await emailsTo(move.email)).find((e) => e.subject.includes('your crew is on the way'))!;
    expect(email.text).toContain(`Nia, ${line}.`);
    expect(email.text).not.toContain('Khan');
    expect(email.text).toMatch(/quote-confirmation\?ref=/);
    const movePage = await (await fetch(new URL(move.answer.confirmationUrl, apiBase()))).text();
    expect(movePage).toContain('Your crew, led by Samira, is on the way and expects to arrive at about 09:45');
    expect(query('SELECT actor FROM audit_log WHERE record_reference = ? ORDER BY id DESC LIMIT 1', move.reference)).toEqual([
      { actor: 'crew:Samira' },
    ]);
  });

  it('Job done before the move day is refused and changes nothing (issue 40 item 4)', async () => {
    const move = await bookedMove();
    const token = await linkFor(move.reference);
    // The day before the move, at 16:00 in London.
    const dayBefore = { 'X-Test-Now': new Date(londonDayStart(move.moveDate).getTime() - 8 * 3_600_000).toISOString() };
    const early = await report(token, new URLSearchParams({ action: 'done', note: 'Pressed a day early' }), dayBefore);
    expect(early.status).toBe(400);
    const page = readPage(await early.text());
    // moveDate is a yyyy-mm-dd; the sheet says it in words, e.g. "Tuesday 15 December 2026".
    const words = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
      .format(new Date(`${move.moveDate}T12:00:00Z`))
      .replace(',', '');
    expect(page.filled('error:day')).toBe(`Not yet: this move is on ${words}. Mark the job done on the day, once the work is finished.`);
    expect(query('SELECT kind FROM job_reports WHERE reference = ?', move.reference)).toEqual([]);
    expect(query('SELECT stage FROM office_leads WHERE reference = ?', move.reference)).toEqual([{ stage: 'booked' }]);
    expect(query("SELECT 1 FROM office_tasks WHERE record_reference = ? AND kind = 'job_done'", move.reference)).toEqual([]);
    expect(query("SELECT 1 FROM email_outbox WHERE record_reference = ? AND idempotency_key LIKE '%review%'", move.reference)).toEqual([]);
  });

  it('Job done on the move day moves the lead to done and leaves the office a to-do', async () => {
    const move = await bookedMove();
    const token = await linkFor(move.reference);
    const onTheDay = { 'X-Test-Now': new Date(londonDayStart(move.moveDate).getTime() + 15 * 3_600_000).toISOString() };
    const done = await report(token, new URLSearchParams({ action: 'done', note: 'All in, keys left with the neighbour' }), onTheDay);
    expect(done.status).toBe(303);
    expect(new URL(done.headers.get('Location')!, apiBase()).searchParams.get('done')).toBe('done');
    expect(query('SELECT stage FROM office_leads WHERE reference = ?', move.reference)).toEqual([{ stage: 'done' }]);
    expect(query('SELECT kind, detail, done_at FROM office_tasks WHERE record_reference = ?', move.reference)).toEqual([
      { kind: 'job_done', detail: 'All in, keys left with the neighbour', done_at: null },
    ]);
    expect(query('SELECT kind, note FROM job_reports WHERE reference = ?', move.reference)).toEqual([
      { kind: 'done', note: 'All in, keys left with the neighbour' },
    ]);
    expect(query('SELECT actor, detail FROM audit_log WHERE record_reference = ? ORDER BY id DESC LIMIT 1', move.reference)).toEqual([
      { actor: 'crew:Samira', detail: 'Job done: All in, keys left with the neighbour' },
    ]);
  });

  it('a problem with a photo keeps the photo in R2, for the office only', async () => {
    const move = await bookedMove();
    const token = await linkFor(move.reference);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

    const noNote = new FormData();
    noNote.set('action', 'problem');
    noNote.set('note', ' ');
    const refused = readPage(await (await report(token, noNote)).text());
    expect(refused.filled('error:note')).toBe(JOB_SHEET_MESSAGES.noteRequired);

    const notAPhoto = new FormData();
    notAPhoto.set('action', 'problem');
    notAPhoto.set('note', 'Scratched the banister');
    notAPhoto.append('photos', new Blob(['<html>not a photo</html>'], { type: 'image/png' }), 'scratch.png');
    const wrongType = await report(token, notAPhoto);
    expect(wrongType.status).toBe(400);
    expect(readPage(await wrongType.text()).filled('error:photos')).toBe(JOB_SHEET_MESSAGES.photoType);
    expect(query('SELECT 1 FROM job_reports WHERE reference = ?', move.reference)).toEqual([]);

    const form = new FormData();
    form.set('action', 'problem');
    form.set('note', 'Scratched the banister on the way down');
    form.append('photos', new Blob([png], { type: 'image/png' }), 'banister.png');
    const sent = await report(token, form);
    expect(sent.status).toBe(303);
    const [row] = query<{ photos: string; note: string }>(
      "SELECT photos, note FROM job_reports WHERE reference = ? AND kind = 'problem'",
      move.reference,
    );
    const [key] = JSON.parse(row!.photos) as string[];
    expect(key).toMatch(new RegExp(`^job-photos/${move.reference}/[0-9a-f-]{36}\\.png$`));
    expect(query('SELECT kind FROM office_tasks WHERE record_reference = ?', move.reference)).toEqual([{ kind: 'job_problem' }]);

    const photoPath = `${OFFICE_PATHS.jobPhoto}?${new URLSearchParams({ key: key! })}`;
    const photo = await officeGet(photoPath);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('Content-Type')).toBe('image/png');
    expect(Buffer.from(await photo.arrayBuffer()).equals(png)).toBe(true);
    // The office's section lists the report with its photo.
    const section = await (await makeLink(move.reference)).text();
    expect(section).toContain('Scratched the banister on the way down');
    expect(section).toContain(`src="${photoPath.replace(/&/g, '&amp;')}"`);

    const customer = await signIn(move.email);
    const customerCookie = `${COOKIE}=${customer}`;
    await expectNotFound(
      await fetch(`${apiBase()}${photoPath}`, { redirect: 'manual', headers: { Cookie: customerCookie } }),
      customerCookie,
    );
    const signedOut = await fetch(`${apiBase()}${photoPath}`, { redirect: 'manual' });
    expect(signedOut.status).toBe(303);

    // The customer cancels (an erasure keeps a booked move still ahead, and its reports), then erases their data: the
    // report goes with the lead, and the next cron run takes its photo from R2 (an hour on, as a photo younger than
    // that may still be waiting for its report's row).
    const t = new URL(move.answer.confirmationUrl, apiBase()).searchParams.get('t')!;
    expect((await postForm(PAGE_PATHS.confirmation, { ref: move.reference, t, action: 'cancel-confirm' })).status).toBe(303);
    expect((await post(ACCOUNT_PATHS.deleteData, customer)).status).toBe(200);
    expect(query('SELECT 1 FROM job_reports WHERE reference = ?', move.reference)).toEqual([]);
    expect((await officeGet(photoPath)).status).toBe(200);
    await runCron(secondsFromNow(2 * 3600));
    expect((await officeGet(photoPath)).status).toBe(404);
  });
});
