/**
 * Claims with an answer (issue 44 item 7) over HTTP: the customer claims from the move page's damage form, the office
 * answers from the lead page, and the Stripe stand-in, the mail catcher, the move page and D1 agree. Figures by hand: a
 * £300.00 deposit paid by card; a broken lamp claimed at £60.00 and offered £40.00 is a 4,000p refund, leaving
 * £260.00 refundable; an offer of £300.00 on a second claim is then over the cap.
 */
import { describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES, CLAIM_PATH } from '~/lib/claims';
import { addDays, londonDayStart } from '~/lib/dates';
import { DONE_NOTICES, MOVE_DAMAGE_PATH } from '~/lib/move-status';
import { leadPath, OFFICE_PATHS } from '~/lib/office/paths';
import { diaryDay } from '../shared/diary-days';
import { bookInDiary } from '../shared/office-posts';
import { makeQuote, paidAndBooked, stripeRefunds, type Made } from './card-payments';
import { apiBase, call, query, runCron, unique, validQuote, waitForEmail } from './helpers';
import { readPage } from './html';
import { officeGet, officePost, OWNER_EMAIL, ownerCookie, ownerSignedIn } from './office';
import { API_PATHS, PAGE_PATHS, type QuoteAnswer } from '~/lib/api';
import { COOKIE, signIn } from './sign-in';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Noon, UK time, `days` after the move's day. */
const dayAfter = (move: Pick<Made, 'moveDate'>, days: number) =>
  new Date(londonDayStart(addDays(move.moveDate, days)).getTime() + 12 * 3_600_000).toISOString();

