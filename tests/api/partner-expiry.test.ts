/**
 * Issue 43 item 2: the cron watches partners' documents. Applied and approved on 10 March 2027 with goods-in-transit
 * insurance to 9 April (30 days on), public liability to 17 March (7 days on) and the MOT to 30 September: the run of
 * 10 March reminds of the first two, once each; on 17 March the insurance is still valid (to the end of its day); on
 * 18 March it has lapsed and the partner is paused. Runs at a later clock end the owner's session, so they come last.
 */
import { describe, expect, it } from 'vitest';
import { apiBase, query, runCron, unique, waitForEmail } from './helpers';
import { officePost, ownerSignedIn } from './office';
import { applied, APPLY_NOW, asPartner, FILES, PARTNER_COOKIE, partnerSession } from './partner-apply';

const statusOf = (reference: string) =>
  query<{ status: string }>('SELECT status FROM partner_applications WHERE reference = ?', reference)[0]?.status;
const outbox = (reference: string) =>
  query<{ key: string }>(
    "SELECT idempotency_key AS key FROM email_outbox WHERE record_reference = ? AND idempotency_key LIKE '%expiry%' ORDER BY id",
    reference,
  );

describe("the cron watches a partner's documents", () => {
  it('reminds 30 and 7 days before, once each, and pauses the partner the day after a lapse', async () => {
    const email = `${unique('expiry')}@example.com`;
    const reference = await applied(email);
    // Staff act at the real clock (their session's): the documents' dates are all still ahead of it.
    const approved = await officePost('/office/partners/decide', { ref: reference, decision: 'approve' });
    expect(approved.status).toBe(303);
    const ids = Object.fromEntries(
      query<{ id: number; kind: string }>('SELECT id, kind FROM partner_documents WHERE reference = ?', reference).map((row) => [
        row.kind,
        row.id,
      ]),
    );

    await runCron(new Date(APPLY_NOW));
    expect(outbox(reference)).toEqual([
      { key: `partner:${reference}:expiry30:${ids.goods_in_transit}` },
      { key: `partner:${reference}:expiry7:${ids.public_liability}` },
    ]);
    const thirty = await waitForEmail({ to: email, subject: 'Your goods-in-transit insurance expires in 30 days' });
    expect(thirty.text).toContain('expires on Friday 9 April 2027');
    const seven = await waitForEmail({ to: email, subject: 'Your public-liability insurance expires in 7 days' });
    expect(seven.text).toContain('expires on Wednesday 17 March 2027');
    // Again the same day, and the next: nothing more (the 7-day mark also stands for the 30-day one).
    await runCron(new Date('2027-03-11T12:00:00.000Z'));
    expect(outbox(reference)).toHaveLength(2);

    await runCron(new Date('2027-03-17T12:00:00.000Z'));
    expect(statusOf(reference)).toBe('approved');
    await runCron(new Date('2027-03-18T12:00:00.000Z'));
    expect(statusOf(reference)).toBe('suspended');
    expect(query('SELECT kind, detail FROM office_tasks WHERE record_reference = ? AND done_at IS NULL', reference)).toEqual([
      { kind: 'partner_suspended', detail: 'Paused automatically: Public-liability insurance lapsed' },
    ]);
    expect(query("SELECT actor, created_at FROM audit_log WHERE record_reference = ? AND action = 'partner_suspended'", reference)).toEqual(
      [{ actor: 'system', created_at: '2027-03-18T12:00:00.000Z' }],
    );
    await waitForEmail({ to: email, subject: 'You are paused: your public-liability insurance has lapsed' });
    // Paused once: a later run sends nothing more.
    await runCron(new Date('2027-03-19T12:00:00.000Z'));
    expect(query("SELECT 1 FROM email_outbox WHERE record_reference = ? AND idempotency_key LIKE '%suspended%'", reference)).toHaveLength(
      1,
    );

    // The paused partner uploads a new public-liability insurance; the office approves it and the pause ends.
    const cookie = await partnerSession(email);
    const paused = await (await asPartner('/partner', cookie)).text();
    expect(paused).toContain('You are paused');
    const upload = (expires: string) => {
      const form = new FormData();
      form.append('document_kind', 'public_liability');
      form.append('document_expires', expires);
      form.append('document', FILES.png(), 'insurance.png');
      return fetch(`${apiBase()}/partner/document`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Cookie: `${PARTNER_COOKIE}=${cookie}`, Origin: apiBase() },
        body: form,
      });
    };
    // At the real clock too (the partner's session is real-time): a date long past is refused.
    const stale = await upload('2026-01-31');
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain(
      '<p id="upload-expires-error" class="field-error">This document has expired: please upload a current one.</p>',
    );
    const fresh = await upload('2028-03-17');
    expect(fresh.status).toBe(303);
    expect(fresh.headers.get('location')).toBe('/partner?done=document');
    expect(
      query("SELECT status, expires_on FROM partner_documents WHERE reference = ? AND kind = 'public_liability' ORDER BY id", reference),
    ).toEqual([
      { status: 'approved', expires_on: '2027-03-17' },
      { status: 'pending', expires_on: '2028-03-17' },
    ]);
    expect(query("SELECT actor FROM audit_log WHERE record_reference = ? AND action = 'partner_document_uploaded'", reference)).toEqual([
      { actor: email },
    ]);
    await ownerSignedIn();
    const lifted = await officePost('/office/partners/decide', { ref: reference, decision: 'approve' });
    expect(lifted.status).toBe(303);
    expect(statusOf(reference)).toBe('approved');
    expect(query("SELECT status FROM partner_documents WHERE reference = ? AND expires_on = '2028-03-17'", reference)).toEqual([
      { status: 'approved' },
    ]);
  });
});
