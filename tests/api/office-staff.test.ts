/**
 * Issue 33 item 1: staff sign in the passwordless way, with a 12-hour session of their own; the owner (OWNER_EMAIL)
 * adds and removes staff; every staff action is in the audit trail; and nobody else learns the office is there.
 */
import { describe, expect, it } from 'vitest';
import { OFFICE_PATHS } from '~/lib/office/paths';
import { emailsTo, query, unique } from './helpers';
import { OFFICE_SIGN_IN_SUBJECT } from '../shared/office-sign-in';
import { readPage } from './html';
import { signedInCustomer, COOKIE as CUSTOMER_COOKIE } from './sign-in';
import { OWNER_EMAIL, STAFF_COOKIE, officeGet, officePost, ownerCookie, signInStaff } from './office';
import { apiBase } from './helpers';

const HOUR = 3_600_000;
const at = (ms: number) => ({ 'X-Test-Now': new Date(Date.now() + ms).toISOString() });

const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0];

/**
 * The site's ordinary 404 page: the same page as an address that does not exist (a signed-in customer's header says
 * "Your moves" on any page the Worker answers, so the page's main content is compared).
 */
async function expectNotFound(response: Response) {
  expect(response.status).toBe(404);
  const unknown = await fetch(`${apiBase()}/no-such-page-${unique('x')}`);
  expect(unknown.status).toBe(404);
  expect(mainOf(await response.text())).toBe(mainOf(await unknown.text()));
}

async function addStaff(name: string, email: string) {
  const added = await officePost(`${OFFICE_PATHS.staff}/add`, { name, email });
  expect(added.status).toBe(303);
  expect(added.headers.get('location')).toBe(`${OFFICE_PATHS.staff}?done=added`);
}

