/**
 * Partners paid through Stripe Connect (issue 43 item 5), the steps the tests take over HTTP: an approved partner who
 * has set up payouts, a paid and crewed move, the crew's "Job done", a refund from Stripe's dashboard. Shared by
 * partner-connect.test.ts and accounts-ledger-partners.test.ts (the ledger's transfers).
 */
import { DatabaseSync } from 'node:sqlite';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { londonDayStart } from '~/lib/dates';
import { JOB_SHEET_TOKEN_FIELD, OFFICE_PATHS } from '~/lib/office/paths';
import { PAYOUT_PATHS } from '~/lib/partners/payouts';
import { ACCOUNT_PATHS, SIGN_IN_LINK_FIELD } from '~/lib/account';
import { diaryDay, WEEKDAY } from '../shared/diary-days';
import { bookInDiary } from '../shared/office-posts';
import { makeQuote, paidAndBooked, stripeUrl, type Made } from './card-payments';
import { apiBase, emailsWhere, ownerSessionFile, query, statePath, unique, waitForEmails } from './helpers';
import { readPage } from './html';
import { officePost, ownerCookie, ownerSignedIn as signOwnerIn } from './office';
import { applied, asPartner, PARTNER_COOKIE, partnerSession } from './partner-apply';
export const PRICE = 49_500;
export const SHARE = 42_075;
export const FORM = 'application/x-www-form-urlencoded';
export const HOUR = 3_600_000;

/**
 * The one seam: the claim is the offers' work (partner_jobs, migrations/0070), so the test writes the row itself. Every
 * other change goes through the Worker.
 */
export function insertJob(reference: string, partnerReference: string, share: number): number {
  const folder = join(statePath(), 'v3/d1/miniflare-D1DatabaseObject');
  const file = readdirSync(folder).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite')!;
  const db = new DatabaseSync(join(folder, file), { timeout: 30_000 });
  try {
    const made = db
      .prepare('INSERT INTO partner_jobs (reference, partner_reference, share_pence, claimed_at) VALUES (?, ?, ?, ?) RETURNING id')
      .get(reference, partnerReference, share, new Date().toISOString()) as { id: number };
    return made.id;
  } finally {
    db.close();
  }
}

/**
 * Each cron run months ahead ends the owner's session, and the owner's address may ask for 3 sign-in links a minute
 * (SIGN_IN_ADDRESS_LIMITER, counted in windows aligned to the clock's minutes): a fourth in one window waits for the
 * next. The file's setup signed in once at its start.
 */
export const ownerSignIns: number[] = [Date.now()];
export async function ownerSignedIn(): Promise<void> {
  if (!existsSync(ownerSessionFile())) {
    const window = (time: number) => Math.floor(time / 60_000);
    if (ownerSignIns.filter((time) => window(time) === window(Date.now())).length >= 3)
      await new Promise((resolve) => setTimeout(resolve, 60_500 - (Date.now() % 60_000)));
    ownerSignIns.push(Date.now());
  }
  await signOwnerIn();
}

/** An approved partner, signed in: their reference, address and session. Documents valid well past the moves. */
export async function approvedPartner(
  email = `${unique('connect')}@example.com`,
): Promise<{ reference: string; email: string; cookie: string }> {
  await ownerSignedIn();
  const reference = await applied(email, {
    goods_in_transit_expires: '2029-01-31',
    public_liability_expires: '2029-01-31',
    mot_expires: '2029-01-31',
  });
  expect((await officePost('/office/partners/decide', { ref: reference, decision: 'approve' })).status).toBe(303);
  return { reference, email, cookie: await partnerSession(email) };
}

/**
 * A cron run months ahead ends every session it finds expired by then, the partner's too: they sign in again through
 * the real sign-in, with the newest link (partner-apply.ts's helper takes the first, spent already).
 */
