/**
 * The written quote (issue 33 item 3) over HTTP: the office writes and sends it (a plain form post behind the staff
 * session), the customer reads it in the e-mail and on the move page and accepts it there, which takes them to Stripe
 * Checkout (the stand-in) for the deposit it states; paid, the move is booked. D1 holds each version, the lead's stage,
 * the office's task and the audit trail. Figures worked by hand:
 *
 *   validQuote on a weekday (tests/api/manage.test.ts): Base service £349, Extra distance £344, Additional furniture
 *   £290 = £983. The office keeps those lines and adds Packing £120.50: lines £1,103.50 = 110,350p.
 *   FIRSTMOVE10, 10%: 11,035p off, total 99,315p (£993.15). Deposit, 25%: 24,828.75p, half a penny up: 24,829p (£248.29).
 *   A second version of Base service £349 and Packing £80: 42,900p; 4,290p off; total 38,610p (£386.10).
 */
import { describe, expect, it } from 'vitest';
import { API_PATHS, PAGE_PATHS, type QuoteAnswer } from '~/lib/api';
import { addDays, formatLongDate, londonToday } from '~/lib/dates';
import { DONE_NOTICES } from '~/lib/move-status';
import { WRITTEN_QUOTE_MESSAGES } from '~/lib/office/written-quote';
import { leadPath, OFFICE_PATHS } from '~/lib/office/paths';
import { ACCEPT_REFUSALS } from '../../functions/lib/office/written-quotes';
import { postForm } from './bookings';
import { apiBase, call, delivered, emailsTo, query, stripeUrl, unique, validQuote } from './helpers';
import { openDay } from '../shared/dates';
import { readPage } from './html';
import { OWNER_EMAIL, officeGet, officePost } from './office';

const OWNER = OWNER_EMAIL;
const quoteStatus = (reference: string) =>
  query<{ status: string }>('SELECT status FROM quote_requests WHERE reference = ?', reference)[0]!.status;
const BUSINESS = 'leads@shiftly.example';

interface Made {
  reference: string;
  token: string;
  email: string;
}

/** A Wednesday some 40 days ahead: the written quote's usual 28 days end before the move (never after it: issue 41). */
async function makeQuote(overrides: Record<string, unknown> = {}): Promise<Made> {
  const email = `${unique('wq')}@example.com`;
  const response = await call(API_PATHS.quote, validQuote({ email, promoCode: 'FIRSTMOVE10', moveDate: openDay(40, 3), ...overrides }));
  expect(response.status).toBe(201);
  const answer = (await response.json()) as QuoteAnswer;
  return { reference: answer.reference, token: new URL(answer.confirmationUrl, apiBase()).searchParams.get('t')!, email };
}

const writingPage = (reference: string) => `${OFFICE_PATHS.writtenQuote}?${new URLSearchParams({ ref: reference })}`;

/** The office's form as posted: each line's label and amount in order, then the rest. */
function quoteForm(reference: string, lines: Array<[string, string]>, rest: Record<string, string> = {}): URLSearchParams {
  const form = new URLSearchParams({ ref: reference });
  for (const [label, amount] of lines) {
    form.append('label', label);
    form.append('amount', amount);
  }
  for (const [name, value] of Object.entries({
    validUntil: addDays(londonToday(), 28),
    deposit: '',
    included: '',
    action: 'send',
    ...rest,
  })) {
    form.set(name, value);
  }
  return form;
}

const send = (form: URLSearchParams) => officePost(OFFICE_PATHS.writtenQuote, form);

const movePage = async (quote: Made) => {
  const response = await fetch(`${apiBase()}${PAGE_PATHS.confirmation}?${new URLSearchParams({ ref: quote.reference, t: quote.token })}`);
  expect(response.status).toBe(200);
  return response.text();
};

const accept = (quote: Made, version: string, headers: Record<string, string> = {}) =>
  postForm(PAGE_PATHS.confirmation, { ref: quote.reference, t: quote.token, action: 'accept-quote', version }, headers);

const written = (reference: string) =>
  query<{
    version: number;
    total_pence: number;
    discount_pence: number;
    deposit_pence: number;
    code: string;
    created_by: string;
    accepted_at: string | null;
  }>(
    'SELECT version, total_pence, discount_pence, deposit_pence, code, created_by, accepted_at FROM written_quotes WHERE reference = ? ORDER BY version',
    reference,
  );

async function mailTo(address: string, subject: (s: string) => boolean) {
  const theOne = async () => (await emailsTo(address)).filter((e) => subject(e.subject));
  await expect.poll(async () => (await theOne()).length).toBe(1);
  return (await theOne())[0]!;
}

const ENGINE: Array<[string, string]> = [
  ['Base service', '349.00'],
  ['Extra distance (137.7 miles as the crow flies)', '344.00'],
  ['Additional furniture', '290.00'],
];

