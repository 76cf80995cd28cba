/**
 * Issue 43 item 2: the office vets applications (documents to staff only, approve or refuse with a reason, e-mailed
 * and audited), and an approved partner signs in to /partner with the one session system and sets their days.
 */
import { describe, expect, it } from 'vitest';
import { apiBase, query, unique, waitForEmail } from './helpers';
import { readPage } from './html';
import { officeGet, officePost, OWNER_EMAIL } from './office';
import { signedInCustomer, COOKIE as CUSTOMER_COOKIE } from './sign-in';
import { applied, asPartner, FILES, PARTNER_COOKIE, partnerSession } from './partner-apply';

const statusOf = (reference: string) =>
  query<{ status: string }>('SELECT status FROM partner_applications WHERE reference = ?', reference)[0]?.status;
const trail = (reference: string) =>
  query<{ actor: string; action: string; detail: string }>(
    'SELECT actor, action, detail FROM audit_log WHERE record_reference = ? ORDER BY id',
    reference,
  );

describe('the office vets an application', () => {
  it('lists it, and serves its documents to staff only, as downloads no cache keeps', async () => {
    const email = `${unique('vet')}@example.com`;
    const reference = await applied(email);
    const list = await officeGet('/office/partners');
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(await list.text()).toContain(`/office/partners/application?ref=${reference}`);
    const page = await (await officeGet(`/office/partners/application?ref=${reference}`)).text();
    const [licence] = query<{ id: number }>("SELECT id FROM partner_documents WHERE reference = ? AND kind = 'licence'", reference);
    const path = `/office/partners/document?id=${licence!.id}`;
    expect(page).toContain(`href="${path}"`);

    const file = await officeGet(path);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${reference}-licence.pdf"`);
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(await FILES.pdf().arrayBuffer()));
    expect(trail(reference).at(-1)).toEqual({
      actor: OWNER_EMAIL,
      action: 'partner_document_opened',
      detail: 'Opened the driving licence',
    });

    // A stranger is asked to sign in; a customer meets the ordinary 404, for the pages and the file alike.
    for (const address of [path, '/office/partners', `/office/partners/application?ref=${reference}`]) {
      const stranger = await officeGet(address, null);
      expect(stranger.status).toBe(303);
      expect(stranger.headers.get('location')).toBe('/login');
    }
    const customer = await signedInCustomer('vet-customer');
    for (const address of [path, '/office/partners']) {
      const answer = await fetch(`${apiBase()}${address}`, {
        redirect: 'manual',
        headers: { Cookie: `${CUSTOMER_COOKIE}=${customer.cookie}` },
      });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      await answer.arrayBuffer();
    }
  });

  it('refuses only with a reason, which is e-mailed, and audited', async () => {
    const email = `${unique('refuse')}@example.com`;
    const reference = await applied(email);
    const blank = await officePost('/office/partners/decide', { ref: reference, decision: 'refuse', reason: '  ' });
    expect(blank.status).toBe(400);
    const html = await blank.text();
    expect(html).toContain('<p id="decide-reason-error" class="field-error">Please give the reason: it is e-mailed to the driver.</p>');
    expect(html).toMatch(/id="decide-reason"[^>]*aria-describedby="decide-reason-error"/);
    expect(statusOf(reference)).toBe('applied');

    const reason = 'The MOT certificate is for another van.';
    const refused = await officePost('/office/partners/decide', { ref: reference, decision: 'refuse', reason });
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe(`/office/partners/application?ref=${reference}&done=refused`);
    expect(statusOf(reference)).toBe('refused');
    expect(query('SELECT DISTINCT status FROM partner_documents WHERE reference = ?', reference)).toEqual([{ status: 'refused' }]);
    expect(query('SELECT kind FROM office_tasks WHERE record_reference = ? AND done_at IS NULL', reference)).toEqual([]);
    expect(trail(reference).at(-1)).toEqual({ actor: OWNER_EMAIL, action: 'partner_refused', detail: `Refused Dana Driver: ${reason}` });
    const mail = await waitForEmail({ to: email, subject: 'Your application to drive with' });
    expect(mail.text).toContain(reason);
    // Decided once: a second decision changes nothing.
    const again = await officePost('/office/partners/decide', { ref: reference, decision: 'approve' });
    expect(again.status).toBe(409);
    await again.arrayBuffer();
    expect(statusOf(reference)).toBe('refused');
  });

  it('approves: the driver is e-mailed, signs in as a partner, and sets the days they can work', async () => {
    const email = `${unique('approve')}@example.com`;
    const reference = await applied(email);
    const approved = await officePost('/office/partners/decide', { ref: reference, decision: 'approve' });
    expect(approved.status).toBe(303);
    expect(statusOf(reference)).toBe('approved');
    expect(query('SELECT DISTINCT status FROM partner_documents WHERE reference = ?', reference)).toEqual([{ status: 'approved' }]);
    expect(trail(reference).at(-1)).toEqual({
      actor: OWNER_EMAIL,
      action: 'partner_approved',
      detail: 'Approved Dana Driver as a partner',
    });
    await waitForEmail({ to: email, subject: 'You are approved to take moves with' });

    const cookie = await partnerSession(email);
    const [session] = query<{ created_at: string; expires_at: string }>(
      "SELECT created_at, expires_at FROM sessions WHERE email = ? AND role = 'partner'",
      email,
    );
    // Seven days: 7 x 24 x 3,600,000 ms.
    expect(Date.parse(session!.expires_at) - Date.parse(session!.created_at)).toBe(604_800_000);
    const home = await asPartner('/partner', cookie);
    expect(home.status).toBe(200);
    expect(home.headers.get('cache-control')).toBe('no-store');
    const html = await home.text();
    expect(html).toContain('Hello Dana Driver');
    expect(html).toContain('LS1, LS6, YO1');
    expect(html).toContain('3.5 tonnes, registration AB12CDE');

    const days = new URLSearchParams([
      ['days', '1'],
      ['days', '3'],
      ['days', '5'],
    ]);
    const saved = await asPartner('/partner/days', cookie, days);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/partner?done=days');
    expect(query('SELECT work_days FROM partner_applications WHERE reference = ?', reference)).toEqual([{ work_days: '[1,3,5]' }]);
    expect(trail(reference).at(-1)).toEqual({ actor: email, action: 'partner_days_set', detail: 'Days they can work: 1,3,5' });
    const page = readPage(await (await asPartner('/partner', cookie)).text());
    expect(page.values('days')).toEqual(['1', '3', '5']);

    const wrong = await asPartner('/partner/days', cookie, new URLSearchParams([['days', '9']]));
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('<p id="partner-days-error" class="field-error">Please tick the days from the list.</p>');

    // The partner cookie opens no office page, and the office's staff cookie no partner page.
    const office = await fetch(`${apiBase()}/office/partners`, { redirect: 'manual', headers: { Cookie: `${PARTNER_COOKIE}=${cookie}` } });
    expect(office.status).toBe(404);
    await office.arrayBuffer();
    const stranger = await fetch(`${apiBase()}/partner`, { redirect: 'manual' });
    expect(stranger.status).toBe(303);
    expect(stranger.headers.get('location')).toBe('/login');

    const out = await asPartner('/partner/sign-out', cookie, new URLSearchParams());
    expect(out.status).toBe(303);
    expect(query("SELECT 1 FROM sessions WHERE email = ? AND role = 'partner'", email)).toEqual([]);
    // The spent cookie opens nothing: as for every role, a cookie that opens no page meets the ordinary 404.
    expect((await asPartner('/partner', cookie)).status).toBe(404);
  });
});
