/**
 * Receipts, invoices and credit notes (issue 45 item 2) over HTTP, the figures worked by hand (VAT = total × 20 / 120, to
 * the penny): each payment's receipt, the invoice once paid in full, a refund's credit note; numbers from one sequence
 * without a gap or repeat, also when many payments land at once; stored as issued; the customer's copy opens only with
 * their move's link, the office's only for staff. Settings are the whole site's: VAT is switched off again at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '~/lib/dates';
import { OFFICE_DOCUMENT_PATH } from '~/lib/documents';
import { leadPath, OFFICE_PATHS } from '~/lib/office/paths';
import { acceptWrittenQuote, postAcceptQuote, sendWrittenQuote } from '../shared/office-posts';
import {
  checkoutAt,
  deliveredEvent,
  emailWithKey,
  makeQuote,
  manageMove,
  paidAndBooked,
  pressPay,
  quoteStatus,
  type Made,
} from './card-payments';
import { apiBase, query, runCron } from './helpers';
import { readPage } from './html';
import { officeGet, officePost, ownerCookie } from './office';

const FIRM = 'Shiftly';
const VAT_NUMBER = 'GB123456789';

const settings = (fields: Record<string, string>) => officePost(OFFICE_PATHS.settings, fields);

beforeAll(async () => {
  expect((await settings({ vatRegistered: 'on', vatNumber: VAT_NUMBER })).status).toBe(303);
});
afterAll(async () => {
  expect((await settings({ vatRegistered: 'off', vatNumber: '', businessName: FIRM })).status).toBe(303);
});

interface DocRow {
  number: number;
  kind: string;
  total_pence: number;
  vat_pence: number | null;
}
const documentsOf = (reference: string) =>
  query<DocRow>('SELECT number, kind, total_pence, vat_pence FROM documents WHERE reference = ? ORDER BY number', reference);

const documentsWhen = async (reference: string, count: number) => {
  await expect.poll(() => documentsOf(reference).length, { timeout: 20_000, interval: 100 }).toBe(count);
  return documentsOf(reference);
};

const customerCopy = (quote: Made, number: number, token: string | null = quote.token) =>
  fetch(`${apiBase()}/move-document?${new URLSearchParams({ ref: quote.reference, ...(token ? { t: token } : {}), n: String(number) })}`, {
    redirect: 'manual',
  });

async function opened(quote: Made, number: number) {
  const response = await customerCopy(quote, number);
  expect(response.status).toBe(200);
  const html = await response.text();
  return { html, page: readPage(html) };
}

/** £1,000.00 + £224.90, all of it as the deposit: one payment pays the move in full. */
async function paidInFull(): Promise<Made> {
  const quote = await makeQuote();
  await sendWrittenQuote({ base: apiBase(), session: ownerCookie() }, quote.reference, {
    lines: [
      ['Removal', '1000.00'],
      ['Packing', '224.90'],
    ],
    deposit: '1224.90',
  });
  const { sessionId } = checkoutAt(await acceptWrittenQuote(apiBase(), quote));
  await pressPay(sessionId);
  await deliveredEvent(sessionId);
  await expect.poll(() => quoteStatus(quote.reference), { timeout: 20_000, interval: 100 }).toBe('booked');
  return quote;
}