describe('the owner', () => {
  it('signs in with OWNER_EMAIL and sees the staff page, marked private', async () => {
    const page = await officeGet(OFFICE_PATHS.staff);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    const html = await page.text();
    expect(html).toContain(OWNER_EMAIL);
    expect(html).toContain('(owner)');
  });

  it('adds a member of staff, who signs in and gets a 12-hour session that is not a customer session', async () => {
    const email = `${unique('staff')}@example.com`;
    await addStaff('Priya Shah', email);
    const list = await (await officeGet(OFFICE_PATHS.staff)).text();
    expect(list).toContain(email);
    expect(list).toContain('Priya Shah');

    const session = await signInStaff(email);
    const rows = query<{ created_at: string; expires_at: string }>(
      "SELECT created_at, expires_at FROM sessions WHERE email = ? AND role = 'staff'",
      email,
    );
    expect(rows).toHaveLength(1);
    expect(Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)).toBe(12 * HOUR);
    expect(query("SELECT 1 FROM sessions WHERE email = ? AND role = 'customer'", email)).toHaveLength(0);
    // Staff, not the owner: the staff page is the owner's alone.
    await expectNotFound(await officeGet(OFFICE_PATHS.staff, session));

    const trail = query<{ actor: string; action: string; detail: string }>(
      'SELECT actor, action, detail FROM audit_log WHERE detail LIKE ? ORDER BY id',
      `%${email}%`,
    );
    expect(trail).toEqual([{ actor: OWNER_EMAIL, action: 'staff_added', detail: `Added Priya Shah (${email}) to the staff` }]);
  });

  it('removes a member: their session ends at once and their next sign-in sends nothing', async () => {
    const email = `${unique('leaver')}@example.com`;
    await addStaff('Sam Leaver', email);
    const session = await signInStaff(email);
    expect(query("SELECT 1 FROM sessions WHERE email = ? AND role = 'staff'", email)).toHaveLength(1);

    // "Remove" asks first (issue 40 item 4): the answer is a page saying what it does, and nothing is removed yet.
    const removing = await officePost(`${OFFICE_PATHS.staff}/remove`, { email });
    expect(removing.status).toBe(200);
    const question = readPage(await removing.text());
    expect(question.filled('confirm-heading').trim()).toBe('Remove Sam Leaver from the staff?');
    expect(query('SELECT removed_at FROM staff_members WHERE email = ?', email)).toEqual([{ removed_at: null }]);
    expect(query("SELECT 1 FROM sessions WHERE email = ? AND role = 'staff'", email)).toHaveLength(1);
    expect((await officeGet(OFFICE_PATHS.home, session)).status).toBe(200);

    const removed = await officePost(`${OFFICE_PATHS.staff}/remove`, { email, confirm: 'yes' });
    expect(removed.status).toBe(303);
    expect(query("SELECT 1 FROM sessions WHERE email = ? AND role = 'staff'", email)).toHaveLength(0);
    await expectNotFound(await officeGet(OFFICE_PATHS.staff, session));
    // Asked again, nothing is sent. The Worker handles a sign-in after its answer (waitUntil), so "nothing" is read
    // once a later request, from someone still on the staff, has had its e-mail: the removed address's request, which
    // ends at the staff look-up, was done with before that (no wait for time that a busy machine could outlast).
    const stayer = `${unique('stayer')}@example.com`;
    await addStaff('Sam Stayer', stayer);
    const asked = await fetch(`${apiBase()}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: apiBase(), 'X-Test-Client': unique('leaver') },
      body: new URLSearchParams({ email, website: '' }).toString(),
    });
    expect(asked.status).toBe(200);
    await asked.text();
    await signInStaff(stayer);
    expect((await emailsTo(email)).filter((e) => e.subject === OFFICE_SIGN_IN_SUBJECT)).toHaveLength(1);
    // A second tap of the confirmation (or a crafted post) removes nobody else: the staff page again, one audit line.
    const again = await officePost(`${OFFICE_PATHS.staff}/remove`, { email, confirm: 'yes' });
    expect([again.status, again.headers.get('Location')]).toEqual([303, OFFICE_PATHS.staff]);
    expect(
      query<{ actor: string; action: string }>('SELECT actor, action FROM audit_log WHERE detail = ?', `Removed ${email} from the staff`),
    ).toEqual([{ actor: OWNER_EMAIL, action: 'staff_removed' }]);
  });

  it('answers a remove of something that is not an address with the staff page, removing and auditing nothing', async () => {
    const notAnAddress = unique('not-an-address');
    const posts: Record<string, string>[] = [{ email: notAnAddress }, { email: notAnAddress, confirm: 'yes' }, { confirm: 'yes' }];
    for (const fields of posts) {
      const answer = await officePost(`${OFFICE_PATHS.staff}/remove`, fields);
      expect(answer.status).toBe(303);
      expect(answer.headers.get('Location')).toBe(OFFICE_PATHS.staff);
    }
    expect(query('SELECT 1 FROM audit_log WHERE detail LIKE ?', `%${notAnAddress}%`)).toEqual([]);
  });

  it('refuses a member without a name, with the message tied to the field, and keeps what was typed', async () => {
    const email = `${unique('nameless')}@example.com`;
    const refused = await officePost(`${OFFICE_PATHS.staff}/add`, { name: ' ', email });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(readPage(html).value('email')).toBe(email);
    expect(html).toContain('Please enter their name.');
    expect(html).toMatch(/aria-describedby="staff-name-error"/);
    expect(query('SELECT 1 FROM staff_members WHERE email = ?', email)).toHaveLength(0);
  });
});

describe('nobody else gets anything from the office', () => {
  it('a signed-out visitor is sent to /login', async () => {
    const answer = await officeGet(OFFICE_PATHS.staff, null);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/login');
  });

  it('a customer session, a wrong token and an expired session get the ordinary 404', async () => {
    const customer = await signedInCustomer('office-customer');
    await expectNotFound(
      await fetch(`${apiBase()}${OFFICE_PATHS.staff}`, {
        redirect: 'manual',
        headers: { Cookie: `${CUSTOMER_COOKIE}=${customer.cookie}` },
      }),
    );
    await expectNotFound(await officeGet(OFFICE_PATHS.staff, 'A'.repeat(32)));
    await expectNotFound(await officeGet(OFFICE_PATHS.staff, ownerCookie(), at(12 * HOUR + 60_000)));
  });

  it('a post to the office from another site changes nothing', async () => {
    const email = `${unique('forged')}@example.com`;
    const forged = await officePost(`${OFFICE_PATHS.staff}/add`, { name: 'Forged', email }, ownerCookie(), {
      Origin: 'https://evil.example',
    });
    expect(forged.status).toBe(403);
    expect(query('SELECT 1 FROM staff_members WHERE email = ?', email)).toHaveLength(0);
  });
});

describe('signing out', () => {
  it('ends this session only, clears the cookie and leaves a line in the audit trail', async () => {
    const email = `${unique('out')}@example.com`;
    await addStaff('Out Going', email);
    const first = await signInStaff(email);
    const answer = await officePost(OFFICE_PATHS.signOut, {}, first);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/login');
    expect(answer.headers.getSetCookie().some((c) => c.startsWith(`${STAFF_COOKIE}=;`))).toBe(true);
    expect(query<{ action: string }>('SELECT action FROM audit_log WHERE actor = ? ORDER BY id', email).map((r) => r.action)).toEqual([
      'signed_in',
      'signed_out',
    ]);
    expect(query("SELECT 1 FROM sessions WHERE email = ? AND role = 'staff'", email)).toHaveLength(0);
  }, 40_000);
});
