/** The moving day's API tests' own steps (issue 44): a booked move with its job sheet, the crew's taps, its clock. */
import { expect } from 'vitest';
import { API_PATHS, type QuoteAnswer } from '~/lib/api';
import { londonDayStart } from '~/lib/dates';
import { JOB_SHEET_TOKEN_FIELD, OFFICE_PATHS } from '~/lib/office/paths';
import { MOVE_DAY_PATH } from '~/lib/moving-day';
import { diaryDay, WEEKDAY } from '../shared/diary-days';
import { bookInDiary } from '../shared/office-posts';
import { apiBase, call, unique, validQuote } from './helpers';
import { readPage } from './html';
import { officePost, ownerCookie, ownerSignedIn } from './office';

const FORM = 'application/x-www-form-urlencoded';

export interface Move {
  reference: string;
  email: string;
  moveDate: string;
  answer: QuoteAnswer;
  sheet: string;
}

/**
 * A quote booked by the owner in the diary (crew lead Samira …, window 8–10 am), with its job sheet's token. `customer`:
 * the customer's phone as typed, whether they ticked "Text me on the day" (issue 44 item 4), and the pickup's postcode
 * (SW1A 1AA unless given).
 */
export async function bookedMove(
  crewPhone?: string,
  customer: { phone?: string; textUpdates?: boolean; fromPostcode?: string } = {},
): Promise<Move> {
  // A cron run on a later day ends the owner's session (helpers.ts runCron): signed in again if so.
  await ownerSignedIn();
  const email = `${unique('day')}@example.com`;
  const moveDate = diaryDay(WEEKDAY);
  const response = await call(
    API_PATHS.quote,
    validQuote({
      email,
      moveDate,
      name: 'Nia Okafor',
      phone: customer.phone ?? '07700 900456',
      ...(customer.textUpdates ? { textUpdates: true } : {}),
      ...(customer.fromPostcode ? { fromPostcode: customer.fromPostcode } : {}),
    }),
  );
  expect(response.status).toBe(201);
  const answer = (await response.json()) as QuoteAnswer;
  const booking = {
    crewLead: `Samira ${unique('Khan')}`,
    crewSize: 2,
    van: `LV71 ${unique('KFP')}`,
    window: '08-10',
    ...(crewPhone ? { crewPhone } : {}),
  };
  await bookInDiary({ base: apiBase(), session: ownerCookie() }, { reference: answer.reference, moveDate }, booking);
  const made = await officePost(OFFICE_PATHS.jobSheetLink, { ref: answer.reference });
  expect(made.status).toBe(200);
  const link = new URL(
    readPage(await made.text())
      .filled('job-sheet-link')
      .trim(),
  );
  return { reference: answer.reference, email, moveDate, answer, sheet: link.searchParams.get(JOB_SHEET_TOKEN_FIELD)! };
}

/** The move's day at hh:mm UK time (a weekday: no clock change that day). */
export const at = (move: Move, hours: number, minutes: number) => ({
  'X-Test-Now': new Date(londonDayStart(move.moveDate).getTime() + (hours * 60 + minutes) * 60_000).toISOString(),
});

/** As the crew's phone posts from the sheet (a no-referrer page: `Origin: null`). */
export const tap = (move: Move, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${apiBase()}${OFFICE_PATHS.jobSheet}?${new URLSearchParams({ [JOB_SHEET_TOKEN_FIELD]: move.sheet })}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin', 'Content-Type': FORM, ...headers },
    body: new URLSearchParams(fields),
  });

export const statusUrl = (move: Move, token = new URL(move.answer.confirmationUrl, apiBase()).searchParams.get('t')!) =>
  `${apiBase()}${MOVE_DAY_PATH}?${new URLSearchParams({ ref: move.reference, t: token })}`;
