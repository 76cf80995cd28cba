/**
 * The customer's damage report from the move page (issue 34 item 5) over HTTP: a booked move (booked through the
 * office's diary, on a day no other test uses) takes a report with photos from its day until 7 days after it; the
 * report, its to-do and its audit line are read from D1, the photo back through the office's staff-only route.
 */
import { describe, expect, it } from 'vitest';
import { API_PATHS, PAGE_PATHS, type QuoteAnswer } from '~/lib/api';
import { addDays, londonDayStart } from '~/lib/dates';
import { DAMAGE_REFUSALS, DONE_NOTICES, MOVE_DAMAGE_PATH } from '~/lib/move-status';
import { JOB_SHEET_MESSAGES } from '~/lib/office/job-sheet';
import { OFFICE_PATHS } from '~/lib/office/paths';
import { diaryDay } from '../shared/diary-days';
import { bookInDiary } from '../shared/office-posts';
import { apiBase, call, query, unique, validQuote } from './helpers';
import { readPage } from './html';
import { officeGet, officePost, ownerCookie } from './office';

interface Move {
  reference: string;
  token: string;
  moveDate: string;
}

async function bookedMove(): Promise<Move> {
  const moveDate = diaryDay();
  const response = await call(API_PATHS.quote, validQuote({ moveDate, email: `${unique('damage')}@example.com`, name: 'Ruth Adeyemi' }));
  expect(response.status).toBe(201);
  const answer = (await response.json()) as QuoteAnswer;
  const token = new URL(answer.confirmationUrl, apiBase()).searchParams.get('t')!;
  const booking = { crewLead: `Dev ${unique('Patel')}`, crewSize: 2, van: `LV72 ${unique('DMG')}`, window: '08-10' };
  await bookInDiary({ base: apiBase(), session: ownerCookie() }, { reference: answer.reference, moveDate }, booking);
  return { reference: answer.reference, token, moveDate };
}

/** Noon, UK time, `days` after the move's day (negative: before it). */
const dayAfter = (move: Move, days: number) => new Date(londonDayStart(addDays(move.moveDate, days)).getTime() + 12 * 60 * 60 * 1000);

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function damageForm(move: Move, note: string, photo?: typeof PNG, token = move.token): FormData {
  const form = new FormData();
  form.set('ref', move.reference);
  form.set('t', token);
  form.set('damageNote', note);
  if (photo) form.append('photos', new Blob([photo], { type: 'image/png' }), 'mirror.png');
  return form;
}

