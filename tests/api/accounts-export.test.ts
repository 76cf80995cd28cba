/**
 * The accountant's export (issue 45 item 4) over HTTP. Worked by hand: registered for VAT at 20 %, a £495.00 move with
 * a £300.00 deposit paid, cancelled at noon two days before: £176.25 back (refunds.test.ts). The Xero CSV holds the
 * receipt at 300.00 and the credit note at -176.25, both "20% (VAT on Income)"; the payments CSV the deposit at 300.00
 * and its refund at -176.25, each with Stripe's id. The customer's name has a comma, so it is quoted.
 * Stripe's fee, at the stand-in's 1.5 % + 20p (the percentage to the penny, a half up): on £300.00, 450p + 20p = £4.70,
 * net £295.30; none on a refund (Stripe keeps a payment's fee), so the refund's fee is 0.00 and its net -176.25. On a
 * £123.75 deposit: 185.625p → 186p, + 20p = £2.06, net £121.69; blank, not 0.00, until the cron has read it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, londonToday } from '~/lib/dates';
import { OFFICE_PATHS } from '~/lib/office/paths';
import { csvLine } from '~/lib/office/accounts-export';
import { REPORT_MESSAGES, REPORTS_PATH } from '~/lib/office/reports';
import { makeQuote, manageMove, paidAndBooked } from './card-payments';
import { expectLimitedAfter, query, runCron, unique } from './helpers';
import { officeGet, officePost, OWNER_EMAIL, signInStaff } from './office';

const settings = (fields: Record<string, string>) => officePost(OFFICE_PATHS.settings, fields);
beforeAll(async () => {
  expect((await settings({ vatRegistered: 'on', vatNumber: 'GB123456789' })).status).toBe(303);
});
afterAll(async () => {
  expect((await settings({ vatRegistered: 'off', vatNumber: '', businessName: 'Shiftly' })).status).toBe(303);
});

/** Xero's template's columns, typed from its help pages (see src/lib/office/accounts-export.ts for where). */
const XERO_HEADER =
  '*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,' +
  'POCountry,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,InventoryItemCode,*Description,*Quantity,*UnitAmount,' +
  'Discount,*AccountCode,*TaxType,TrackingName1,TrackingOption1,TrackingName2,TrackingOption2,Currency,BrandingTheme';

