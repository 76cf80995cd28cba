/**
 * What a refund tells the customer and the office, and what "Delete my data" leaves of a card payment (issue 34), over
 * real HTTP: the Stripe stand-in, the Worker, D1, the mail catcher and the office's lead page. Amounts are worked by
 * hand from the terms: a £495.00 written quote with a £300.00 deposit, cancelled at noon (UTC) two days before the move,
 * which is 43 or 44 hours before 8 am on the day (summer or winter): the 24-48 hour tier keeps 25 % of £495.00 = £123.75
 * and £300.00 - £123.75 = £176.25 goes back to the card.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '~/lib/account';
import { addDays, formatLongDate } from '~/lib/dates';
import { PAYMENT_RECORDS_KEPT } from '~/lib/erasure';
import { leadPath } from '~/lib/office/paths';
import { apiBase, delivered, emailsTo, query, runCron, secondsFromNow, unique } from './helpers';
import { readPage } from './html';
import { pageText } from '../shared/page-text';
import { promiseProblems } from '../shared/promise-rules';
import { officeGet } from './office';
import { get, post, signIn } from './sign-in';
import {
  emailWithKey,
  makeQuote,
  manageMove,
  paidAndBooked,
  quoteStatus,
  sendQuote,
  sentEvents,
  stripeRefunds as stripeRefundsOf,
  stripeUrl,
  type Made,
} from './card-payments';
import { postAcceptQuote } from '../shared/office-posts';

/** Cancelled at noon two days before the move (the test environment's clock header). */
async function cancelTwoDaysBefore(quote: Made): Promise<string> {
  const at = `${addDays(quote.moveDate, -2)}T12:00:00.000Z`;
  expect((await manageMove(quote, 'cancel', at)).status).toBe(200);
  expect((await manageMove(quote, 'cancel-confirm', at)).status).toBe(303);
  expect(quoteStatus(quote.reference)).toBe('cancelled');
  return at;
}

const refundsOf = (reference: string) =>
  query<{ id: number; amount_pence: number; status: string; stripe_refund_id: string | null }>(
    'SELECT r.id, r.amount_pence, r.status, r.stripe_refund_id FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.reference = ? ORDER BY r.id',
    reference,
  );

const refundEmails = async (quote: Made) => (await emailsTo(quote.email)).filter((e) => e.subject.includes('refund'));

/** The text of a `data-fill` mark on the lead page, its white space as a browser shows it. */
async function leadPage(reference: string) {
  const response = await officeGet(leadPath(reference));
  expect(response.status).toBe(200);
  const page = readPage(await response.text());
  return { filled: (key: string) => page.filled(key).replace(/\s+/g, ' ').trim() };
}

describe('a refund the customer and the office can see', () => {
  it('e-mails the customer what went back to which payment, the fee kept and why, once; the lead page lists both', async () => {
    const quote = await makeQuote();
    const { paymentIntent } = await paidAndBooked(quote, '300.00');
    const at = await cancelTwoDaysBefore(quote);

    const [refund] = refundsOf(quote.reference);
    expect(refund).toMatchObject({ amount_pence: 17_625, status: 'succeeded' });
    const atStripe = (
      (await (await fetch(`${stripeUrl()}/refunds`)).json()) as { data: Array<{ id: string; amount: number; payment_intent: string }> }
    ).data.filter((r) => r.payment_intent === paymentIntent);
    expect(atStripe.map((r) => [r.id, r.amount])).toEqual([[refund!.stripe_refund_id, 17_625]]);

    // Waits for this refund's own e-mail, by its key (issue 39 item 9: waiting for the quote's e-mails raced it).
    const email = await emailWithKey(`move:${quote.reference}:refund:${refund!.id}`);
    expect(email.subject).toBe(`Your Shiftly refund: £176.25 for move ${quote.reference}`);
    for (const line of [
      'Ada, we have refunded £176.25 to your card.',
      `You cancelled your move ${quote.reference} 24 to 48 hours before your arrival time. Your crew has kept the day for you, so you pay 25% of your booked price and nothing more.`,
      'Deposit refunded: £176.25 of the £300.00 you paid',
      `Deposit refund reference: ${atStripe[0]!.id}`,
      'Cancellation fee kept: £123.75 (25% of the price)',
      `Refunded on: ${formatLongDate(at.slice(0, 10))}`,
      `Move date: ${formatLongDate(quote.moveDate)}`,
    ]) {
      expect(email.text).toContain(line);
    }
    expect(email.html).toContain('£176.25 of the £300.00 you paid');
    // Every promise in it in the terms' own figures (issue 30 item 8).
    expect([...promiseProblems(email.text), ...promiseProblems(pageText(email.html))]).toEqual([]);
    expect(email.text).toMatch(/See your move: https?:\/\/\S+\/quote-confirmation\?/);

    // The cron trigger's sweep (twice) and a second "cancel" from another tab send nothing again.
    await runCron(secondsFromNow(11 * 60));
    await runCron(secondsFromNow(22 * 60));
    expect((await manageMove(quote, 'cancel-confirm', at)).status).not.toBe(303);
    await delivered(quote.reference);
    expect(await refundEmails(quote)).toHaveLength(1);
    expect(refundsOf(quote.reference)).toHaveLength(1);
    expect(
      query('SELECT status, attempts FROM email_outbox WHERE idempotency_key = ?', `move:${quote.reference}:refund:${refund!.id}`),
    ).toEqual([{ status: 'sent', attempts: 1 }]);

    const lead = await leadPage(quote.reference);
    expect(lead.filled('payment:deposit')).toBe('Deposit £300.00: Partly refunded');
    expect(lead.filled('payment:deposit:stripe')).toBe(paymentIntent);
    expect(lead.filled('refund:deposit:1')).toBe('Refund £176.25: Refunded');
    expect(lead.filled('refund:deposit:1:stripe')).toBe(atStripe[0]!.id);
    expect(query("SELECT id FROM office_tasks WHERE record_reference = ? AND kind = 'refund_failed'", quote.reference)).toEqual([]);
  });

  it('tells the customer a refund Stripe refused is on its way, and gives the office no task while it is asked again', async () => {
    // The stand-in refuses refunds of this customer's payments (the cron's later tries: tests/api/money.test.ts).
    const quote = await makeQuote('refundfail');
    const { paymentIntent } = await paidAndBooked(quote, '300.00');
    await cancelTwoDaysBefore(quote);

    const [refund] = refundsOf(quote.reference);
    expect([refund!.amount_pence, refund!.status, refund!.stripe_refund_id]).toEqual([17_625, 'failed', null]);
    expect(query('SELECT status, refunded_pence FROM payments WHERE reference = ?', quote.reference)).toEqual([
      { status: 'paid', refunded_pence: 0 },
    ]);
    expect(query("SELECT id FROM office_tasks WHERE record_reference = ? AND kind = 'refund_failed'", quote.reference)).toEqual([]);
    const email = await emailWithKey(`move:${quote.reference}:refund:${refund!.id}`);
    expect(email.subject).toBe(`Your Shiftly refund: £176.25 for move ${quote.reference}`);
    expect(email.text).toContain('Ada, your refund of £176.25 is on its way to your card.');
    expect(email.text).toContain('Cancellation fee kept: £123.75 (25% of the price)');
    expect(await stripeRefundsOf(paymentIntent)).toEqual([]);
    const lead = await leadPage(quote.reference);
    expect(lead.filled('payment:deposit')).toBe('Deposit £300.00: Paid');
    expect(lead.filled('refund:deposit:1')).toBe('Refund £176.25: Refused by Stripe: trying again');
  });
});

