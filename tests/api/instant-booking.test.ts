/**
 * A standard move booked and paid in one sitting (issue 41 item 2), over HTTP through the Stripe stand-in: the estimate
 * becomes the firm price, Checkout takes the deposit, the signed webhook books the move, its day is held in the diary
 * (and let go when the session expires unpaid), and the office gets a task to book the crew. The owner's switch and
 * limits are honoured. Figures are worked by hand from the pricing rules (spec section 3) and the 25 % deposit.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS, PAGE_PATHS, type QuoteAnswer } from '~/lib/api';
import { BOOK_NOW_PATH, INSTANT_WORDS } from '~/lib/instant-booking';
import { DIARY_BOOK_PATH } from '~/lib/office/diary-forms';
import { OFFICE_PATHS } from '~/lib/office/paths';
import { PAY_PATH } from '~/lib/payments';
import { readPage } from './html';
import { addDays, formatLongDate } from '~/lib/dates';
import { BLANK_QUOTE_FORM } from '../shared/quote-form';
import {
  checkoutAt,
  deliveredEvent,
  emailWithKey,
  FORM,
  openTasks,
  paymentRows,
  pressPay,
  quoteStatus,
  refundRows,
  rowsWhen,
  stripeApi,
  stripeRefunds,
  stripeUrl,
  takenEvents,
  type Made,
} from './card-payments';
import { diaryDay, DIARY_ROOM_SQL, WEEKDAY } from '../shared/diary-days';
import { apiBase, call, query, unique, validQuote } from './helpers';
import { officePost, ownerSignedIn } from './office';

/**
 * A 2-bedroom move (£599) from SW1A 1AA to CB2 1TN: 49.78 miles as the crow flies, 24.78 beyond the 25 included, at
 * £2.50 a mile = £61.95, rounded to £62. From a 3rd-floor flat with no lift: the access table's £30 a floor for two
 * bedrooms, 3 × £30 = £90. £751.00 on a weekday, less FIRSTMOVE10's 10 % (£75.10): £675.90. The deposit is 25 % of
 * it, half a penny up: £168.975 → £168.98; left to pay £675.90 − £168.98 = £506.92.
 */
const TOTAL_PENCE = 67_590;
const DEPOSIT_PENCE = 16_898;

const ADDRESSES = { fromAddress: '10 Downing Street', fromTown: 'London', toAddress: '1 Trumpington Street', toTown: 'Cambridge' };
/** Every access question answered at both ends: a 3rd-floor flat without a lift, a ground-floor house. */
const ACCESS = {
  fromFloor: 'third',
  fromLift: 'no',
  fromParking: 'door',
  fromCarry: 'no',
  toFloor: 'ground',
  toParking: 'under-20m',
  toCarry: 'no',
};

const standard = (overrides: Record<string, unknown> = {}) =>
  validQuote({
    email: `${unique('instant')}@example.com`,
    propertyId: 'two-bed',
    furnitureIds: [],
    fromPostcode: 'SW1A 1AA',
    toPostcode: 'CB2 1TN',
    ...ADDRESSES,
    ...ACCESS,
    promoCode: 'FIRSTMOVE10',
    // A day of its own: a move booked online holds it in the diary, which other tests' quotes must not find full.
    moveDate: diaryDay(WEEKDAY),
    clientEstimate: { total: 751, distance: 49.8 },
    ...overrides,
  });

async function stored(overrides: Record<string, unknown> = {}): Promise<Made> {
  const sent = standard(overrides);
  const response = await call(API_PATHS.quote, sent);
  expect(response.status).toBe(201);
  const answer = (await response.json()) as QuoteAnswer;
  const token = new URL(answer.confirmationUrl, apiBase()).searchParams.get('t')!;
  return { reference: answer.reference, token, email: sent.email, moveDate: sent.moveDate };
}