describe('registered for VAT', () => {
  it('a move paid in full gets its receipt and then its invoice, each with the VAT within, the firm’s VAT number and both addresses', async () => {
    const quote = await paidInFull();
    const [receipt, invoice] = await documentsWhen(quote.reference, 2);
    // £1,224.90 × 20 / 120 = £204.15, on both.
    expect(receipt).toMatchObject({ kind: 'receipt', total_pence: 122490, vat_pence: 20415 });
    expect(invoice).toMatchObject({ kind: 'invoice', number: receipt!.number + 1, total_pence: 122490, vat_pence: 20415 });

    const { page, html } = await opened(quote, invoice!.number);
    expect(page.filled('document:title')).toBe(`Invoice ${String(invoice!.number).padStart(6, '0')}`);
    expect(page.filled('document:total')).toBe('£1,224.90');
    expect(page.filled('document:vat')).toBe('£204.15');
    expect(page.filled('document:vat-number')).toBe(`VAT number ${VAT_NUMBER}`);
    expect(page.filled('document:firm')).toBe(FIRM);
    expect(page.filled('document:customer')).toBe('Ada Lovelace');
    for (const words of ['Removal', '£1,000.00', 'Packing', '£224.90', '14 Wharf Road', '1 Palace Street', 'Left to pay', '£0.00'])
      expect(html).toContain(words);
    // The move page links both.
    const move = await (await fetch(`${apiBase()}/quote-confirmation?ref=${quote.reference}&t=${quote.token}`)).text();
    expect(move).toContain(`/move-document?ref=${quote.reference}&amp;t=${quote.token}&amp;n=${invoice!.number}`);
    // Its own e-mail, with its number and VAT.
    const email = await emailWithKey(`move:${quote.reference}:document:${invoice!.number}`);
    expect(email.subject).toContain(`invoice ${String(invoice!.number).padStart(6, '0')}`);
    expect(email.text).toContain('£204.15');
    expect(email.text).toContain(VAT_NUMBER);
  });

  it('a refund makes a credit note with its own number, against the deposit’s receipt', async () => {
    // £495.00 with a £300.00 deposit (VAT £50.00), cancelled at noon two days before: £176.25 back (refunds.test.ts).
    const quote = await makeQuote();
    await paidAndBooked(quote, '300.00');
    const [receipt] = await documentsWhen(quote.reference, 1);
    expect(receipt).toMatchObject({ kind: 'receipt', total_pence: 30000, vat_pence: 5000 });
    const at = `${addDays(quote.moveDate, -2)}T12:00:00.000Z`;
    expect((await manageMove(quote, 'cancel', at)).status).toBe(200);
    expect((await manageMove(quote, 'cancel-confirm', at)).status).toBe(303);
    const [, credit] = await documentsWhen(quote.reference, 2);
    // £176.25 × 20 / 120 = £29.375: £29.38.
    expect(credit).toMatchObject({ kind: 'credit_note', total_pence: 17625, vat_pence: 2938 });
    expect(credit!.number).toBeGreaterThan(receipt!.number);
    const { page } = await opened(quote, credit!.number);
    expect(page.filled('document:title')).toBe(`Credit note ${String(credit!.number).padStart(6, '0')}`);
    expect(page.filled('document:total')).toBe('£176.25');
    expect(page.filled('document:vat')).toBe('£29.38');
    expect(page.filled('document:against')).toBe(`Against receipt ${String(receipt!.number).padStart(6, '0')}`);
  });

  it('numbers every document from one sequence with no gap or repeat when many payments land at once', async () => {
    const quotes = await Promise.all(Array.from({ length: 8 }, () => makeQuote()));
    await Promise.all(quotes.map((quote) => paidAndBooked(quote, '123.75')));
    for (const quote of quotes) expect(await documentsWhen(quote.reference, 1)).toMatchObject([{ kind: 'receipt', vat_pence: 2063 }]);
    const numbers = query<{ number: number }>('SELECT number FROM documents ORDER BY number').map((row) => row.number);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
    const mine = quotes.map((quote) => documentsOf(quote.reference)[0]!.number);
    expect(new Set(mine).size).toBe(8);
  });

  it('is kept as issued: a later change of the firm’s name does not rewrite it', async () => {
    const quote = await makeQuote();
    await paidAndBooked(quote, '123.75');
    const [receipt] = await documentsWhen(quote.reference, 1);
    expect((await settings({ businessName: 'Shiftly Removals' })).status).toBe(303);
    const { page } = await opened(quote, receipt!.number);
    expect(page.filled('document:firm')).toBe(FIRM);
    expect(page.filled('document:total')).toBe('£123.75');
    expect((await settings({ businessName: FIRM })).status).toBe(303);
  });
});