export async function signInAgain(email: string): Promise<string> {
  const mail = { to: email, subject: 'Sign in to your Shiftly partner page' };
  const sent = (await emailsWhere(mail)).length;
  const asked = await fetch(`${apiBase()}${ACCOUNT_PATHS.login}`, {
    method: 'POST',
    headers: { 'Content-Type': FORM, Origin: apiBase(), 'X-Test-Client': unique('login') },
    body: new URLSearchParams({ email, website: '' }).toString(),
  });
  expect(asked.status).toBe(200);
  await asked.text();
  const newest = (await waitForEmails(mail, sent + 1)).at(-1)!;
  const token = new URL(/https?:\/\/\S+\/login\/verify\?t=[A-Za-z0-9_-]+/.exec(newest.text)![0]).searchParams.get(SIGN_IN_LINK_FIELD)!;
  const signedIn = await fetch(`${apiBase()}${ACCOUNT_PATHS.verify}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': FORM, Origin: apiBase() },
    body: new URLSearchParams({ [SIGN_IN_LINK_FIELD]: token }).toString(),
  });
  expect(signedIn.status).toBe(303);
  const cookie = signedIn.headers.getSetCookie().find((each) => each.startsWith(`${PARTNER_COOKIE}=`))!;
  return cookie.slice(PARTNER_COOKIE.length + 1).split(';')[0]!;
}

/** "Get paid" through to the end of Stripe's hosted page: answers the page's address the partner was sent to. */
export async function getPaid(cookie: string): Promise<URL> {
  const started = await asPartner(PAYOUT_PATHS.start, cookie, new URLSearchParams());
  expect(started.status).toBe(303);
  const link = new URL(started.headers.get('location')!);
  expect(link.origin).toBe(stripeUrl());
  expect(link.pathname).toMatch(/^\/setup\/e\/acct_[0-9a-f]+\/[0-9a-f]+$/);
  return link;
}

export interface PaidMove extends Made {
  paymentIntent: string;
  sheet: string;
}

/** A move booked by its paid deposit, then given a crew in the diary and a job sheet. */
export async function paidMove(): Promise<PaidMove> {
  await ownerSignedIn();
  const quote = await makeQuote(undefined, { moveDate: diaryDay(WEEKDAY) });
  const { paymentIntent } = await paidAndBooked(quote, '123.75');
  await bookInDiary({ base: apiBase(), session: ownerCookie() }, quote, {
    crewLead: `Pat ${unique('Lee')}`,
    crewSize: 2,
    van: `LV72 ${unique('PRT')}`,
    window: '08-10',
  });
  const made = await officePost(OFFICE_PATHS.jobSheetLink, { ref: quote.reference });
  expect(made.status).toBe(200);
  const link = new URL(
    readPage(await made.text())
      .filled('job-sheet-link')
      .trim(),
  );
  return { ...quote, paymentIntent, sheet: link.searchParams.get(JOB_SHEET_TOKEN_FIELD)! };
}

export const onMoveDay = (move: PaidMove, hours: number) => new Date(londonDayStart(move.moveDate).getTime() + hours * HOUR);

/** A tap on the crew's job sheet, as the phone posts it, at `when`. */
export const tap = (move: PaidMove, body: URLSearchParams | FormData, when: Date) =>
  fetch(`${apiBase()}${OFFICE_PATHS.jobSheet}?${new URLSearchParams({ [JOB_SHEET_TOKEN_FIELD]: move.sheet })}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Origin: 'null',
      'Sec-Fetch-Site': 'same-origin',
      'X-Test-Now': when.toISOString(),
      ...(body instanceof URLSearchParams ? { 'Content-Type': FORM } : {}),
    },
    body,
  });

/** A refund made by hand in Stripe's dashboard: Stripe's charge.refunded event tells the Worker. */
export async function dashboardRefund(move: PaidMove, pence: number): Promise<void> {
  const made = await fetch(`${stripeUrl()}/dashboard/refunds`, {
    method: 'POST',
    headers: { 'Content-Type': FORM },
    body: new URLSearchParams({ payment_intent: move.paymentIntent, amount: String(pence) }).toString(),
  });
  expect(made.status).toBe(200);
}

export const refundedPence = (reference: string) =>
  query<{ refunded: number }>('SELECT coalesce(sum(refunded_pence), 0) AS refunded FROM payments WHERE reference = ?', reference)[0]!
    .refunded;

export interface StandInTransfer {
  id: string;
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  transfer_group: string | null;
  metadata: Record<string, string>;
  reversals: { data: Array<{ id: string; amount: number }> };
}

/** The stand-in's transfers to `destination`, read over HTTP. */
export const transfersTo = async (destination: string): Promise<StandInTransfer[]> =>
  ((await (await fetch(`${stripeUrl()}/transfers`)).json()) as { data: StandInTransfer[] }).data.filter(
    (transfer) => transfer.destination === destination,
  );
