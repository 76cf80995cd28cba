/** A quote taken to a booking as the customer and our staff do it (over HTTP: "book" on its page, then the staff link). */
import type { APIRequestContext } from '@playwright/test';
import type { QuoteAnswer } from '../../src/lib/api';
import { expect } from './fixtures';
import { capturedEmails, storeQuote, type CapturedEmail } from './quote-helpers';
import { EMAIL_WAIT_MS } from '../shared/mail';

export const BUSINESS = 'leads@shiftly.example';

/** The e-mail to the business about `reference` whose subject says `headline`, once it has arrived. */
export async function businessEmail(reference: string, headline: string): Promise<CapturedEmail> {
  const find = async () =>
    (await capturedEmails()).find((e) => [e.to].flat().includes(BUSINESS) && e.subject.includes(reference) && e.subject.includes(headline));
  await expect.poll(async () => !!(await find()), { timeout: EMAIL_WAIT_MS }).toBe(true);
  return (await find())!;
}

export async function bookedQuote(request: APIRequestContext, baseURL: string, overrides: Record<string, unknown>): Promise<QuoteAnswer> {
  const answer = await storeQuote(request, overrides);
  const headers = { Origin: baseURL };
  const t = new URL(answer.confirmationUrl, baseURL).searchParams.get('t')!;
  const asked = await request.post('/quote-confirmation', { form: { ref: answer.reference, t, action: 'book' }, headers, maxRedirects: 0 });
  expect(asked.status()).toBe(303);
  const staff = new URL(
    /https?:\/\/\S+\/quote-staff\?\S+/.exec((await businessEmail(answer.reference, 'booking requested')).text ?? '')![0],
  );
  const form = { ref: answer.reference, t: staff.searchParams.get('t')!, action: 'confirm', note: '', reason: 'Pays on the day' };
  expect((await request.post('/quote-staff', { form, headers })).status()).toBe(200);
  return answer;
}
