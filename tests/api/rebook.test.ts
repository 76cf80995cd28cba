/**
 * Moving a booked date (issue 34 item 3) over real HTTP: a move booked by its deposit through the Stripe stand-in, its
 * new date asked for and confirmed on the move page as plain form posts, then D1, the page, the e-mails and the office's
 * lead page read back. Amounts worked by hand: a £495.00 written quote with a £123.75 deposit (25 %), so £371.25 is the
 * balance; the terms (src/data/promises.ts) charge nothing with 48 hours' notice of the current date, 25 % of the price
 * from 24 to 48 hours; the engine adds 15 % of a studio's £349 base on a weekend: £52.35, rounded to £52.
 */
import { describe, expect, it } from 'vitest';
import { API_PATHS, PAGE_PATHS, type QuoteAnswer } from '~/lib/api';
import { addDays, daysBetween, formatLongDate, londonDayStart, londonToday } from '~/lib/dates';
import { DONE_NOTICES, STATUS_LABELS } from '~/lib/move-status';
import { FULL_DAY_MESSAGE } from '~/lib/office/diary-forms';
import { DIARY_BOOK_PATH } from '~/lib/office/diary-forms';
import { leadPath, OFFICE_PATHS } from '~/lib/office/paths';
import { PAY_PATH } from '~/lib/payments';
import {
  apiBase,
  call,
  type CapturedEmail,
  delivered,
  emailsTo,
  emailsWhere,
  query,
  runCron,
  stripeUrl,
  unique,
  validQuote,
  waitForEmail,
} from './helpers';
import { readPage } from './html';
import { officeGet, officePost, ownerCookie } from './office';
import { openDay } from '../shared/dates';
import { diaryDays, DIARY_ROOM_SQL } from '../shared/diary-days';
import { acceptWrittenQuote, bookInDiary, sendWrittenQuote } from '../shared/office-posts';

const FORM = 'application/x-www-form-urlencoded';

interface Move {
  reference: string;
  token: string;
  email: string;
  moveDate: string;
}

/** The first open day at least `days` after `date` (on `weekday` when given). */
const dayAfter = (date: string, days: number, weekday?: number) => openDay(daysBetween(londonToday(), date) + days, weekday);

async function makeQuote(moveDate: string): Promise<Move> {
  const email = `${unique('rebook')}@example.com`;
  const response = await call(API_PATHS.quote, validQuote({ email, moveDate }));
  expect(response.status).toBe(201);
  const answer = (await response.json()) as QuoteAnswer;
  return { reference: answer.reference, token: new URL(answer.confirmationUrl, apiBase()).searchParams.get('t')!, email, moveDate };
}

