/**
 * After a move is booked (issue 34 items 4 and 5) over HTTP: the cron trigger's reminders 7 and 2 days before the day,
 * each sent once; after the crew's "Job done", the review request, once, and the review taken before the date has
 * passed. The move is booked through the office's diary, on a day no other test uses (diary-days.ts).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS, PAGE_PATHS, type QuoteAnswer } from '~/lib/api';
import { addDays, londonDayStart } from '~/lib/dates';
import { DIARY_BOOK_PATH } from '~/lib/office/diary-forms';
import { JOB_SHEET_TOKEN_FIELD, OFFICE_PATHS } from '~/lib/office/paths';
import { diaryDay } from '../shared/diary-days';
import { apiBase, call, delivered, emailsTo, query, runCron, unique, validQuote } from './helpers';
import { readPage } from './html';
import { officePost, ownerSignedIn } from './office';

const FORM = 'application/x-www-form-urlencoded';

const LEAD = `Priya ${unique('Shah')}`;
const VAN = `RM71-${unique('v').slice(-6)}`;
let crew: { id: number };
let van: { id: number };

// A cron run at a later clock ends the owner's session: each test signs in again if it has.
beforeEach(ownerSignedIn);

beforeAll(async () => {
  expect((await officePost(OFFICE_PATHS.diary, { action: 'add-crew', leadName: LEAD, size: '2' })).status).toBe(303);
  expect((await officePost(OFFICE_PATHS.diary, { action: 'add-van', vanName: VAN, vanSize: 'medium' })).status).toBe(303);
  crew = query<{ id: number }>('SELECT id FROM crews WHERE lead_name = ?', LEAD)[0]!;
  van = query<{ id: number }>('SELECT id FROM vans WHERE name = ?', VAN)[0]!;
});

interface Booked {
  answer: QuoteAnswer;
  email: string;
  day: string;
}

async function bookedMove(): Promise<Booked> {
  const day = diaryDay();
  const email = `${unique('remind')}@example.com`;
  const response = await call(API_PATHS.quote, validQuote({ moveDate: day, email, name: 'Tomasz Nowak' }));
  expect(response.status).toBe(201);
  const answer = (await response.json()) as QuoteAnswer;
  const fields = {
    ref: answer.reference,
    intent: 'book',
    crew: String(crew.id),
    van: String(van.id),
    window: '10-12',
    unpaidReason: 'Booked by phone',
  };
  expect((await officePost(DIARY_BOOK_PATH, fields)).status).toBe(303);
  await delivered(answer.reference);
  return { answer, email, day };
}

/** Noon, UK time, `days` before the move's day. */
const daysBefore = (day: string, days: number) => new Date(londonDayStart(addDays(day, -days)).getTime() + 12 * 60 * 60 * 1000);

const reminders = async (move: Booked, days: number) => {
  await delivered(move.answer.reference);
  return (await emailsTo(move.email)).filter((each) => each.subject.includes(`${days} days to go`));
};

describe('reminders before a booked move', () => {
  it('go 7 and 2 days before, once each, with the date, the crew and the arrival window', async () => {
    const move = await bookedMove();
    // Eight days before: nothing yet.
    await runCron(daysBefore(move.day, 8));
    expect(await reminders(move, 7)).toEqual([]);

    await runCron(daysBefore(move.day, 7));
    await runCron(daysBefore(move.day, 7));
    const week = await reminders(move, 7);
    expect(week).toHaveLength(1);
    // Worked by hand: the customer's first name, the crew lead's first name (never the surname), size, van and window.
    expect(week[0]!.text).toContain('Tomasz, your move is in 7 days');
    expect(week[0]!.text).toContain('crew of 2 led by Priya (Medium van), arriving 10 am–12 noon');
    expect(week[0]!.text).not.toContain(LEAD.split(' ')[1]);
    expect(week[0]!.text).toMatch(/See your move: https?:\/\/\S+\/quote-confirmation\?/);
    expect(week[0]!.text).not.toContain('Balance to pay');

    await runCron(daysBefore(move.day, 2));
    await runCron(daysBefore(move.day, 2));
    expect(await reminders(move, 2)).toHaveLength(1);
    expect(await reminders(move, 7)).toHaveLength(1);
  });

  it('a move that is not booked gets none', async () => {
    const day = diaryDay();
    const email = `${unique('quoted')}@example.com`;
    const response = await call(API_PATHS.quote, validQuote({ moveDate: day, email }));
    const answer = (await response.json()) as QuoteAnswer;
    await runCron(daysBefore(day, 7));
    await delivered(answer.reference);
    expect((await emailsTo(email)).filter((each) => each.subject.includes('days to go'))).toEqual([]);
  });
});

