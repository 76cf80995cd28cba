/**
 * VAT in the owner's settings (issue 45 item 1) over HTTP. Prices stay VAT-inclusive; registered at 20 %, the written
 * quote (page and e-mail) and the receipt show the VAT within each total, worked by hand as total × 20 / 120 to the
 * penny; not registered, nothing shows VAT. Settings are the whole site's: the file switches VAT off again at the end.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { OFFICE_PATHS } from '~/lib/office/paths';
import { SETTINGS_MESSAGES } from '~/lib/office/settings';
import { acceptWrittenQuote, sendWrittenQuote } from '../shared/office-posts';
import { checkoutAt, deliveredEvent, emailWithKey, makeQuote, paymentRows, pressPay, quoteStatus, type Made } from './card-payments';
import { apiBase, query } from './helpers';
import { readPage } from './html';
import { officePost, ownerCookie } from './office';

const vatSettings = (fields: { vatRegistered: string; vatNumber: string }) => officePost(OFFICE_PATHS.settings, fields);

afterAll(async () => {
  expect((await vatSettings({ vatRegistered: 'off', vatNumber: '' })).status).toBe(303);
});

const movePage = async (quote: Made) =>
  readPage(await (await fetch(`${apiBase()}/quote-confirmation?ref=${quote.reference}&t=${quote.token}`)).text());

/** £1,000.00 + £224.90 = £1,224.90, with a £123.75 deposit, sent, accepted and the deposit paid on the stand-in. */
async function quotedAndPaid(): Promise<{ quote: Made; written: string; receipt: string[]; page: ReturnType<typeof readPage> }> {
  const quote = await makeQuote();
  await sendWrittenQuote({ base: apiBase(), session: ownerCookie() }, quote.reference, {
    lines: [
      ['Removal', '1000.00'],
      ['Packing', '224.90'],
    ],
    deposit: '123.75',
  });
  const written = await emailWithKey(`move:${quote.reference}:written-quote:1:customer`);
  const page = await movePage(quote);
  const { sessionId } = checkoutAt(await acceptWrittenQuote(apiBase(), quote));
  await pressPay(sessionId);
  await deliveredEvent(sessionId);
  await expect.poll(() => quoteStatus(quote.reference), { timeout: 20_000, interval: 100 }).toBe('booked');
  const receipt = await emailWithKey(`move:${quote.reference}:payment:${paymentRows(quote.reference)[0]!.id}:receipt`);
  return { quote, written: `${written.html}\n${written.text}`, receipt: [receipt.html, receipt.text], page };
}

describe('the VAT settings', () => {
  it('refuses a VAT number that is not GB and 9 or 12 digits, and registering without one, changing nothing', async () => {
    const before = query('SELECT key, value FROM office_settings ORDER BY key');
    const bad = await vatSettings({ vatRegistered: 'on', vatNumber: 'GB12345678' });
    expect(bad.status).toBe(400);
    expect(readPage(await bad.text()).filled('error:vatNumber')).toBe(SETTINGS_MESSAGES.vatNumber);
    const missing = await vatSettings({ vatRegistered: 'on', vatNumber: '' });
    expect(missing.status).toBe(400);
    expect(readPage(await missing.text()).filled('error:vatNumber')).toBe(SETTINGS_MESSAGES.vatNumberMissing);
    expect(query('SELECT key, value FROM office_settings ORDER BY key')).toEqual(before);
  });

  it('takes GB and 12 digits as typed with spaces, stored without them, each change an audit line', async () => {
    expect((await vatSettings({ vatRegistered: 'on', vatNumber: 'gb 123 4567 89 001' })).status).toBe(303);
    expect(query("SELECT value FROM office_settings WHERE key = 'vatNumber'")).toEqual([{ value: '"GB123456789001"' }]);
    const lines = query<{ detail: string }>("SELECT detail FROM audit_log WHERE action = 'setting_changed' ORDER BY id DESC LIMIT 2");
    expect(lines.map((line) => line.detail).sort()).toEqual(['Registered for VAT: Off → On', 'VAT number: none → GB123456789001']);
  });
});

describe('registered at 20 %', () => {
  it('shows the VAT within the written quote’s total and the deposit receipt’s amount, with the VAT number', async () => {
    expect((await vatSettings({ vatRegistered: 'on', vatNumber: 'GB 123 456 789' })).status).toBe(303);
    const { written, receipt, page } = await quotedAndPaid();
    // £1,224.90 × 20 / 120 = £204.15.
    expect(page.filled('written:vat')).toBe('£204.15');
    expect(written).toContain('Of which VAT at 20%');
    expect(written).toContain('£204.15');
    // The deposit: £123.75 × 20 / 120 = £20.625, to the penny £20.63.
    for (const body of receipt) {
      expect(body).toContain('Of which VAT at 20%');
      expect(body).toContain('£20.63');
      expect(body).toContain('GB123456789');
    }
  });
});

describe('not registered', () => {
  it('shows no VAT anywhere: not on the written quote, its e-mail or the receipt', async () => {
    expect((await vatSettings({ vatRegistered: 'off', vatNumber: '' })).status).toBe(303);
    const { written, receipt, page } = await quotedAndPaid();
    expect(page.filled('written:vat')).toBe('');
    expect(page.filled('written:total')).toBe('£1,224.90');
    for (const body of [written, ...receipt]) expect(body).not.toMatch(/VAT/);
  });
});