/** RFC 4180 by hand: fields split on commas outside quotes, "" inside quotes is one quote, CRLF ends a record. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const next = text[i + 1];
    if (quoted && ch === '"' && next === '"') {
      field += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ',') endField();
    else if (!quoted && ch === '\r' && next === '\n') {
      endField();
      records.push(record);
      record = [];
      i++;
    } else field += ch;
  }
  return records;
}

const ukDate = (iso: string) => {
  const day = londonToday(new Date(iso));
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
};

const today = londonToday();

describe('the accountant’s export', () => {
  it('gives the period’s receipt and credit note in Xero’s layout, and its payment and refund, each download audited', async () => {
    const quote = await makeQuote(undefined, { name: 'Lovelace, Ada' });
    const { paymentIntent } = await paidAndBooked(quote, '300.00');
    const at = `${addDays(quote.moveDate, -2)}T12:00:00.000Z`;
    expect((await manageMove(quote, 'cancel', at)).status).toBe(200);
    expect((await manageMove(quote, 'cancel-confirm', at)).status).toBe(303);
    await expect
      .poll(() => query('SELECT kind FROM documents WHERE reference = ? ORDER BY number', quote.reference), { timeout: 20_000 })
      .toEqual([{ kind: 'receipt' }, { kind: 'credit_note' }]);
    const docs = query<{ number: number; issued_at: string }>(
      'SELECT number, issued_at FROM documents WHERE reference = ? ORDER BY number',
      quote.reference,
    );
    const [from, to] = [addDays(today, -1), addDays(quote.moveDate, 1)];

    const xero = await officeGet(`/office/reports/xero.csv?from=${from}&to=${to}`);
    expect(xero.status).toBe(200);
    expect(xero.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(xero.headers.get('Content-Disposition')).toBe(`attachment; filename="xero-${from}-to-${to}.csv"`);
    expect(xero.headers.get('Content-Length')).toBeNull();
    const text = await xero.text();
    expect(text.split('\r\n')[0]).toBe(XERO_HEADER);
    expect(text).toContain('"Lovelace, Ada",');
    const mine = parseCsv(text).filter((row) => row[11]?.endsWith(quote.reference));
    const row = (number: number, kind: string, date: string, description: string, amount: string) => [
      ...['Lovelace, Ada', '', '1 Palace Street', 'London', '', '', '', '', 'SW1A 1AA', ''],
      ...[String(number).padStart(6, '0'), `${kind} for move ${quote.reference}`, date, date, ''],
      ...[description, '1', amount, '', '200', '20% (VAT on Income)', '', '', '', '', 'GBP', ''],
    ];
    expect(mine).toEqual([
      row(docs[0]!.number, 'Receipt', ukDate(docs[0]!.issued_at), `Deposit for your move ${quote.reference}`, '300.00'),
      row(docs[1]!.number, 'Credit note', ukDate(docs[1]!.issued_at), `Refund of the deposit for move ${quote.reference}`, '-176.25'),
    ]);

    const payments = await officeGet(`/office/reports/payments.csv?from=${from}&to=${to}`);
    expect(payments.status).toBe(200);
    expect(payments.headers.get('Content-Disposition')).toBe(`attachment; filename="payments-${from}-to-${to}.csv"`);
    const records = parseCsv(await payments.text());
    expect(records[0]).toEqual(['Date', 'Reference', 'Kind', 'Amount', 'Stripe id', 'Stripe fee', 'Net of fee']);
    const [paid] = query<{ paid_at: string }>('SELECT paid_at FROM payments WHERE reference = ?', quote.reference);
    const [refund] = query<{ done_at: string; stripe_refund_id: string }>(
      'SELECT r.done_at, r.stripe_refund_id FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.reference = ?',
      quote.reference,
    );
    expect(records.filter((r) => r[1] === quote.reference)).toEqual([
      [ukDate(paid!.paid_at), quote.reference, 'Deposit', '300.00', paymentIntent, '4.70', '295.30'],
      [ukDate(refund!.done_at), quote.reference, 'Refund of the deposit', '-176.25', refund!.stripe_refund_id, '0.00', '-176.25'],
    ]);

    const audit = query<{ actor: string; detail: string }>(
      "SELECT actor, detail FROM audit_log WHERE action = 'accounts_exported' ORDER BY id DESC LIMIT 2",
    );
    expect(audit).toEqual([
      { actor: OWNER_EMAIL, detail: `Downloaded the payments CSV for ${from} to ${to}` },
      { actor: OWNER_EMAIL, detail: `Downloaded the Xero CSV for ${from} to ${to}` },
    ]);
  });

  it('leaves a payment’s fee and net blank until Stripe’s fee is read, then gives them', async () => {
    // The stand-in fails the first read of this customer's PaymentIntent: the confirmation's read of the fee.
    const quote = await makeQuote('intentfailtimes1');
    const { paymentIntent } = await paidAndBooked(quote, '123.75');
    expect(query('SELECT stripe_fee_pence AS fee FROM payments WHERE reference = ?', quote.reference)).toEqual([{ fee: null }]);
    const [paid] = query<{ paid_at: string }>('SELECT paid_at FROM payments WHERE reference = ?', quote.reference);
    const path = `/office/reports/payments.csv?from=${addDays(today, -1)}&to=${addDays(today, 1)}`;
    const mine = async () => parseCsv(await (await officeGet(path)).text()).filter((row) => row[1] === quote.reference);
    expect(await mine()).toEqual([[ukDate(paid!.paid_at), quote.reference, 'Deposit', '123.75', paymentIntent, '', '']]);

    await runCron();
    expect(query('SELECT stripe_fee_pence AS fee FROM payments WHERE reference = ?', quote.reference)).toEqual([{ fee: 206 }]);
    expect((await mine()).map((row) => row.slice(3))).toEqual([['123.75', paymentIntent, '2.06', '121.69']]);
  });

  it('leaves out a move’s final invoice, whose total repeats its receipts: £495.00 paid once is £495.00 of sales', async () => {
    const quote = await makeQuote();
    await paidAndBooked(quote, '495.00');
    await expect
      .poll(() => query('SELECT kind FROM documents WHERE reference = ? ORDER BY number', quote.reference), { timeout: 20_000 })
      .toEqual([{ kind: 'receipt' }, { kind: 'invoice' }]);
    const text = await (await officeGet(`/office/reports/xero.csv?from=${addDays(today, -1)}&to=${addDays(today, 1)}`)).text();
    const mine = parseCsv(text).filter((row) => row[11]?.endsWith(quote.reference));
    expect(mine.map((row) => [row[11], row[17]])).toEqual([[`Receipt for move ${quote.reference}`, '495.00']]);
  });

  it('quotes commas, quotes and line breaks, and keeps a formula from running', () => {
    expect(csvLine(['Smith, Jo', 'say "hi"', 'two\nlines', '=SUM(A1)', { raw: '-1.00' }])).toBe(
      '"Smith, Jo","say ""hi""","two\nlines",\'=SUM(A1),-1.00\r\n',
    );
  });

  it('links both downloads, with the period, under the reports page’s form', async () => {
    const html = await (await officeGet(`${REPORTS_PATH}?from=2026-01-01&to=2026-01-31`)).text();
    expect(html).toContain('href="/office/reports/xero.csv?from=2026-01-01&amp;to=2026-01-31"');
    expect(html).toContain('href="/office/reports/payments.csv?from=2026-01-01&amp;to=2026-01-31"');
    expect(html).toContain('Download for Xero (CSV)');
    expect(html).toContain('Payments (CSV)');
  });

  it('is the owner’s alone, and refuses a period that is not one', async () => {
    const signedOut = await officeGet('/office/reports/xero.csv', null);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('Location')).toBe('/login');
    const email = `${unique('export-staff')}@example.com`;
    expect((await officePost(`${OFFICE_PATHS.staff}/add`, { name: 'Priya Shah', email })).status).toBe(303);
    const staff = await signInStaff(email);
    expect((await officeGet('/office/reports/xero.csv', staff)).status).toBe(404);
    expect((await officeGet('/office/reports/payments.csv', staff)).status).toBe(404);
    expect(query("SELECT 1 FROM audit_log WHERE action = 'accounts_exported' AND actor = ?", email)).toEqual([]);

    const bad = await officeGet(`/office/reports/xero.csv?from=someday&to=${today}`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: { code: 'validation_failed', message: 'Please check the highlighted fields.', fields: { from: REPORT_MESSAGES.from } },
    });
    const backwards = await officeGet(`/office/reports/payments.csv?from=${today}&to=${addDays(today, -1)}`);
    expect(backwards.status).toBe(400);
    expect(((await backwards.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ to: REPORT_MESSAGES.order });
  });

  it('is rate-limited: past the test limit (100 a minute, wrangler.jsonc) a download is a 429 and no audit line', async () => {
    const audited = () => query("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'accounts_exported'")[0];
    const client = { 'X-Test-Client': unique('export-client') };
    const empty = () => officeGet('/office/reports/payments.csv?from=2020-01-01&to=2020-01-31', undefined, client);
    const refused = await expectLimitedAfter(100, empty, 60, 200);
    const before = audited();
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await empty()).status).toBe(429);
    expect(audited()).toEqual(before);
  });
});
