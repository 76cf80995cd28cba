/**
 * Issue 30, item 8, for e-mail: every e-mail of a quote's life (sent, booking asked for, confirmed by the staff link,
 * cancelled at short notice), of a message and of a call-back, as the mail catcher received it, states each promise
 * only in the figures of src/data/promises.ts (the rules of tests/shared/promise-rules.ts, on the text part and on the
 * HTML part as read).
 */
import { describe, expect, it } from 'vitest';
import { API_PATHS, PAGE_PATHS, type QuoteAnswer } from '~/lib/api';
import { addDays } from '~/lib/dates';
import { afterAQuote, EMAIL_REPLY, FREE_CANCELLATION_HOURS, openingHoursLine } from '~/data/promises';
import { openDay } from '../shared/dates';
import { pageText } from '../shared/page-text';
import { promiseProblems } from '../shared/promise-rules';
import { apiBase, call, emails, unique, validContact, validQuote, type CapturedEmail } from './helpers';

const BUSINESS = 'leads@shiftly.example';

/** A plain form post from the site, as a browser sends it; `now` stands the Worker's clock there (test env). */
function post(path: string, fields: Record<string, string>, now?: string): Promise<Response> {
  return fetch(`${apiBase()}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: apiBase(), ...(now ? { 'X-Test-Now': now } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The e-mails whose subject names `reference`, once one has each of `headlines` in its subject. */
async function mailAbout(reference: string, headlines: string[]): Promise<CapturedEmail[]> {
  const about = async () => (await emails()).filter((e) => e.subject.includes(reference));
  const missing = async () => {
    const subjects = (await about()).map((e) => e.subject);
    return headlines.filter((headline) => !subjects.some((subject) => subject.includes(headline)));
  };
  await expect.poll(missing).toEqual([]);
  return about();
}

describe('e-mails keep the promises of src/data/promises.ts', () => {
  it('a quote sent, asked to book, confirmed and cancelled the day before; a message; a call-back', async () => {
    const email = `${unique('promises')}@example.com`;
    const moveDate = openDay(10, 3);
    const created = await call(API_PATHS.quote, validQuote({ email, moveDate }));
    expect(created.status).toBe(201);
    const answer = (await created.json()) as QuoteAnswer;
    const link = new URL(answer.confirmationUrl, apiBase());
    const ref = answer.reference;
    const t = link.searchParams.get('t')!;

    expect((await post(PAGE_PATHS.confirmation, { ref, t, action: 'book' })).status).toBe(303);
    const [request] = (await mailAbout(ref, ['booking requested'])).filter(
      (e) => e.subject.includes('booking requested') && [e.to].flat().includes(BUSINESS),
    );
    const staff = new URL(/https?:\/\/\S+\/quote-staff\?\S+/.exec(request!.text)![0]);
    const confirmed = await post(PAGE_PATHS.staff, {
      ref,
      t: staff.searchParams.get('t')!,
      action: 'confirm',
      note: '',
      reason: 'Pays on the day',
    });
    expect(confirmed.status).toBe(200);
    // The day before the move: inside the free-cancellation notice.
    const cancelled = await post(PAGE_PATHS.confirmation, { ref, t, action: 'cancel-confirm' }, `${addDays(moveDate, -1)}T09:00:00Z`);
    expect(cancelled.status).toBe(303);

    const message = await call(API_PATHS.contact, validContact());
    expect(message.status).toBe(201);
    const { reference: messageRef } = (await message.json()) as { reference: string };
    const callback = await call(API_PATHS.callback, { name: 'Grace Hopper', phone: '020 7946 0321' });
    expect(callback.status).toBe(201);
    const { reference: callbackRef } = (await callback.json()) as { reference: string };

    const mail = [
      ...(await mailAbout(ref, ['quote request', 'booking requested', 'booking confirmed', 'move cancelled'])),
      ...(await mailAbout(messageRef, [''])),
      ...(await mailAbout(callbackRef, [''])),
    ];
    const problems = mail.flatMap((e) =>
      [...promiseProblems(e.text), ...promiseProblems(pageText(e.html))].map((problem) => `${e.subject}: ${problem}`),
    );
    expect(problems).toEqual([]);

    // The rules can fail only if the promises are there: the next steps, the hours, the notice, the reply.
    const customer = mail.filter((e) => [e.to].flat().includes(email));
    const quoteMail = customer.find((e) => e.subject.includes('quote request'))!;
    for (const step of afterAQuote) expect(quoteMail.text).toContain(`${step.title}: ${step.text}`);
    for (const e of customer) expect(e.text, e.subject).toContain(openingHoursLine());
    const cancelMail = customer.find((e) => e.subject.includes('move cancelled'))!;
    expect(cancelMail.text).toContain(`less than ${FREE_CANCELLATION_HOURS} hours before`);
    const reply = mail.find((e) => e.subject.includes(messageRef) && ![e.to].flat().includes(BUSINESS));
    expect(reply?.text).toContain(EMAIL_REPLY);
  });
});