/** The move page's damage form, as its browser posts it (no referrer: `Origin: null`). */
function postDamage(move: Made, at: string, fields: Record<string, string>) {
  const form = new FormData();
  form.set('ref', move.reference);
  form.set('t', move.token);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.append('photos', new Blob([PNG], { type: 'image/png' }), 'lamp.png');
  return fetch(`${apiBase()}${MOVE_DAMAGE_PATH}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin', 'X-Test-Now': at, 'X-Test-Client': unique('client') },
    body: form,
  });
}

/** A page's `data-fill` marks, their white space as a browser shows it. */
const marks = (html: string) => {
  const page = readPage(html);
  return { filled: (key: string) => page.filled(key).replace(/\s+/g, ' ').trim() };
};

const movePage = async (move: Made) =>
  marks(
    await (await fetch(`${apiBase()}${PAGE_PATHS.confirmation}?${new URLSearchParams({ ref: move.reference, t: move.token })}`)).text(),
  );

interface ClaimRow {
  id: number;
  report_id: number | null;
  item: string;
  declared_pence: number;
  status: string;
  offered_pence: number | null;
  refunded_pence: number | null;
  decline_reason: string | null;
}
const claimsOf = (reference: string) =>
  query<ClaimRow>(
    'SELECT id, report_id, item, declared_pence, status, offered_pence, refunded_pence, decline_reason FROM claims WHERE reference = ? ORDER BY id',
    reference,
  );
const refundRows = (reference: string) =>
  query<{ amount_pence: number; status: string; stripe_refund_id: string | null }>(
    'SELECT r.amount_pence, r.status, r.stripe_refund_id FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.reference = ? ORDER BY r.id',
    reference,
  );
const auditOf = (reference: string) =>
  query<{ actor: string; action: string; detail: string }>(
    "SELECT actor, action, detail FROM audit_log WHERE record_reference = ? AND action LIKE 'claim_%' ORDER BY id",
    reference,
  );

const claimPost = (fields: Record<string, string>, session: string | null = ownerCookie(), headers: Record<string, string> = {}) =>
  officePost(CLAIM_PATH, fields, session, headers);

let paid: { move: Made; paymentIntent: string } | undefined;

describe('a claim for a broken lamp', () => {
  it('is made from the move page, offered at £40 and paid: the stand-in, the e-mail, the move page and D1 agree', async () => {
    const move = await makeQuote();
    const { paymentIntent } = await paidAndBooked(move, '300.00');
    paid = { move, paymentIntent };

    const sent = await postDamage(move, dayAfter(move, 1), {
      damageNote: 'The lamp’s base arrived snapped in two',
      claimItem: 'Table lamp',
      claimValue: '60',
    });
    expect(sent.status).toBe(303);
    expect(new URL(sent.headers.get('Location')!, apiBase()).searchParams.get('done')).toBe('claim_made');
    const [report] = query<{ id: number }>("SELECT id FROM job_reports WHERE reference = ? AND kind = 'customer_damage'", move.reference);
    const [claim] = claimsOf(move.reference);
    expect(claim).toMatchObject({ report_id: report!.id, item: 'Table lamp', declared_pence: 6000, status: 'received' });
    const received = await waitForEmail({ keyPrefix: `move:${move.reference}:claim:report-at-`, to: move.email });
    expect(received.subject).toBe(`Your Shiftly claim is received for move ${move.reference}`);
    expect(received.text).toContain('Value you gave: £60.00');
    expect((await movePage(move)).filled(`claim:${claim!.id}`)).toBe('Received: the office will look at it and e-mail you.');
    expect(DONE_NOTICES.claim_made).toBeDefined();

    // The lead page: the claim beside its report and photo, and the cap stated (the £300.00 deposit, none refunded).
    const lead = marks(await (await officeGet(leadPath(move.reference))).text());
    expect(lead.filled(`claim:${claim!.id}:state`)).toBe('Received');
    expect(lead.filled('claims-refundable')).toBe('£300.00');

    expect((await claimPost({ ref: move.reference, claim: String(claim!.id), action: 'assess' })).status).toBe(303);
    const assessing = await waitForEmail({ key: `move:${move.reference}:claim:${claim!.id}:assessing` });
    expect(assessing.subject).toBe(`Your Shiftly claim is being assessed for move ${move.reference}`);
    expect((await movePage(move)).filled(`claim:${claim!.id}`)).toContain('Being assessed');

    const offered = await claimPost({ ref: move.reference, claim: String(claim!.id), action: 'offer', offer: '40' });
    expect(offered.status).toBe(303);
    expect(offered.headers.get('Location')).toBe(`${leadPath(move.reference)}&done=claim_offer#claims`);

    // D1: the claim and its one refund, 4,000p each.
    expect(claimsOf(move.reference)[0]).toMatchObject({ status: 'offered', offered_pence: 4000, refunded_pence: 4000 });
    const refunds = refundRows(move.reference);
    expect(refunds).toEqual([{ amount_pence: 4000, status: 'succeeded', stripe_refund_id: expect.stringMatching(/^re_/) }]);
    expect(query('SELECT refunded_pence FROM payments WHERE reference = ?', move.reference)).toEqual([{ refunded_pence: 4000 }]);
    // The stand-in, read over HTTP.
    expect((await stripeRefunds(paymentIntent)).map((refund) => [refund.id, refund.amount])).toEqual([
      [refunds[0]!.stripe_refund_id, 4000],
    ]);
    // The e-mail.
    const email = await waitForEmail({ key: `move:${move.reference}:claim:${claim!.id}:offered` });
    expect(email.subject).toBe(`Your Shiftly claim: £40.00 offered for move ${move.reference}`);
    expect(email.text).toContain('we offer £40.00 for your Table lamp.');
    expect(email.text).toContain('We have refunded £40.00 to your card.');
    expect(email.text).toContain(`Refund reference: ${refunds[0]!.stripe_refund_id}`);
    // The move page.
    expect((await movePage(move)).filled(`claim:${claim!.id}`)).toBe('Offered: £40.00, refunded to your card.');
    // Each step audited with who did it.
    expect(auditOf(move.reference).map((line) => [line.actor, line.action])).toEqual([
      ['customer', 'claim_opened'],
      [OWNER_EMAIL, 'claim_assessing'],
      [OWNER_EMAIL, 'claim_offered'],
    ]);
    // Pressed again (another tab): nothing moves, nothing more is refunded.
    expect((await claimPost({ ref: move.reference, claim: String(claim!.id), action: 'offer', offer: '40' })).status).toBe(409);
    expect(refundRows(move.reference)).toHaveLength(1);
  });

  it('declined: over the cap is refused by its field, then the reason is e-mailed and nothing is refunded', async () => {
    const { move } = paid!;
    const sent = await postDamage(move, dayAfter(move, 2), {
      damageNote: 'Mirror cracked',
      claimItem: 'Hall mirror',
      claimValue: '120.50',
    });
    expect(sent.status).toBe(303);
    const claim = claimsOf(move.reference)[1]!;
    expect(claim).toMatchObject({ item: 'Hall mirror', declared_pence: 12_050, status: 'received' });

    // £300.00 paid, £40.00 refunded: £260.00 is the most an offer can be.
    const over = await claimPost({ ref: move.reference, claim: String(claim.id), action: 'offer', offer: '300' });
    expect(over.status).toBe(400);
    expect(marks(await over.text()).filled(`error:claim-${claim.id}-offer-error`)).toBe(CLAIM_MESSAGES.offerOver(26_000));
    expect(CLAIM_MESSAGES.offerOver(26_000)).toContain('At most £260.00');

    // A sum is read to 20 characters: this one is 21 (16 digits, 5 commas), so it is no sum, refused by its field
    // (tied to its box) before what is left to refund is asked.
    const long = '1,000,000,000,000,000';
    expect(long).toHaveLength(21);
    const overlong = await claimPost({ ref: move.reference, claim: String(claim.id), action: 'offer', offer: long });
    expect(overlong.status).toBe(400);
    const overlongHtml = await overlong.text();
    expect(marks(overlongHtml).filled(`error:claim-${claim.id}-offer-error`)).toBe(CLAIM_MESSAGES.offer);
    expect(overlongHtml).toContain(`aria-describedby="claim-${claim.id}-offer-error claim-${claim.id}-offer-hint"`);

    const noReason = await claimPost({ ref: move.reference, claim: String(claim.id), action: 'decline', reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(marks(await noReason.text()).filled(`error:claim-${claim.id}-reason-error`)).toBe(CLAIM_MESSAGES.reason);

    const reason = 'The crew’s condition record shows the crack before loading.';
    expect((await claimPost({ ref: move.reference, claim: String(claim.id), action: 'decline', reason })).status).toBe(303);
    expect(claimsOf(move.reference)[1]).toMatchObject({ status: 'declined', decline_reason: reason, offered_pence: null });
    const email = await waitForEmail({ key: `move:${move.reference}:claim:${claim.id}:declined` });
    expect(email.subject).toBe(`Your Shiftly claim: our answer for move ${move.reference}`);
    expect(email.text).toContain(`Our reason: ${reason}`);
    expect((await movePage(move)).filled(`claim:${claim.id}`)).toBe(`Declined: ${reason}`);
    expect(refundRows(move.reference)).toHaveLength(1);
    expect(auditOf(move.reference).at(-1)).toEqual({
      actor: OWNER_EMAIL,
      action: 'claim_declined',
      detail: `Claim for Hall mirror declined: ${reason}`,
    });
  });

  it('refuses the staff-only steps to the customer’s own session (the office’s 404), and a value that is not a sum', async () => {
    const { move } = paid!;
    const claim = claimsOf(move.reference)[1]!;
    const customer = await signIn(move.email);
    const refused = await fetch(`${apiBase()}${CLAIM_PATH}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: apiBase(), Cookie: `${COOKIE}=${customer}` },
      body: new URLSearchParams({ ref: move.reference, claim: String(claim.id), action: 'offer', offer: '10' }).toString(),
    });
    expect(refused.status).toBe(404);
    expect(refundRows(move.reference)).toHaveLength(1);

    const wrong = await postDamage(move, dayAfter(move, 3), { damageNote: 'A chair leg', claimItem: 'Chair', claimValue: 'forty' });
    expect(wrong.status).toBe(400);
    expect(marks(await wrong.text()).filled('error:claimValue')).toBe(CLAIM_MESSAGES.value);
    expect(claimsOf(move.reference)).toHaveLength(2);
  });
});

describe('an offer whose refund Stripe refuses at first', () => {
  it('is stored with its refund, told as on its way, and made by the cron’s next try', async () => {
    // The stand-in refuses this customer's first refund request as a burst (429), then takes it.
    const move = await makeQuote('refundfailtimes1');
    const { paymentIntent } = await paidAndBooked(move, '300.00');
    const sent = await postDamage(move, dayAfter(move, 1), { damageNote: 'Mirror cracked', claimItem: 'Mirror', claimValue: '60' });
    expect(sent.status).toBe(303);
    const [claim] = claimsOf(move.reference);
    expect((await claimPost({ ref: move.reference, claim: String(claim!.id), action: 'offer', offer: '40' })).status).toBe(303);

    expect(claimsOf(move.reference)[0]).toMatchObject({ status: 'offered', offered_pence: 4000, refunded_pence: 0 });
    expect(refundRows(move.reference)).toEqual([{ amount_pence: 4000, status: 'failed', stripe_refund_id: null }]);
    const email = await waitForEmail({ key: `move:${move.reference}:claim:${claim!.id}:offered` });
    expect(email.text).toContain('£40.00 is on its way');

    // The first retry comes 5 minutes after the first try.
    await runCron(new Date(Date.now() + 6 * 60_000));
    const [made] = refundRows(move.reference);
    expect(made).toMatchObject({ amount_pence: 4000, status: 'succeeded', stripe_refund_id: expect.stringMatching(/^re_/) });
    expect((await stripeRefunds(paymentIntent)).map((refund) => [refund.id, refund.amount])).toEqual([[made!.stripe_refund_id, 4000]]);
    expect(query('SELECT refunded_pence FROM payments WHERE reference = ?', move.reference)).toEqual([{ refunded_pence: 4000 }]);
  });
});

describe('a claim the office opens from a damage report', () => {
  it('joins "To do today" once it has waited more than 7 days unanswered, and leaves it when answered', async () => {
    const moveDate = diaryDay();
    const response = await call(API_PATHS.quote, validQuote({ moveDate, email: `${unique('claims')}@example.com` }));
    const answer = (await response.json()) as QuoteAnswer;
    const token = new URL(answer.confirmationUrl, apiBase()).searchParams.get('t')!;
    await bookInDiary(
      { base: apiBase(), session: ownerCookie() },
      { reference: answer.reference, moveDate },
      { crewLead: `Ann ${unique('Cole')}`, crewSize: 2, van: `LV73 ${unique('CLM')}`, window: '08-10' },
    );
    const move: Made = { reference: answer.reference, token, email: '', moveDate };
    // A report with no claim; the office opens one from it.
    expect((await postDamage(move, dayAfter(move, 1), { damageNote: 'Wardrobe door split' })).status).toBe(303);
    const [report] = query<{ id: number }>('SELECT id FROM job_reports WHERE reference = ?', move.reference);
    const open = { ref: move.reference, report: String(report!.id), action: 'open', item: 'Wardrobe', value: '250' };
    expect((await claimPost(open)).status).toBe(303);
    const [claim] = query<ClaimRow & { created_at: string }>('SELECT *, created_at FROM claims WHERE reference = ?', move.reference);
    expect(claim).toMatchObject({ report_id: report!.id, item: 'Wardrobe', declared_pence: 25_000, status: 'received' });
    expect(auditOf(move.reference)).toEqual([
      { actor: OWNER_EMAIL, action: 'claim_opened', detail: 'Claim opened from a damage report: Wardrobe, value £250.00' },
    ]);
    // The same report cannot have a second claim.
    expect((await claimPost(open)).status).toBe(409);

    const listed = async () => (await (await officeGet(OFFICE_PATHS.home)).text()).includes(`data-claim-waiting="${claim!.id}"`);
    const opened = Date.parse(claim!.created_at);
    // The cron trigger a minute before 7 days have passed, then a minute after (a run at a later clock ends the
    // owner's session: signed in again once).
    const waitingAt = () => query<{ waiting_at: string | null }>('SELECT waiting_at FROM claims WHERE id = ?', claim!.id)[0]!.waiting_at;
    await runCron(new Date(opened + 7 * 86_400_000 - 60_000));
    expect(waitingAt()).toBeNull();
    await runCron(new Date(opened + 7 * 86_400_000 + 60_000));
    expect(waitingAt()).not.toBeNull();
    await ownerSignedIn();
    expect(await listed()).toBe(true);
    expect(auditOf(move.reference).at(-1)).toEqual({
      actor: 'system',
      action: 'claim_waiting',
      detail: 'Claim for Wardrobe unanswered after 7 days: on To do today',
    });
    // Answered, it leaves the list.
    expect((await claimPost({ ref: move.reference, claim: String(claim!.id), action: 'decline', reason: 'Not moved by us.' })).status).toBe(
      303,
    );
    expect(await listed()).toBe(false);
  });
});
