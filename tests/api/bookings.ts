/** A quote taken to a booking over HTTP as the customer and our staff do it: "book" on its page, then the staff link. */
import { expect } from 'vitest';
import { PAGE_PATHS, type QuoteAnswer } from '~/lib/api';
import { apiBase, waitForEmail } from './helpers';

export const BUSINESS = 'leads@shiftly.example';
const FORM = 'application/x-www-form-urlencoded';

export const postForm = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${apiBase()}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': FORM, Origin: apiBase(), ...headers },
    body: new URLSearchParams(fields).toString(),
  });

/** Asks to book from the quote's own page. */
export async function requestBooking(answer: QuoteAnswer): Promise<void> {
  const t = new URL(answer.confirmationUrl, apiBase()).searchParams.get('t')!;
  expect((await postForm(PAGE_PATHS.confirmation, { ref: answer.reference, t, action: 'book' })).status).toBe(303);
}

/** The staff link of the business e-mail about the booking request, once it has arrived. */
export async function bookingStaffLink(reference: string): Promise<URL> {
  const business = await waitForEmail({ to: BUSINESS, mentions: reference, subject: 'booking requested', replays: true });
  return new URL(/https?:\/\/\S+\/quote-staff\?\S+/.exec(business.text)![0]);
}

/** Our staff press Confirm on the booking request's staff link: the answer, booked or refused. */
export async function confirmByStaffLink(reference: string): Promise<Response> {
  const staff = await bookingStaffLink(reference);
  return postForm(PAGE_PATHS.staff, {
    ref: reference,
    t: staff.searchParams.get('t')!,
    action: 'confirm',
    note: '',
    // Confirmed without a written quote's deposit: staff say why (issue 40 item 4).
    reason: 'Regular customer: pays on the day',
  });
}

/** Asked for and confirmed by our staff: booked. */
export async function bookMove(answer: QuoteAnswer): Promise<void> {
  await requestBooking(answer);
  expect((await confirmByStaffLink(answer.reference)).status).toBe(200);
}