/** Stripe's hosted page: the customer presses Pay; its signed event marks the payment paid (and books the move). */
async function pay(checkout: URL, move: Move): Promise<void> {
  const sessionId = checkout.pathname.split('/').at(-1)!;
  expect((await fetch(`${stripeUrl()}/pay/${sessionId}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  const status = () => query<{ status: string }>('SELECT status FROM payments WHERE checkout_session_id = ?', sessionId)[0]?.status;
  await expect.poll(status, { interval: 100 }).toBe('paid');
  await expect.poll(() => row(move.reference).status, { interval: 100 }).toBe('booked');
}

/** Written £495.00 (the office's form), accepted and its deposit paid on the stand-in's page: booked. */
async function bookedMove(moveDate: string, { deposit = '123.75', datePriced = false } = {}): Promise<Move> {
  const move = await makeQuote(moveDate);
  await sendWrittenQuote({ base: apiBase(), session: ownerCookie() }, move.reference, {
    lines: [['Removal', '495.00']],
    deposit,
    datePriced,
  });
  await pay(await acceptWrittenQuote(apiBase(), move), move);
  return move;
}

/** A "Manage this move" button, posted as the page's plain form does; `today` moves the Worker's clock. */
const manage = (move: Move, fields: Record<string, string>, today?: string) =>
  fetch(`${apiBase()}${PAGE_PATHS.confirmation}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': FORM,
      Origin: apiBase(),
      'X-Test-Client': unique('client'),
      ...(today ? { 'X-Test-Now': `${today}T12:00:00.000Z` } : {}),
    },
    body: new URLSearchParams({ ref: move.reference, t: move.token, ...fields }).toString(),
  });

const movePage = async (move: Move) => {
  const response = await fetch(`${apiBase()}${PAGE_PATHS.confirmation}?ref=${move.reference}&t=${move.token}&done=date_changed_booked`);
  expect(response.status).toBe(200);
  return response.text();
};

const row = (reference: string) =>
  query<{ status: string; move_date: string }>('SELECT status, move_date FROM quote_requests WHERE reference = ?', reference)[0]!;
const versions = (reference: string) =>
  query<{ version: number; lines: string; total_pence: number; deposit_pence: number; accepted: number; date_priced: number }>(
    `SELECT version, lines, total_pence, deposit_pence, accepted_at IS NOT NULL AS accepted, date_priced FROM written_quotes
     WHERE reference = ? ORDER BY version`,
    reference,
  ).map((each) => ({ ...each, lines: JSON.parse(each.lines) as unknown }));

async function mailed(to: string, reference: string): Promise<CapturedEmail> {
  const query = { to, mentions: reference, subject: 'new move date', replays: true };
  await waitForEmail(query);
  const about = await emailsWhere(query);
  expect(about).toHaveLength(1);
  return about[0]!;
}

describe('moving a booked date', () => {
  it('with 48 hours’ notice or more costs nothing, keeps the move booked, moves its diary entry and clears its crew', async () => {
    const [day, to] = diaryDays(undefined, (first) => dayAfter(first, 3));
    const move = await bookedMove(day);
    const crewLead = `Ravi ${unique('Patel')}`;
    await bookInDiary({ base: apiBase(), session: ownerCookie() }, move, {
      crewLead,
      crewSize: 3,
      van: `RB-${unique('v').slice(-8)}`,
      window: '08-10',
    });
    expect(query('SELECT crew_id IS NOT NULL AS crew, arrival_window FROM diary_entries WHERE reference = ?', move.reference)).toEqual([
      { crew: 1, arrival_window: '08-10' },
    ]);

    // The page offers the change; asking shows what it costs and changes nothing.
    const asked = await manage(move, { action: 'date', moveDate: to });
    expect(asked.status).toBe(200);
    const preview = readPage(await asked.text(), { button: 'date-confirm' });
    expect(preview.filled('preview:date')).toBe(formatLongDate(to));
    expect(preview.filled('preview:cost')).toBe(
      'Changing the date now costs nothing under our terms, so your price stays £495.00 and £371.25 is left to pay.',
    );
    expect(row(move.reference)).toEqual({ status: 'booked', move_date: move.moveDate });

    const confirmed = await manage(move, { action: 'date-confirm', moveDate: preview.value('moveDate') });
    expect(confirmed.status).toBe(303);
    expect(new URL(confirmed.headers.get('location')!, apiBase()).searchParams.get('done')).toBe('date_changed_booked');
    expect(row(move.reference)).toEqual({ status: 'booked', move_date: to });
    // Nothing owed changed: no new version of the written quote.
    expect(versions(move.reference).map((each) => [each.version, each.total_pence])).toEqual([[1, 49_500]]);
    expect(
      query('SELECT move_date, status, crew_id, van_id, arrival_window FROM diary_entries WHERE reference = ?', move.reference),
    ).toEqual([{ move_date: to, status: 'held', crew_id: null, van_id: null, arrival_window: null }]);

    const line = `Move date changed from ${formatLongDate(move.moveDate)} to ${formatLongDate(to)}: no fee; your price is now £495.00 and £371.25 is left to pay. Your crew and arrival time for the new day will follow`;
    const page = readPage(await movePage(move));
    expect(page.filled('status')).toBe(STATUS_LABELS.booked);
    expect(page.filled('date')).toBe(formatLongDate(to));
    expect(page.filled('done')).toBe(DONE_NOTICES.date_changed_booked);
    expect(await movePage(move)).toContain(line);
    expect(page.filled('top:Left to pay')).toBe(`£371.25 by ${formatLongDate(addDays(to, -7))}`);

    // The office: a task to book a crew for the new day, a line in the audit trail, the event on the lead's page.
    expect(query('SELECT kind, detail FROM office_tasks WHERE record_reference = ? AND done_at IS NULL', move.reference)).toContainEqual({
      kind: 'crew_for_new_date',
      detail: line,
    });
    expect(
      query("SELECT actor, detail FROM audit_log WHERE record_reference = ? AND action = 'crew_for_new_date'", move.reference),
    ).toEqual([{ actor: 'customer', detail: line }]);
    const lead = await (await officeGet(leadPath(move.reference))).text();
    expect(lead).toContain(line);
    expect(lead).toContain('Booked date moved: book a crew for the new day');

    const email = await mailed(move.email, move.reference);
    for (const said of [`Move date: ${formatLongDate(to)}`, 'Fee for the change: £0.00', 'Paid by card: £123.75', 'Left to pay: £371.25']) {
      expect(email.text).toContain(said);
    }
  });

  it('inside 48 hours adds the terms’ 25 % of the booked price as a line of the written quote, and asks for it on the page', async () => {
    const [day, to] = diaryDays(undefined, (first) => dayAfter(first, 4));
    const move = await bookedMove(day);
    // Paid in full first (£371.25), as most customers have by then.
    const balance = await fetch(`${apiBase()}${PAY_PATH}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': FORM, Origin: apiBase(), 'X-Test-Client': unique('client') },
      body: new URLSearchParams({ ref: move.reference, t: move.token, purpose: 'balance' }).toString(),
    });
    expect(balance.status).toBe(303);
    await pay(new URL(balance.headers.get('location')!), move);

    // Two days before: 24 hours' notice from the end of that day. 25 % of £495.00 = £123.75; £618.75 in all, and
    // £618.75 less the £495.00 paid leaves £123.75 to pay.
    const today = addDays(move.moveDate, -2);
    const asked = readPage(await (await manage(move, { action: 'date', moveDate: to }, today)).text(), { button: 'date-confirm' });
    expect(asked.filled('preview:cost')).toBe(
      'Changing the date now costs £123.75 under our terms, so your price becomes £618.75 and £123.75 is left to pay.',
    );
    expect((await manage(move, { action: 'date-confirm', moveDate: to }, today)).status).toBe(303);

    expect(row(move.reference)).toEqual({ status: 'booked', move_date: to });
    expect(versions(move.reference).at(-1)).toEqual({
      version: 2,
      lines: [
        { label: 'Removal', pence: 49_500 },
        { label: 'Date change fee (25% of the price, 24 to 48 hours before the move)', pence: 12_375 },
      ],
      total_pence: 61_875,
      deposit_pence: 12_375,
      accepted: 1,
      date_priced: 0,
    });
    const html = await movePage(move);
    const page = readPage(html);
    expect(page.filled('written:total')).toBe('£618.75');
    expect(html).toContain('Pay the £123.75 balance by card');
    expect(html).toContain(
      `Move date changed from ${formatLongDate(move.moveDate)} to ${formatLongDate(to)}: a fee of £123.75 under our terms; your price is now £618.75 and £123.75 is left to pay.`,
    );

    const email = await mailed(move.email, move.reference);
    for (const said of [
      `Move date: ${formatLongDate(to)}`,
      'Price to pay: £618.75, your written quote',
      'Fee for the change: £123.75',
      'Paid by card: £495.00',
      'Left to pay: £123.75',
    ]) {
      expect(email.text).toContain(said);
    }
    const business = await mailed('leads@shiftly.example', move.reference);
    expect(business.text).toContain('Fee for the change: £123.75');
  });

  it('is refused on a day the diary has no room left, and on the day itself', async () => {
    const [day, full] = diaryDays(undefined, (first) => dayAfter(first, 5));
    const move = await bookedMove(day);
    // One crew and van at least, then every place that day held by another move.
    await officePost(OFFICE_PATHS.diary, { action: 'add-crew', leadName: `Ola ${unique('Ade')}`, size: '2' });
    await officePost(OFFICE_PATHS.diary, { action: 'add-van', vanName: `FD-${unique('v').slice(-8)}`, vanSize: 'small' });
    const room = query<{ n: number }>(DIARY_ROOM_SQL)[0]!.n;
    for (let i = 0; i < room; i++) {
      const other = await makeQuote(full);
      expect((await officePost(DIARY_BOOK_PATH, { ref: other.reference, intent: 'hold' })).status).toBe(303);
    }
    for (const action of ['date', 'date-confirm']) {
      const refused = await manage(move, { action, moveDate: full });
      expect(refused.status, action).toBe(422);
      expect(readPage(await refused.text()).filled('error:moveDate')).toBe(FULL_DAY_MESSAGE);
    }
    expect(row(move.reference)).toEqual({ status: 'booked', move_date: move.moveDate });

    const onTheDay = await manage(move, { action: 'date', moveDate: dayAfter(move.moveDate, 2) }, move.moveDate);
    expect(onTheDay.status).toBe(409);
    expect(readPage(await onTheDay.text()).filled('error:form')).toContain('Your move is today');
    expect(versions(move.reference)).toHaveLength(1);
  });

  it('prices the new date again where the written quote says so, and refunds what was paid beyond a lower price', async () => {
    // A Saturday paid in full (£495.00 as the deposit), moved to the next Wednesday: £52.00 less, £443.00 in all.
    const [saturday, wednesday] = diaryDays(6, (first) => dayAfter(first, 1, 3));
    const move = await bookedMove(saturday, { deposit: '495.00', datePriced: true });
    const written = readPage(await movePage(move));
    expect(written.filled('written:new-date')).toBe('A new date is priced again, and your price changes by the difference.');
    const sentQuote = await waitForEmail({ to: move.email, subject: /^Your written quote from Shiftly$/ });
    expect(sentQuote.text).toContain('If you change the date: A new date is priced again, and your price changes by the difference.');
    // The office's form keeps the box ticked for the next version.
    const office = await (await officeGet(`${OFFICE_PATHS.writtenQuote}?ref=${move.reference}`)).text();
    expect(readPage(office).values('datePriced')).toEqual(['yes']);

    const asked = readPage(await (await manage(move, { action: 'date', moveDate: wednesday })).text(), { button: 'date-confirm' });
    expect(asked.filled('preview:cost')).toBe(
      'Changing the date now costs nothing under our terms, and the new date is priced again at £52.00 less, so your price becomes £443.00 and we refund £52.00 to your card.',
    );
    expect((await manage(move, { action: 'date-confirm', moveDate: wednesday })).status).toBe(303);

    expect(versions(move.reference).at(-1)).toEqual({
      version: 2,
      lines: [
        { label: 'Removal', pence: 49_500 },
        { label: `New move date ${formatLongDate(wednesday)}, priced again (was ${formatLongDate(saturday)})`, pence: -5_200 },
      ],
      total_pence: 44_300,
      deposit_pence: 49_500,
      accepted: 1,
      date_priced: 1,
    });
    expect(
      query('SELECT r.amount_pence, r.status FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.reference = ?', move.reference),
    ).toEqual([{ amount_pence: 5_200, status: 'succeeded' }]);
    const intent = query<{ payment_intent: string }>('SELECT payment_intent FROM payments WHERE reference = ?', move.reference)[0]!;
    const atStripe = ((await (await fetch(`${stripeUrl()}/refunds`)).json()) as { data: Array<{ amount: number; payment_intent: string }> })
      .data;
    expect(atStripe.filter((r) => r.payment_intent === intent.payment_intent).map((r) => r.amount)).toEqual([5_200]);
    const page = readPage(await movePage(move));
    expect(page.filled('written:total')).toBe('£443.00');
    expect(page.filled('payment:paid')).toContain('; £52.00 refunded to your card');
    expect(page.shown('act:pay-balance')).toBe(false);
    expect(
      query<{ detail: string }>("SELECT detail FROM audit_log WHERE record_reference = ? AND action = 'payment_refunded'", move.reference),
    ).toEqual([{ detail: `Move date changed to ${formatLongDate(wednesday)}: £52.00 paid beyond the new price: £52.00 refunded` }]);
    const email = await mailed(move.email, move.reference);
    for (const said of ['New date priced again: -£52.00', 'Paid by card: £495.00', 'Refund to your card: £52.00'])
      expect(email.text).toContain(said);
  });

  it('reprices a weekday moved to a Saturday by the weekend surcharge, as a line of the written quote', async () => {
    const [wednesday, saturday] = diaryDays(3, (first) => dayAfter(first, 1, 6));
    const move = await bookedMove(wednesday, { datePriced: true });
    // £495.00 + £52.00 = £547.00; less the £123.75 deposit, £423.25 to pay.
    expect((await manage(move, { action: 'date-confirm', moveDate: saturday })).status).toBe(303);
    expect(versions(move.reference).at(-1)).toMatchObject({ version: 2, total_pence: 54_700, deposit_pence: 12_375 });
    const html = await movePage(move);
    expect(readPage(html).filled('written:total')).toBe('£547.00');
    expect(html).toContain('Pay the £423.25 balance by card');
  });

  // Last: a cron run at a later clock ends the owner's session for the rest of this file.
  it('sends the reminders again before the new day', async () => {
    const [day, to] = diaryDays(undefined, (first) => dayAfter(first, 14));
    const move = await bookedMove(day);
    /** Noon, UK time, `days` before `day`. */
    const daysBefore = (day: string, days: number) => new Date(londonDayStart(addDays(day, -days)).getTime() + 12 * 60 * 60 * 1000);
    const reminders = async () => {
      await delivered(move.reference);
      return (await emailsTo(move.email)).filter((each) => each.subject.includes('7 days to go'));
    };
    await runCron(daysBefore(move.moveDate, 7));
    await expect.poll(async () => (await reminders()).length).toBe(1);

    // A week before, moved a fortnight on: nothing to pay for the change, and a reminder a week before the new day.
    expect((await manage(move, { action: 'date-confirm', moveDate: to }, addDays(move.moveDate, -7))).status).toBe(303);
    await runCron(daysBefore(to, 7));
    await expect.poll(async () => (await reminders()).length).toBe(2);
    expect((await reminders()).filter((each) => each.text.includes(formatLongDate(to)))).toHaveLength(1);
  });
});