describe('the written quote', () => {
  it('starts from the engine’s lines, sends a packing line with FIRSTMOVE10 that the e-mail and the move page price alike, and is accepted from the page’s form', async () => {
    const quote = await makeQuote();
    const start = await officeGet(writingPage(quote.reference));
    expect(start.status).toBe(200);
    const form = readPage(await start.text());
    expect(form.values('label').filter(Boolean)).toEqual(ENGINE.map(([label]) => label));
    expect(form.values('amount').filter(Boolean)).toEqual(ENGINE.map(([, amount]) => amount));
    expect(form.value('validUntil')).toBe(addDays(londonToday(), 28));

    const validUntil = addDays(londonToday(), 14);
    const sent = await send(
      quoteForm(quote.reference, [...ENGINE, ['Packing', '120.50'], ['', '']], { validUntil, included: 'Two movers and a Luton van.' }),
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`${writingPage(quote.reference)}&done=sent`);
    expect(written(quote.reference)).toEqual([
      {
        version: 1,
        total_pence: 99_315,
        discount_pence: 11_035,
        deposit_pence: 24_829,
        code: 'FIRSTMOVE10',
        created_by: OWNER,
        accepted_at: null,
      },
    ]);
    expect(query('SELECT stage FROM office_leads WHERE reference = ?', quote.reference)).toEqual([{ stage: 'quoted' }]);

    const email = await mailTo(quote.email, (s) => s === 'Your written quote from Shiftly');
    for (const said of [
      'Packing: £120.50',
      'FIRSTMOVE10 (10% off your first booking): -£110.35',
      'Total: £993.15',
      'Deposit: £248.29',
      `Valid until: ${formatLongDate(validUntil)}`,
    ]) {
      expect(email.text).toContain(said);
    }
    const link = new URL(/https?:\/\/\S+\/quote-confirmation\?\S+/.exec(email.text)![0]);
    const fromEmail = await fetch(`${apiBase()}${link.pathname}${link.search}`);
    expect(fromEmail.status).toBe(200);
    const page = readPage(await fromEmail.text(), { button: 'accept-quote' });
    expect(page.shown('written-quote')).toBe(true);
    expect(page.filled('written:total')).toBe('£993.15');
    expect(page.filled('written:deposit')).toBe('£248.29');
    expect(page.filled('written:valid-until')).toBe(formatLongDate(validUntil));
    expect(page.filled('written:included')).toBe('Two movers and a Luton van.');
    expect(page.value('version')).toBe('1');

    // The page's own form, as a browser would post it: accepted, and on to Stripe Checkout for the deposit it states.
    const accepted = await postForm(PAGE_PATHS.confirmation, {
      ref: page.value('ref'),
      t: page.value('t'),
      version: page.value('version'),
      action: 'accept-quote',
    });
    expect(accepted.status).toBe(303);
    const checkout = new URL(accepted.headers.get('location')!);
    expect(checkout.origin).toBe(stripeUrl());
    const sessionId = checkout.pathname.split('/').at(-1)!;
    const session = (await (
      await fetch(`${stripeUrl()}/v1/checkout/sessions/${sessionId}`, { headers: { Authorization: 'Bearer sk_test_reader' } })
    ).json()) as { amount_total: number; currency: string; client_reference_id: string };
    expect(session).toMatchObject({ amount_total: 24_829, currency: 'gbp', client_reference_id: quote.reference });
    expect(written(quote.reference)[0]!.accepted_at).not.toBeNull();
    // Accepted, not yet paid: not booked.
    expect(quoteStatus(quote.reference)).not.toBe('booked');

    // Paid on the stand-in's page: its signed event books the move, and the customer is back on the move page.
    expect((await fetch(checkout)).status).toBe(200);
    const paid = await fetch(`${stripeUrl()}/pay/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await expect.poll(() => quoteStatus(quote.reference), { interval: 100 }).toBe('booked');
    const back = await fetch(new URL(paid.headers.get('location')!));
    const after = readPage(await back.text());
    // The page's top: booked, the one price, the deposit paid (issue 41 item 1).
    expect(after.filled('status')).toBe('Booked');
    expect(after.filled('top:Paid')).toBe('£248.29');
    expect(after.shown('payment:received')).toBe(true);
    expect(after.shown('written:accepted')).toBe(true);
    expect(after.shown('act:accept-quote')).toBe(false);
    expect(after.filled('top:price-label')).toBe('Your price: your written quote');
    expect(after.filled('top:price')).toBe('£993.15');
    // £1,103.50 of lines less 10%: £110.35 off.
    expect(after.filled('top:price-note')).toBe('£1,103.50 less FIRSTMOVE10 (10% off your first booking)');
    expect(query('SELECT amount_pence, status FROM payments WHERE reference = ?', quote.reference)).toEqual([
      { amount_pence: 24_829, status: 'paid' },
    ]);

    // A second accept (a double click, the e-mail's link again) changes nothing: nothing is left to pay, back to the page.
    const again = await accept(quote, '1');
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toContain('done=quote_accepted');
    const told = await fetch(new URL(again.headers.get('location')!, apiBase()));
    expect(readPage(await told.text()).filled('done')).toBe(DONE_NOTICES.quote_accepted);
    expect(query('SELECT kind FROM office_tasks WHERE record_reference = ?', quote.reference)).toEqual([{ kind: 'quote_accepted' }]);
    expect(query('SELECT actor, action FROM audit_log WHERE record_reference = ? ORDER BY id', quote.reference)).toEqual([
      { actor: OWNER, action: 'written_quote_sent' },
      { actor: 'customer', action: 'written_quote_accepted' },
      { actor: 'customer', action: 'payment_received' },
    ]);
    expect(written(quote.reference)[0]!.accepted_at).not.toBeNull();

    await delivered(quote.reference);
    const thanks = await mailTo(quote.email, (s) => s.includes(quote.reference) && s.endsWith('written quote accepted'));
    expect(thanks.text).toContain('£993.15 is now your price');
    const business = await mailTo(BUSINESS, (s) => s.startsWith(`${quote.reference}: written quote accepted`));
    expect(business.text).toContain('Total: £993.15');

    // The lead's estimate stays the engine's (£349 + £344 + £290 = £983), as the customer's page says it, not the written lines.
    const lead = readPage(await (await officeGet(leadPath(quote.reference))).text());
    expect(lead.filled('price:Estimate')).toBe('£983');
    expect(lead.filled('price:Accepted written quote')).toBe('£993.15');

    // The office's history says who sent it and that the customer accepted it.
    const history = await (await officeGet(writingPage(quote.reference))).text();
    expect(history).toContain(`by ${OWNER}`);
    expect(history).toContain('by the customer');
  });

  it('shows the customer only the newest version, and refuses to accept one it replaced', async () => {
    const quote = await makeQuote();
    expect((await send(quoteForm(quote.reference, [...ENGINE, ['Packing', '120.50']]))).status).toBe(303);
    expect(
      (
        await send(
          quoteForm(quote.reference, [
            ['Base service', '349'],
            ['Packing', '80'],
          ]),
        )
      ).status,
    ).toBe(303);
    const page = readPage(await movePage(quote), { button: 'accept-quote' });
    expect(page.filled('written:total')).toBe('£386.10');
    expect(page.value('version')).toBe('2');

    const stale = await accept(quote, '1');
    expect(stale.status).toBe(409);
    expect(readPage(await stale.text()).filled('error:form')).toBe(ACCEPT_REFUSALS.replaced);
    expect(written(quote.reference).map((row) => row.accepted_at)).toEqual([null, null]);
    expect(query('SELECT count(*) AS n FROM office_tasks WHERE record_reference = ?', quote.reference)).toEqual([{ n: 0 }]);

    const history = readPage(await (await officeGet(writingPage(quote.reference))).text());
    expect(history.filled('total')).toBe('£386.10');
  });

  it('refuses a quote past its last day', async () => {
    const quote = await makeQuote();
    const validUntil = addDays(londonToday(), 3);
    expect((await send(quoteForm(quote.reference, ENGINE, { validUntil }))).status).toBe(303);
    const late = await accept(quote, '1', { 'X-Test-Now': `${addDays(validUntil, 1)}T09:00:00Z` });
    expect(late.status).toBe(409);
    expect(readPage(await late.text()).filled('error:form')).toBe(ACCEPT_REFUSALS.expired(validUntil));
    expect(written(quote.reference)[0]!.accepted_at).toBeNull();
  });

  it('re-renders refused input with each error tied to its field, and stores nothing', async () => {
    const quote = await makeQuote();
    const refused = await send(
      quoteForm(
        quote.reference,
        [
          ['Packing', 'lots'],
          ['', '50'],
        ],
        { deposit: '-1' },
      ),
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    const page = readPage(html);
    expect(page.filled('error:amount-0')).toBe(WRITTEN_QUOTE_MESSAGES.amount);
    expect(page.filled('error:label-1')).toBe(WRITTEN_QUOTE_MESSAGES.label);
    expect(page.filled('error:deposit')).toBe(WRITTEN_QUOTE_MESSAGES.deposit);
    expect(page.values('amount').slice(0, 2)).toEqual(['lots', '50']);
    expect(html).toMatch(
      /id="wq-amount-0"[^>]*aria-describedby="wq-error-amount-0"|aria-describedby="wq-error-amount-0"[^>]*id="wq-amount-0"/,
    );
    expect(written(quote.reference)).toEqual([]);
    // The form posts to the lead's own address, so the page a refusal or a preview leaves open reloads as that lead's.
    const action = new URL(
      /<form method="post" action="([^"]+)"[^>]*data-written-quote-form/.exec(html)![1]!.replaceAll('&amp;', '&'),
      apiBase(),
    );
    expect(action.searchParams.get('ref')).toBe(quote.reference);
    const reloaded = await officeGet(`${action.pathname}${action.search}`);
    expect(reloaded.status).toBe(200);
    expect(await reloaded.text()).toContain(`Written quote ${quote.reference}</h1>`);
  });

  it('is the office’s alone: signed out, the post goes to sign-in and stores nothing', async () => {
    const quote = await makeQuote();
    const response = await officePost(OFFICE_PATHS.writtenQuote, quoteForm(quote.reference, ENGINE), null);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/login');
    expect(written(quote.reference)).toEqual([]);
  });
});
