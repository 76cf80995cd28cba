/**
 * The owner's reports (issue 45 item 5) over HTTP: owner only; a period that is not one is refused with its message; and
 * the figures move by what is done, worked by hand: a £495.00 move with its £123.75 deposit paid adds a lead, a written
 * quote, an acceptance and a payment, £495.00 booked and £123.75 taken this month; a second one, £300.00 paid then
 * cancelled two days before (£176.25 back, refunds.test.ts), adds a cancellation and £300.00 - £176.25 = £123.75 taken.
 */
import { describe, expect, it } from 'vitest';
import { addDays, londonToday } from '~/lib/dates';
import { OFFICE_PATHS } from '~/lib/office/paths';
import { monthLabel, REPORT_MESSAGES, REPORTS_PATH } from '~/lib/office/reports';
import { makeQuote, manageMove, paidAndBooked } from './card-payments';
import { query, unique } from './helpers';
import { readPage } from './html';
import { officeGet, officePost, signInStaff } from './office';

const today = londonToday();
const month = monthLabel(today.slice(0, 7));

async function report() {
  const response = await officeGet(`${REPORTS_PATH}?from=${today.slice(0, 8)}01&to=${today}`);
  expect(response.status).toBe(200);
  const page = readPage(await response.text());
  const pence = (key: string) => Math.round(Number(page.filled(key).replace(/[£,]/g, '')) * 100);
  const count = (key: string) => Number(page.filled(key));
  return {
    leads: count('conversion:Leads'),
    written: count('conversion:Written quote sent'),
    accepted: count('conversion:Accepted'),
    paid: count('conversion:Paid'),
    web: count('source:The website'),
    booked: pence(`booked:${month}`),
    taken: pence(`taken:${month}`),
    bookedTotal: pence('figure:Revenue booked'),
    cancellations: count('figure:Cancellations'),
    jobs: count('figure:Jobs booked'),
  };
}

describe('the reports page', () => {
  it('is the owner’s alone', async () => {
    const email = `${unique('reports-staff')}@example.com`;
    expect((await officePost(`${OFFICE_PATHS.staff}/add`, { name: 'Priya Shah', email })).status).toBe(303);
    expect((await officeGet(REPORTS_PATH, await signInStaff(email))).status).toBe(404);
    const signedOut = await officeGet(REPORTS_PATH, null);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('Location')).toBe('/login');
  });

  it('refuses a period that is not one, each message by its field', async () => {
    const bad = await officeGet(`${REPORTS_PATH}?from=someday&to=${today}`);
    expect(bad.status).toBe(400);
    expect(readPage(await bad.text()).filled('error:from')).toBe(REPORT_MESSAGES.from);
    const backwards = await officeGet(`${REPORTS_PATH}?from=${today}&to=${addDays(today, -1)}`);
    expect(backwards.status).toBe(400);
    expect(readPage(await backwards.text()).filled('error:to')).toBe(REPORT_MESSAGES.order);
    const long = await officeGet(`${REPORTS_PATH}?from=${addDays(today, -400)}&to=${today}`);
    expect(readPage(await long.text()).filled('error:to')).toBe(REPORT_MESSAGES.tooLong);
  });

  it('draws each chart as SVG with its table, and the figures move by what was done, to the penny', async () => {
    const before = await report();
    await paidAndBooked(await makeQuote(), '123.75');
    const cancelled = await makeQuote();
    await paidAndBooked(cancelled, '300.00');
    const at = `${addDays(cancelled.moveDate, -2)}T12:00:00.000Z`;
    expect((await manageMove(cancelled, 'cancel', at)).status).toBe(200);
    expect((await manageMove(cancelled, 'cancel-confirm', at)).status).toBe(303);
    await expect
      .poll(() => query('SELECT r.status FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.reference = ?', cancelled.reference))
      .toEqual([{ status: 'succeeded' }]);
    const after = await report();
    expect(after.leads - before.leads).toBe(2);
    expect(after.web - before.web).toBe(2);
    expect(after.written - before.written).toBe(2);
    expect(after.accepted - before.accepted).toBe(2);
    expect(after.paid - before.paid).toBe(2);
    // Both accepted at £495.00; the cancelled one's acceptance stays booked revenue of the month it was accepted.
    expect(after.booked - before.booked).toBe(99000);
    expect(after.bookedTotal - before.bookedTotal).toBe(99000);
    expect(after.jobs - before.jobs).toBe(2);
    // £123.75 + £300.00 - £176.25.
    expect(after.taken - before.taken).toBe(24750);
    expect(after.cancellations - before.cancellations).toBe(1);
    const html = await (await officeGet(`${REPORTS_PATH}?from=${today.slice(0, 8)}01&to=${today}`)).text();
    for (const chart of ['kind', 'source', 'conversion', 'booked', 'taken']) expect(html).toContain(`data-chart="${chart}"`);
    expect(html.match(/<svg viewBox="0 0 580 /g)?.length).toBe(5);
  });
});