const bookNow = (quote: Pick<Made, 'reference' | 'token'>) =>
  fetch(`${apiBase()}${BOOK_NOW_PATH}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': FORM, Origin: apiBase(), 'X-Test-Client': unique('client') },
    body: new URLSearchParams({ ref: quote.reference, t: quote.token }).toString(),
  });

const diaryEntry = (reference: string) =>
  query<{ status: string; created_by: string }>('SELECT status, created_by FROM diary_entries WHERE reference = ?', reference);

const SETTINGS = {
  businessName: 'Shiftly',
  tradingAddress: '14 Wharf Road\nLondon N1 7GR',
  phone: '020 7946 0321',
  alertsEmail: 'leads@shiftly.example',
  depositPercent: '25',
  balanceDueDays: '7',
  arrivalWindows: '08-10\n10-12\n12-14\n14-16',
  instantBooking: 'on',
  instantMaxSize: 'three-bed',
  instantMaxMiles: '100',
};
const saveSettings = (fields: Partial<typeof SETTINGS>) => officePost(OFFICE_PATHS.settings, { ...SETTINGS, ...fields });

// A cron run or a long test may end the owner's office session: each test signs in again if so.
beforeEach(ownerSignedIn);

afterAll(async () => {
  expect((await saveSettings({})).status).toBe(303);
});

describe('a standard move booked and paid in one sitting', () => {
  it('the estimate is the price, Checkout takes the deposit to the penny, and the webhook books it with its day held and a task', async () => {
    const quote = await stored();
    const started = await bookNow(quote);
    expect(started.status).toBe(303);
    const { sessionId } = checkoutAt(new URL(started.headers.get('location')!));
    const session = await stripeApi<{ amount_total: number; currency: string }>(`/v1/checkout/sessions/${sessionId}`);
    expect([session.amount_total, session.currency]).toEqual([DEPOSIT_PENCE, 'gbp']);
    expect(
      query('SELECT total_pence, deposit_pence, discount_pence, code FROM written_quotes WHERE reference = ?', quote.reference),
    ).toEqual([{ total_pence: TOTAL_PENCE, deposit_pence: DEPOSIT_PENCE, discount_pence: 7_510, code: 'FIRSTMOVE10' }]);
    // The day is held while the customer pays.
    expect(diaryEntry(quote.reference)).toEqual([{ status: 'held', created_by: 'booked online by the customer' }]);

    // Pressed again (a second tab, Back): the same session, nothing new stored.
    const again = await bookNow(quote);
    expect(checkoutAt(new URL(again.headers.get('location')!)).sessionId).toBe(sessionId);
    expect(query('SELECT COUNT(*) AS n FROM written_quotes WHERE reference = ?', quote.reference)).toEqual([{ n: 1 }]);

    await pressPay(sessionId);
    await deliveredEvent(sessionId);
    await expect.poll(() => quoteStatus(quote.reference), { timeout: 20_000, interval: 100 }).toBe('booked');
    const tasks = await rowsWhen(
      () => query<{ kind: string; detail: string }>('SELECT kind, detail FROM office_tasks WHERE record_reference = ?', quote.reference),
      (rows) => rows.some((row) => row.kind === 'instant_booking'),
    );
    expect(tasks.filter((row) => row.kind === 'instant_booking')).toHaveLength(1);
    expect(query('SELECT amount_pence, status FROM payments WHERE reference = ?', quote.reference)).toEqual([
      { amount_pence: DEPOSIT_PENCE, status: 'paid' },
    ]);
    expect(diaryEntry(quote.reference)).toEqual([{ status: 'held', created_by: 'booked online by the customer' }]);
    expect(
      query('SELECT actor, detail FROM audit_log WHERE record_reference = ? AND action = ?', quote.reference, 'online_booking_started'),
    ).toEqual([
      {
        actor: 'customer',
        detail: 'Chose to book online at the estimate, £675.90 (deposit £168.98): the day is held while the deposit is paid',
      },
    ]);
    // The same money in the receipt and at the top of the move page: booked, the one price, paid and left to pay.
    const [payment] = paymentRows(quote.reference);
    const receipt = await emailWithKey(`move:${quote.reference}:payment:${payment!.id}:receipt`);
    expect(receipt.text).toContain('£168.98');
    const top = readPage(
      await (await fetch(`${apiBase()}${PAGE_PATHS.confirmation}?${new URLSearchParams({ ref: quote.reference, t: quote.token })}`)).text(),
    );
    expect(top.filled('status')).toBe('Booked');
    expect(top.filled('top:price')).toBe('£675.90');
    expect(top.filled('top:price-label')).toBe('Your price');
    expect(top.filled('top:Paid')).toBe('£168.98');
    expect(top.filled('top:Left to pay')).toBe(`£506.92 by ${formatLongDate(addDays(quote.moveDate, -7))}`);
    // Booked: the offer is gone.
    const late = await bookNow(quote);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain(INSTANT_WORDS.notNow);
  });

  it('without JavaScript: the plain form’s “Book and pay the deposit now” stores the quote and goes straight to Checkout', async () => {
    const sent = standard();
    const fields = {
      ...BLANK_QUOTE_FORM,
      action: 'book',
      propertyId: 'two-bed',
      fromPostcode: sent.fromPostcode,
      toPostcode: sent.toPostcode,
      ...ADDRESSES,
      ...ACCESS,
      moveDate: sent.moveDate,
      name: 'Ada Lovelace',
      email: sent.email,
      phone: '07700 900123',
      promoCode: 'FIRSTMOVE10',
      idempotencyKey: unique('plain'),
    } as Record<string, string | string[]>;
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
    const post = () =>
      call(PAGE_PATHS.quote, body.toString(), { contentType: FORM, client: unique('form'), headers: { Origin: apiBase() } });
    const response = await post();
    expect(response.status).toBe(303);
    const { sessionId } = checkoutAt(new URL(response.headers.get('location')!));
    const session = await stripeApi<{ amount_total: number; client_reference_id: string }>(`/v1/checkout/sessions/${sessionId}`);
    expect(session.amount_total).toBe(DEPOSIT_PENCE);
    // Back, then the same button: one quote, the same Checkout.
    const twice = await post();
    expect(checkoutAt(new URL(twice.headers.get('location')!)).sessionId).toBe(sessionId);
    expect(query('SELECT COUNT(*) AS n FROM quote_requests WHERE email = ?', sent.email)).toEqual([{ n: 1 }]);
  });

  it('the move page offers it until a written quote is sent, and only for a standard move', async () => {
    const page = async (quote: Made) =>
      (await fetch(`${apiBase()}${PAGE_PATHS.confirmation}?${new URLSearchParams({ ref: quote.reference, t: quote.token })}`)).text();
    const offered = await page(await stored());
    expect(offered).toContain(`action="${BOOK_NOW_PATH}"`);
    expect(offered).toContain(INSTANT_WORDS.button);
    const far = await page(await stored({ toPostcode: 'M1 1AE', toAddress: '1 Piccadilly', toTown: 'Manchester' }));
    expect(far).not.toContain(INSTANT_WORDS.button);
  });

  it('a session that expires unpaid lets the day go in the diary', async () => {
    const quote = await stored();
    const started = await bookNow(quote);
    const { sessionId } = checkoutAt(new URL(started.headers.get('location')!));
    expect(diaryEntry(quote.reference)).toHaveLength(1);
    expect((await fetch(`${stripeUrl()}/sessions/${sessionId}/lapse`, { method: 'POST' })).status).toBe(200);
    await takenEvents(sessionId, 'checkout.session.expired');
    await rowsWhen(
      () => diaryEntry(quote.reference),
      (rows) => rows.length === 0,
    );
    expect(quoteStatus(quote.reference)).toBe('quoted');
  });
});

describe('what is not standard asks for a written quote', () => {
  it('a move further than the owner’s limit, or bigger, is refused with its reason and nothing is stored', async () => {
    // SW1A 1AA to M1 1AE: 162.74 miles, beyond the 100 allowed until the owner says otherwise.
    const far = await stored({ toPostcode: 'M1 1AE', toAddress: '1 Piccadilly', toTown: 'Manchester' });
    const refused = await bookNow(far);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(INSTANT_WORDS.distance);
    expect(query('SELECT 1 FROM written_quotes WHERE reference = ?', far.reference)).toEqual([]);
    expect(diaryEntry(far.reference)).toEqual([]);

    const noAddress = await stored({ toAddress: undefined });
    expect(await (await bookNow(noAddress)).text()).toContain(INSTANT_WORDS.addresses);
    // The access unanswered at one end: the estimate would not price what the crew finds.
    const noAccess = await stored({ toParking: undefined });
    expect(await (await bookNow(noAccess)).text()).toContain(INSTANT_WORDS.access);
    expect(query('SELECT 1 FROM written_quotes WHERE reference IN (?, ?)', noAddress.reference, noAccess.reference)).toEqual([]);

    expect((await saveSettings({ instantMaxSize: 'studio' })).status).toBe(303);
    const big = await stored();
    expect(await (await bookNow(big)).text()).toContain(INSTANT_WORDS.size);
  });

  it('the owner switches booking online off', async () => {
    expect((await saveSettings({ instantBooking: 'off' })).status).toBe(303);
    const quote = await stored();
    const refused = await bookNow(quote);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(INSTANT_WORDS.off);
    expect((await saveSettings({})).status).toBe(303);
  });
});

describe('the last place on a day', () => {
  /** A day with one place left: a crew and a van at least, and every other place held by another move. */
  async function oneLeft(): Promise<string> {
    const day = diaryDay(WEEKDAY);
    expect((await officePost(OFFICE_PATHS.diary, { action: 'add-crew', leadName: `Ola ${unique('Ade')}`, size: '2' })).status).toBe(303);
    expect(
      (await officePost(OFFICE_PATHS.diary, { action: 'add-van', vanName: `IB-${unique('v').slice(-8)}`, vanSize: 'small' })).status,
    ).toBe(303);
    const room = query<{ n: number }>(DIARY_ROOM_SQL)[0]!.n;
    for (let i = 0; i < room - 1; i++) {
      const other = await stored({ moveDate: day, promoCode: undefined });
      expect((await officePost(DIARY_BOOK_PATH, { ref: other.reference, intent: 'hold' })).status).toBe(303);
    }
    return day;
  }

  it('two customers pressing at once: one holds it and goes to Checkout, the other is told the day is full', async () => {
    const day = await oneLeft();
    const [first, second] = await Promise.all([stored({ moveDate: day }), stored({ moveDate: day })]);
    const answers = await Promise.all([bookNow(first), bookNow(second)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([303, 409]);
    const loser = answers[0]!.status === 409 ? 0 : 1;
    expect(await answers[loser]!.text()).toContain(INSTANT_WORDS.full);
    const [winner, other] = loser === 0 ? [second, first] : [first, second];
    expect(diaryEntry(winner.reference)).toHaveLength(1);
    // Nothing of the refused one stored: no hold, no written quote, no payment.
    expect(diaryEntry(other.reference)).toEqual([]);
    expect(query('SELECT 1 FROM written_quotes WHERE reference = ?', other.reference)).toEqual([]);
    expect(paymentRows(other.reference)).toEqual([]);
    expect(query<{ n: number }>('SELECT COUNT(*) AS n FROM diary_entries WHERE move_date = ?', day)[0]!.n).toBe(
      query<{ n: number }>(DIARY_ROOM_SQL)[0]!.n,
    );
  });

  it('a deposit paid after the place went to someone else is refunded in full, the customer told and the office given a task', async () => {
    const day = await oneLeft();
    const late = await stored({ moveDate: day });
    // Checkout opened (the place held), then left for 24 hours: the session expires and the place is let go.
    const first = checkoutAt(new URL((await bookNow(late)).headers.get('location')!));
    expect((await fetch(`${stripeUrl()}/sessions/${first.sessionId}/lapse`, { method: 'POST' })).status).toBe(200);
    await takenEvents(first.sessionId, 'checkout.session.expired');
    await rowsWhen(
      () => diaryEntry(late.reference),
      (rows) => rows.length === 0,
    );
    // Back on the move page the customer presses Pay for the deposit (the day had room then) ...
    const pay = await fetch(`${apiBase()}${PAY_PATH}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': FORM, Origin: apiBase(), 'X-Test-Client': unique('client') },
      body: new URLSearchParams({ ref: late.reference, t: late.token, purpose: 'deposit' }).toString(),
    });
    expect(pay.status).toBe(303);
    const second = checkoutAt(new URL(pay.headers.get('location')!));
    // ... while another customer books and pays for the last place.
    const winner = await stored({ moveDate: day });
    const won = checkoutAt(new URL((await bookNow(winner)).headers.get('location')!));
    await pressPay(won.sessionId);
    await expect.poll(() => quoteStatus(winner.reference), { timeout: 20_000, interval: 100 }).toBe('booked');

    await pressPay(second.sessionId);
    const rows = await rowsWhen(
      () => paymentRows(late.reference),
      (found) => found.some((row) => row.status === 'refunded'),
    );
    const refunded = rows.find((row) => row.checkout_session_id === second.sessionId)!;
    expect([refunded.amount_pence, refunded.refunded_pence]).toEqual([DEPOSIT_PENCE, DEPOSIT_PENCE]);
    const [refund] = refundRows(late.reference);
    expect(refund).toMatchObject({ amount_pence: DEPOSIT_PENCE, status: 'succeeded' });
    expect((await stripeRefunds(refunded.payment_intent!)).map((r) => r.amount)).toEqual([DEPOSIT_PENCE]);
    // Not booked, and the day holds no more moves than it has room for.
    expect(quoteStatus(late.reference)).toBe('quoted');
    expect(diaryEntry(late.reference)).toEqual([]);
    expect(query<{ n: number }>('SELECT COUNT(*) AS n FROM diary_entries WHERE move_date = ?', day)[0]!.n).toBe(
      query<{ n: number }>(DIARY_ROOM_SQL)[0]!.n,
    );
    const email = await emailWithKey(`move:${late.reference}:payment:${refunded.id}:not-owed`);
    expect(email.text).toContain('we have refunded the £168.98 you paid to your card');
    expect(email.text).toContain('was taken before your payment reached us, so the move could not be booked');
    const [task] = openTasks(late.reference, 'payment_not_owed');
    expect(task!.detail).toContain('£168.98 goes back to the card automatically.');
    expect(query('SELECT 1 FROM office_tasks WHERE record_reference = ? AND kind = ?', late.reference, 'instant_booking')).toEqual([]);
    // Its move page no longer asks for the deposit of a day that is full.
    const again = await fetch(`${apiBase()}${PAY_PATH}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': FORM, Origin: apiBase(), 'X-Test-Client': unique('client') },
      body: new URLSearchParams({ ref: late.reference, t: late.token, purpose: 'deposit' }).toString(),
    });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(INSTANT_WORDS.full);
  });
});