describe('a lower price', () => {
  /**
   * The rule (docs/architecture.md, "Money"): a lower price makes no document of its own. Before the invoice, the
   * receipts stand and the invoice carries the final price; money paid beyond the new price is refunded, and each
   * refund's credit note is the correction, so the same money is never credited twice. VAT = total × 20 / 120.
   */
  const newVersion = (quote: Made, pounds: string, deposit: string) =>
    sendWrittenQuote({ base: apiBase(), session: ownerCookie() }, quote.reference, { lines: [['Removal', pounds]], deposit });
  const acceptVersion2 = async (quote: Made) => expect((await postAcceptQuote(apiBase(), quote, '2')).status).toBe(303);
  const refundsOf = (reference: string) =>
    query<{ amount_pence: number; status: string }>(
      'SELECT r.amount_pence, r.status FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.reference = ? ORDER BY r.id',
      reference,
    );

  it('after the invoice: the £75.00 paid beyond a £495.00 move now £420.00 is refunded, and its credit note is the only one', async () => {
    // £495.00 paid at once: receipt and invoice of £495.00, VAT £82.50 each.
    const quote = await makeQuote();
    await paidAndBooked(quote, '495.00');
    const [receipt, invoice] = await documentsWhen(quote.reference, 2);
    expect([receipt, invoice]).toMatchObject([
      { kind: 'receipt', total_pence: 49500, vat_pence: 8250 },
      { kind: 'invoice', total_pence: 49500, vat_pence: 8250 },
    ]);
    await newVersion(quote, '420.00', '420.00');
    await acceptVersion2(quote);
    // £495.00 − £420.00 = £75.00 back; its credit note's VAT £75.00 / 6 = £12.50. The invoice stands as issued.
    const [, , credit] = await documentsWhen(quote.reference, 3);
    expect(credit).toMatchObject({ kind: 'credit_note', total_pence: 7500, vat_pence: 1250 });
    expect(refundsOf(quote.reference)).toEqual([{ amount_pence: 7500, status: 'succeeded' }]);
    const { page } = await opened(quote, credit!.number);
    expect(page.filled('document:against')).toBe(`Against receipt ${String(receipt!.number).padStart(6, '0')}`);
    // Asked again (the cron, another payment's documents), nothing more is issued: £495.00 − £75.00 = £420.00 in all.
    await runCron();
    expect(documentsOf(quote.reference).map((doc) => doc.kind)).toEqual(['receipt', 'invoice', 'credit_note']);
    const email = await emailWithKey(`move:${quote.reference}:written-quote:2:accepted:customer`);
    expect(email.text).toContain('You have already paid £495.00, so we are refunding the £75.00 beyond it to your card.');
  });

  it('before the invoice: a £300.00 deposit on a move now £250.00 gets £50.00 back, then the invoice at £250.00', async () => {
    const quote = await makeQuote();
    await paidAndBooked(quote, '300.00');
    expect(await documentsWhen(quote.reference, 1)).toMatchObject([{ kind: 'receipt', total_pence: 30000, vat_pence: 5000 }]);
    await newVersion(quote, '250.00', '100.00');
    await acceptVersion2(quote);
    // £300.00 − £250.00 = £50.00 back (VAT £8.333: £8.33); kept £250.00 pays the new price in full: the invoice, VAT
    // £41.667: £41.67. Receipt £300.00 − credit note £50.00 = invoice £250.00.
    const [, credit, invoice] = await documentsWhen(quote.reference, 3);
    expect(credit).toMatchObject({ kind: 'credit_note', total_pence: 5000, vat_pence: 833 });
    expect(invoice).toMatchObject({ kind: 'invoice', total_pence: 25000, vat_pence: 4167 });
    const { page, html } = await opened(quote, invoice!.number);
    expect(page.filled('document:total')).toBe('£250.00');
    expect(html).toContain('Left to pay');
  });

  it('still above what was paid: no refund and no credit note; the receipt stands and the balance is what is left', async () => {
    const quote = await makeQuote();
    await paidAndBooked(quote, '300.00');
    await documentsWhen(quote.reference, 1);
    await newVersion(quote, '450.00', '300.00');
    await acceptVersion2(quote);
    await runCron();
    expect(documentsOf(quote.reference).map((doc) => doc.kind)).toEqual(['receipt']);
    expect(refundsOf(quote.reference)).toEqual([]);
    // £450.00 − £300.00 paid = £150.00 left, on the move page.
    const move = await (await fetch(`${apiBase()}/quote-confirmation?ref=${quote.reference}&t=${quote.token}`)).text();
    expect(move).toContain('£150.00');
    // The deposit is paid already: the e-mail says what is left, not that paying a deposit books the move.
    const email = await emailWithKey(`move:${quote.reference}:written-quote:2:accepted:customer`);
    expect(email.text).toContain('You have already paid £300.00; the remaining £150.00 is paid by card from your move page.');
    expect(email.text).not.toContain('deposit is paid');
  });
});

describe('who may open a document', () => {
  it('the customer’s copy needs their move’s link; another move’s link, none, or the office’s address without staff: refused', async () => {
    const [mine, theirs] = await Promise.all([makeQuote(), makeQuote()]);
    await paidAndBooked(mine, '123.75');
    const [receipt] = await documentsWhen(mine.reference, 1);
    // Another move's link with this number, and no token: the 404 every unopened move link gets.
    const stranger = await fetch(
      `${apiBase()}/move-document?${new URLSearchParams({ ref: theirs.reference, t: theirs.token, n: String(receipt!.number) })}`,
      { redirect: 'manual' },
    );
    expect(stranger.status).toBe(404);
    expect((await customerCopy(mine, receipt!.number, null)).status).toBe(404);
    expect((await customerCopy(mine, receipt!.number, 'x'.repeat(32))).status).toBe(404);
    expect((await customerCopy(mine, 999_999)).status).toBe(404);
    // The office's copy: staff only; a customer (no staff session) is sent to sign in.
    const office = `${OFFICE_DOCUMENT_PATH}?n=${receipt!.number}`;
    const signedOut = await officeGet(office, null);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('Location')).toBe('/login');
    const owner = await officeGet(office);
    expect(owner.status).toBe(200);
    expect(readPage(await owner.text()).filled('document:total')).toBe('£123.75');
    // The lead page links it.
    expect(await (await officeGet(leadPath(mine.reference))).text()).toContain(`${OFFICE_DOCUMENT_PATH}?n=${receipt!.number}`);
  });
});

describe('not registered', () => {
  it('issues the same documents with no VAT on them', async () => {
    expect((await settings({ vatRegistered: 'off', vatNumber: '' })).status).toBe(303);
    const quote = await paidInFull();
    const [receipt, invoice] = await documentsWhen(quote.reference, 2);
    expect(receipt).toMatchObject({ kind: 'receipt', total_pence: 122490, vat_pence: null });
    expect(invoice).toMatchObject({ kind: 'invoice', vat_pence: null });
    for (const doc of [receipt!, invoice!]) {
      const { html, page } = await opened(quote, doc.number);
      expect(page.filled('document:total')).toBe('£1,224.90');
      expect(html).not.toMatch(/VAT/);
    }
    expect((await emailWithKey(`move:${quote.reference}:document:${invoice!.number}`)).html).not.toMatch(/VAT/);
    expect((await settings({ vatRegistered: 'on', vatNumber: VAT_NUMBER })).status).toBe(303);
  });
});
