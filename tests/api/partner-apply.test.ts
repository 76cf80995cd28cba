/**
 * Issue 43 item 1: a driver applies on /drivers/apply as a phone without JavaScript would (a multipart form post): the
 * application and its four documents are stored, the driver gets an e-mail, the office a task; wrong input is the page
 * again with each message by its field and nothing typed lost. "Today" is 10 March 2027 (X-Test-Now).
 */
import { describe, expect, it } from 'vitest';
import { apiBase, expectLimitedAfter, query, unique, waitForEmail } from './helpers';
import { readPage } from './html';
import { officeGet, ownerSignedIn } from './office';
import { ALL_FILES, APPLY_NOW, applicationFields, applicationForm, FILES, postApplication } from './partner-apply';

const applicationsOf = (email: string) =>
  query<{
    reference: string;
    name: string;
    phone: string;
    districts: string;
    van_tonnes: number;
    registration: string;
    licence_since: string;
    status: string;
  }>(
    'SELECT reference, name, phone, districts, van_tonnes, registration, licence_since, status FROM partner_applications WHERE email = ?',
    email,
  );

describe('applying to be a partner', () => {
  it('GET /drivers/apply is a plain multipart form; "Apply Now" on /drivers leads to it', async () => {
    const page = await fetch(`${apiBase()}/drivers/apply`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toMatch(/<form method="post" action="\/drivers\/apply" enctype="multipart\/form-data"/);
    for (const name of ['licence', 'goods_in_transit', 'public_liability', 'mot']) expect(html).toContain(`name="${name}" type="file"`);
    // Two sentences with a space between: the link's line break was dropped from the page ("them;how long", 3 Dec 2026).
    expect(html).toMatch(/Only our office staff can open them\. <a href="\/privacy-policy#drivers"[^>]*>\s*How long we keep them\s*<\/a>/);
    const drivers = await (await fetch(`${apiBase()}/drivers`)).text();
    expect(drivers).toMatch(/href="\/drivers\/apply"[^>]*>\s*Apply Now/);
  });

  it('stores the application and its four documents, then e-mails the driver and gives the office a task', async () => {
    const email = `${unique('dana')}@example.com`;
    const answer = await postApplication(applicationForm(applicationFields(email)));
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/drivers/apply?sent=1');

    const [row] = applicationsOf(email);
    expect(row).toMatchObject({
      name: 'Dana Driver',
      phone: '07700 900123',
      districts: '["LS1","LS6","YO1"]',
      van_tonnes: 3.5,
      registration: 'AB12CDE',
      licence_since: '2025-03-10',
      status: 'applied',
    });
    const reference = row!.reference;
    const documents = query<{ kind: string; content_type: string; size: number; expires_on: string | null; status: string }>(
      'SELECT kind, content_type, size, expires_on, status FROM partner_documents WHERE reference = ? ORDER BY id',
      reference,
    );
    // Sizes: 21 + 200 ("%PDF-1.4", a line break, "% a licence", a line break), 4 + 300, 8 + 100, 21 + 200 bytes.
    expect(documents).toEqual([
      { kind: 'licence', content_type: 'application/pdf', size: 221, expires_on: null, status: 'pending' },
      { kind: 'goods_in_transit', content_type: 'image/jpeg', size: 304, expires_on: '2027-04-09', status: 'pending' },
      { kind: 'public_liability', content_type: 'image/png', size: 108, expires_on: '2027-03-17', status: 'pending' },
      { kind: 'mot', content_type: 'application/pdf', size: 221, expires_on: '2027-09-30', status: 'pending' },
    ]);
    expect(query('SELECT kind, detail FROM office_tasks WHERE record_reference = ?', reference)).toEqual([
      { kind: 'partner_application', detail: 'Dana Driver, 3.5 t van, covers LS1, LS6, YO1' },
    ]);
    expect(query('SELECT actor, action, created_at FROM audit_log WHERE record_reference = ?', reference)).toEqual([
      { actor: 'applicant', action: 'partner_applied', created_at: APPLY_NOW },
    ]);
    const mail = await waitForEmail({ to: email, subject: 'We have your application' });
    expect(mail.html).toContain(reference);

    const sent = await (await fetch(`${apiBase()}/drivers/apply?sent=1`)).text();
    expect(sent).toContain('we have your application');
  });

  it("reads a browser's multipart body, whose boundary has capitals, as sent", async () => {
    const email = `${unique('boundary')}@example.com`;
    const sent = new Response(applicationForm(applicationFields(email)));
    const boundary = /boundary=(.+)$/.exec(sent.headers.get('content-type')!)![1]!;
    const capitals = '----WebKitFormBoundaryAbCdEf0123456789';
    const body = Buffer.from(await sent.arrayBuffer())
      .toString('latin1')
      .replaceAll(boundary, capitals);
    const answer = await fetch(`${apiBase()}/drivers/apply`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': `multipart/form-data; boundary=${capitals}`,
        Origin: apiBase(),
        'X-Test-Client': unique('apply'),
        'X-Test-Now': APPLY_NOW,
      },
      body: Buffer.from(body, 'latin1'),
    });
    expect(answer.status).toBe(303);
    expect(applicationsOf(email)).toHaveLength(1);
  });

  it('takes whole postcode areas beside districts, "LS, YO", as given: stored, in the office\'s task and on its page', async () => {
    await ownerSignedIn();
    const email = `${unique('areas')}@example.com`;
    const answer = await postApplication(applicationForm(applicationFields(email, { districts: 'ls, YO' })));
    expect(answer.status).toBe(303);
    const [row] = applicationsOf(email);
    expect(row?.districts).toBe('["LS","YO"]');
    expect(query('SELECT detail FROM office_tasks WHERE record_reference = ?', row!.reference)).toEqual([
      { detail: 'Dana Driver, 3.5 t van, covers LS, YO' },
    ]);
    const office = await (await officeGet(`/office/partners/application?ref=${row!.reference}`)).text();
    expect(office).toMatch(/Postcode areas and districts<\/dt>\s*<dd[^>]*>\s*LS, YO\s*</);
  });

  it('gives the page back with each message by its field, keeps what was typed, and stores nothing', async () => {
    const email = `${unique('early')}@example.com`;
    const fields = applicationFields(email, {
      // A day short of two years; a district that is not one; 8 tonnes; the MOT expiring today; no ticks.
      licence_since: '2025-03-11',
      districts: 'LS1, Leeds',
      van_tonnes: '8',
      mot_expires: '2027-03-10',
      age_confirmed: '',
      right_to_work: '',
    });
    const answer = await postApplication(applicationForm(fields, { ...ALL_FILES, public_liability: FILES.text, mot: undefined }));
    expect(answer.status).toBe(400);
    const html = await answer.text();
    const expected: Record<string, string> = {
      licence_since: 'You need to have held a full UK licence for 2 years.',
      districts:
        '&quot;LEEDS&quot; is not a postcode area or district. Use an area&#39;s letters, such as LS, or the first half of a postcode, such as LS6.',
      van_tonnes: 'Please enter your van&#39;s size in tonnes, from 1.5 to 7.5.',
      mot_expires: 'Your MOT certificate has expired: please upload a current one.',
      age_confirmed: 'Please confirm you are 21 or over.',
      right_to_work: 'Please confirm you have the right to work in the UK.',
      public_liability: 'Please upload a PDF, JPEG or PNG file.',
      mot: 'Please upload your MOT certificate.',
    };
    for (const [name, message] of Object.entries(expected)) {
      const id = `apply-${name.replaceAll('_', '-')}`;
      expect(html).toContain(`<p id="${id}-error" class="field-error">${message}</p>`);
      expect(html).toMatch(new RegExp(`id="${id}"[^>]*aria-describedby="[^"]*${id}-error`));
    }
    expect(html).toContain('files are not kept when a form is sent back');
    const page = readPage(html);
    expect(page.value('email')).toBe(email);
    expect(page.value('districts')).toBe('LS1, Leeds');
    expect(page.value('registration')).toBe('ab12 cde');
    expect(page.value('goods_in_transit_expires')).toBe('2027-04-09');
    expect(applicationsOf(email)).toEqual([]);
  });

  it('refuses a file over 5 MB and a form that is not multipart, from another site or too fast', async () => {
    const email = `${unique('big')}@example.com`;
    const big = () => new Blob([new TextEncoder().encode('%PDF-1.4\n'), new Uint8Array(5 * 1024 * 1024)], { type: 'application/pdf' });
    const large = await postApplication(applicationForm(applicationFields(email), { ...ALL_FILES, mot: big }));
    expect(large.status).toBe(400);
    expect(await large.text()).toContain('<p id="apply-mot-error" class="field-error">Each file must be at most 5 MB.</p>');

    const plain = await fetch(`${apiBase()}/drivers/apply`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: apiBase(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(applicationFields(email)).toString(),
    });
    expect(plain.status).toBe(415);
    await plain.arrayBuffer();
    const foreign = await postApplication(applicationForm(applicationFields(email)), { Origin: 'https://elsewhere.example' });
    expect(foreign.status).toBe(403);
    await foreign.arrayBuffer();
    expect(applicationsOf(email)).toEqual([]);

    // 50 a minute per client in the test environment (wrangler.jsonc); each refused here for a missing name.
    const client = unique('flood');
    const limited = await expectLimitedAfter(
      50,
      () => postApplication(applicationForm(applicationFields(email, { name: '' }), {}), { 'X-Test-Client': client }),
      60,
      400,
    );
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(await limited.text()).toContain('Too many applications from here just now.');
  });
});