/** The crew's job sheet link the office makes, as the office manager copies it from the page. */
async function jobSheetToken(reference: string): Promise<string> {
  const made = await officePost(OFFICE_PATHS.jobSheetLink, { ref: reference });
  expect(made.status).toBe(200);
  return new URL(
    readPage(await made.text())
      .filled('job-sheet-link')
      .trim(),
  ).searchParams.get(JOB_SHEET_TOKEN_FIELD)!;
}

/** As the crew lead's phone posts from the sheet (a no-referrer page: `Origin: null`). */
/** On the move day at 17:00 UK time: "Job done" is refused before the day (issue 40 item 4). */
const jobDone = (token: string, note: string, day: string) =>
  fetch(`${apiBase()}${OFFICE_PATHS.jobSheet}?${new URLSearchParams({ [JOB_SHEET_TOKEN_FIELD]: token })}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Origin: 'null',
      'Sec-Fetch-Site': 'same-origin',
      'Content-Type': FORM,
      'X-Test-Now': new Date(londonDayStart(day).getTime() + 17 * 3_600_000).toISOString(),
    },
    body: new URLSearchParams({ action: 'done', note }),
  });

const customerPost = (answer: QuoteAnswer, fields: Record<string, string>) =>
  fetch(`${apiBase()}${PAGE_PATHS.confirmation}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': FORM, Origin: apiBase() },
    body: new URLSearchParams({ ref: answer.reference, t: new URL(answer.confirmationUrl, apiBase()).searchParams.get('t')!, ...fields }),
  });

const movePage = async (answer: QuoteAnswer) => readPage(await (await fetch(new URL(answer.confirmationUrl, apiBase()))).text());

describe('after "Job done"', () => {
  it('the customer is asked for a review once, and may leave it though the move date has not passed', async () => {
    const move = await bookedMove();
    const { reference } = move.answer;
    // Before the job is done, the move is still ahead: no review.
    expect((await movePage(move.answer)).shown('act:review')).toBe(false);

    const token = await jobSheetToken(reference);
    expect((await jobDone(token, 'All in, no damage.', move.day)).status).toBe(303);
    // A second press (a double tap in the van) asks nothing again.
    expect((await jobDone(token, '', move.day)).status).toBe(303);
    await delivered(reference);
    const asked = (await emailsTo(move.email)).filter((each) => each.subject.includes('how did it go?'));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.subject).toBe(`Your Shiftly move ${reference}: how did it go?`);
    expect(asked[0]!.text).toContain('Tomasz, thank you for moving with Shiftly.');
    const link = new URL(/Review your move: (https?:\/\/\S+)/.exec(asked[0]!.text)![1]!);
    expect(link.pathname).toBe(PAGE_PATHS.confirmation);

    // The move page's review form is there, and takes the review, though the move date has not passed (today, here).
    expect((await movePage(move.answer)).shown('act:review')).toBe(true);
    const words = 'Quick, careful and friendly from start to finish.';
    expect((await customerPost(move.answer, { action: 'review', rating: '5', reviewText: words })).status).toBe(303);
    expect(query('SELECT rating, text, status FROM move_reviews WHERE reference = ?', reference)).toEqual([
      { rating: 5, text: words, status: 'pending' },
    ]);
  });
});