describe('"Delete my data" and card payments', () => {
  it("keeps the payment and refund records' amounts, dates and Stripe ids, and no name or address anywhere in them", async () => {
    const name = `Rosalind ${unique('erase')}`;
    const quote = await makeQuote(undefined, { name });
    const { sessionId, paymentIntent } = await paidAndBooked(quote, '300.00', name);
    // Stripe's event carried both, as Stripe's does: the customer's address and the name on the card.
    const [event] = await sentEvents(sessionId);
    expect(event!.event.data.object.customer_details).toMatchObject({ email: quote.email, name });
    await cancelTwoDaysBefore(quote);
    await delivered(quote.reference);

    // Every row of the three tables, every column: none names the customer.
    const holding = () =>
      ['payments', 'refunds', 'stripe_events'].flatMap((table) =>
        query(`SELECT * FROM ${table}`)
          .map((row) => JSON.stringify(row).toLowerCase())
          .filter((row) => row.includes(quote.email.toLowerCase()) || row.includes(name.toLowerCase())),
      );
    // Stored without them from the start.
    expect(holding()).toEqual([]);
    expect(query('SELECT id FROM stripe_events WHERE id = ?', event!.event.id)).toHaveLength(1);

    // Asked first, the customer is told what of a card payment is kept, and for how long.
    const session = await signIn(quote.email);
    const asked = await get(ACCOUNT_PATHS.deleteData, session);
    expect(pageText(await asked.text())).toContain(PAYMENT_RECORDS_KEPT);
    expect((await post(ACCOUNT_PATHS.deleteData, session)).status).toBe(200);
    expect(query('SELECT reference FROM quote_requests WHERE reference = ?', quote.reference)).toEqual([]);
    expect(
      query(
        'SELECT purpose, amount_pence, status, refunded_pence, checkout_session_id, payment_intent, paid_at IS NOT NULL AS paid FROM payments WHERE reference = ?',
        quote.reference,
      ),
    ).toEqual([
      {
        purpose: 'deposit',
        amount_pence: 30_000,
        status: 'partially_refunded',
        refunded_pence: 17_625,
        checkout_session_id: sessionId,
        payment_intent: paymentIntent,
        paid: 1,
      },
    ]);
    expect(refundsOf(quote.reference).map((r) => [r.amount_pence, r.status])).toEqual([[17_625, 'succeeded']]);
    expect(holding()).toEqual([]);
  });

  it("clears Stripe's refusal of a payment, which quoted the address, and keeps the payment's row", async () => {
    const quote = await makeQuote('emailrefused');
    await sendQuote(quote);
    expect((await postAcceptQuote(apiBase(), quote)).status).toBe(503);
    const row = () => query('SELECT purpose, amount_pence, status, last_error FROM payments WHERE reference = ?', quote.reference);
    expect(row()).toEqual([
      { purpose: 'deposit', amount_pence: 12_375, status: 'failed', last_error: `Invalid email address: ${quote.email}` },
    ]);

    expect((await post(ACCOUNT_PATHS.deleteData, await signIn(quote.email))).status).toBe(200);
    expect(row()).toEqual([{ purpose: 'deposit', amount_pence: 12_375, status: 'failed', last_error: null }]);
  });
});