/** As the move page's browser posts it: the page is sent with no referrer, so `Origin: null` and Fetch Metadata. */
const postDamage = (form: FormData, at: Date) =>
  fetch(`${apiBase()}${MOVE_DAMAGE_PATH}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin', 'X-Test-Now': at.toISOString() },
    body: form,
  });

const movePage = (move: Move, at: Date, extra: Record<string, string> = {}) =>
  fetch(`${apiBase()}${PAGE_PATHS.confirmation}?${new URLSearchParams({ ref: move.reference, t: move.token, ...extra })}`, {
    headers: { 'X-Test-Now': at.toISOString() },
  });

const rows = (move: Move) => ({
  reports: query('SELECT 1 FROM job_reports WHERE reference = ?', move.reference),
  tasks: query('SELECT 1 FROM office_tasks WHERE record_reference = ?', move.reference),
});

describe('a damage report from the move page', () => {
  it('is stored with its photo, a to-do and an audit line, and the page thanks the customer', async () => {
    const move = await bookedMove();
    const onTheDay = dayAfter(move, 0);
    expect(await (await movePage(move, onTheDay)).text()).toContain(`action="${MOVE_DAMAGE_PATH}"`);

    const note = 'The hall mirror arrived cracked';
    const sent = await postDamage(damageForm(move, note, PNG), dayAfter(move, 3));
    expect(sent.status).toBe(303);
    const location = new URL(sent.headers.get('Location')!, apiBase());
    expect(location.pathname).toBe(PAGE_PATHS.confirmation);
    expect(location.searchParams.get('done')).toBe('damage_reported');
    const thanked = await (await movePage(move, dayAfter(move, 3), { done: 'damage_reported' })).text();
    expect(thanked).toContain('Thank you: we have your report; the office will be in touch.');
    expect(DONE_NOTICES.damage_reported).toBe('Thank you: we have your report; the office will be in touch.');

    const [report] = query<{ note: string; photos: string }>(
      "SELECT note, photos FROM job_reports WHERE reference = ? AND kind = 'customer_damage'",
      move.reference,
    );
    expect(report!.note).toBe(note);
    const [key] = JSON.parse(report!.photos) as string[];
    expect(key).toMatch(new RegExp(`^job-photos/${move.reference}/[0-9a-f-]{36}\\.png$`));
    expect(query('SELECT kind, detail FROM office_tasks WHERE record_reference = ?', move.reference)).toEqual([
      { kind: 'customer_damage', detail: note },
    ]);
    expect(query("SELECT actor, detail FROM audit_log WHERE record_reference = ? AND action = 'customer_damage'", move.reference)).toEqual([
      { actor: 'customer', detail: `Damage reported by the customer: ${note} (1 photo)` },
    ]);

    const photoPath = `${OFFICE_PATHS.jobPhoto}?${new URLSearchParams({ key: key! })}`;
    const photo = await officeGet(photoPath);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetch(`${apiBase()}${photoPath}`, { redirect: 'manual' })).status).not.toBe(200);
    // The office's job sheet section lists it, labelled as the customer's, with its photo.
    const section = await (await officePost(OFFICE_PATHS.jobSheetLink, { ref: move.reference })).text();
    expect(section).toContain('Damage reported by the customer');
    expect(section).toContain(note);
    expect(section).toContain(`src="${photoPath.replace(/&/g, '&amp;')}"`);
  });

  it('is refused before the move date and 8 days after it, and the form is not on the page then', async () => {
    const move = await bookedMove();
    for (const [at, message] of [
      [dayAfter(move, -1), DAMAGE_REFUSALS.notMovedYet],
      [dayAfter(move, 8), DAMAGE_REFUSALS.tooLate],
    ] as const) {
      expect(await (await movePage(move, at)).text()).not.toContain(`action="${MOVE_DAMAGE_PATH}"`);
      const refused = await postDamage(damageForm(move, 'A chair leg snapped', PNG), at);
      expect(refused.status).toBe(409);
      expect(readPage(await refused.text()).filled('error:form')).toContain(message);
    }
    // The seventh day after is still inside.
    expect(await (await movePage(move, dayAfter(move, 7))).text()).toContain(`action="${MOVE_DAMAGE_PATH}"`);
    expect(rows(move)).toEqual({ reports: [], tasks: [] });
  });

  it('needs a description, tied to its field', async () => {
    const move = await bookedMove();
    const refused = await postDamage(damageForm(move, '   ', PNG), dayAfter(move, 1));
    expect(refused.status).toBe(400);
    const page = readPage(await refused.text());
    expect(page.filled('error:damageNote')).toBe(JOB_SHEET_MESSAGES.noteRequired);
    expect(rows(move)).toEqual({ reports: [], tasks: [] });
  });

  it('answers a wrong token with the site’s 404', async () => {
    const move = await bookedMove();
    const wrong = await postDamage(damageForm(move, 'A lamp was broken', PNG, 'x'.repeat(move.token.length)), dayAfter(move, 1));
    expect(wrong.status).toBe(404);
    expect(rows(move)).toEqual({ reports: [], tasks: [] });
  });

  it('answers a body that says multipart but is not a form with the error shape, and stores nothing', async () => {
    const move = await bookedMove();
    // The request pipeline's multipart mode: read, counted, from the page, multipart by its type, but no part in it, so
    // unreadable: 400 invalid_body (only a crafted request sends this, so no page).
    const crafted = await fetch(`${apiBase()}${MOVE_DAMAGE_PATH}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        Origin: 'null',
        'Sec-Fetch-Site': 'same-origin',
        'Content-Type': 'multipart/form-data; boundary=----nothing-here',
        'X-Test-Now': dayAfter(move, 1).toISOString(),
        'X-Test-Client': unique('crafted'),
      },
      body: `ref=${move.reference}&t=${move.token}&damageNote=A+lamp`,
    });
    expect(crafted.status).toBe(400);
    expect(((await crafted.json()) as { error: { code: string } }).error.code).toBe('invalid_body');
    expect(rows(move)).toEqual({ reports: [], tasks: [] });
  });
});
