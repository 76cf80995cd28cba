/**
 * Issue 43 item 3 over HTTP: a signed-in partner changes their phone, postcode districts and van on /partner with a
 * plain form. The application's rules check it; D1 and the audit trail say what changed from what to what; a new van
 * gives the office a task to check its MOT and insurance; a refused form stores nothing and ties each message to its box.
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiBase, query, unique } from './helpers';
import { officePost, ownerSignedIn } from './office';
import { applied, asPartner, partnerSession } from './partner-apply';

type Element = DefaultTreeAdapterMap['element'];

/** Applied (van 7.5 t, AB12 CDE, districts LS1, LS6, YO1), approved by the owner and signed in. */
async function partner(fields: Record<string, string> = {}): Promise<{ reference: string; email: string; cookie: string }> {
  const email = `${unique('details')}@example.com`;
  const reference = await applied(email, { van_tonnes: '7.5', ...fields });
  expect((await officePost('/office/partners/decide', { ref: reference, decision: 'approve' })).status).toBe(303);
  return { reference, email, cookie: await partnerSession(email) };
}

const stored = (reference: string) =>
  query<{ phone: string; districts: string; van_tonnes: number; registration: string }>(
    'SELECT phone, districts, van_tonnes, registration FROM partner_applications WHERE reference = ?',
    reference,
  )[0];
const trail = (reference: string) =>
  query<{ actor: string; action: string; detail: string }>(
    "SELECT actor, action, detail FROM audit_log WHERE record_reference = ? AND action = 'partner_details_set' ORDER BY id",
    reference,
  );
const vanTasks = (reference: string) =>
  query<{ detail: string }>("SELECT detail FROM office_tasks WHERE record_reference = ? AND kind = 'partner_van' ORDER BY id", reference);

const details = (fields: Record<string, string>) =>
  new URLSearchParams({ phone: '07700 900123', districts: 'LS1, LS6, YO1', van_tonnes: '7.5', registration: 'AB12 CDE', ...fields });

/** The page as a browser reads it: an element by its id, its text and attributes. */
function byId(html: string): (id: string) => { text: string; attr: (name: string) => string | undefined } | null {
  const found = new Map<string, Element>();
  const walk = (node: DefaultTreeAdapterMap['node']) => {
    if ('tagName' in node) {
      const id = node.attrs.find((a) => a.name === 'id')?.value;
      if (id) found.set(id, node);
    }
    for (const child of 'childNodes' in node ? node.childNodes : []) walk(child);
  };
  walk(parse(html));
  const textOf = (node: DefaultTreeAdapterMap['node']): string =>
    node.nodeName === '#text' && 'value' in node ? node.value : 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';
  return (id) => {
    const element = found.get(id);
    return element ? { text: textOf(element).trim(), attr: (name) => element.attrs.find((a) => a.name === name)?.value } : null;
  };
}

beforeEach(ownerSignedIn);

describe("the partner's own details", () => {
  it('saves districts and van, audited from what to what, with an office task for the new van only', async () => {
    const [dana, other] = await Promise.all([partner(), partner({ districts: 'LS6' })]);

    const saved = await asPartner('/partner/details', dana.cookie, details({ districts: 'LS1 YO1', van_tonnes: '3.5' }));
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/partner?done=details');
    expect(stored(dana.reference)).toEqual({
      phone: '07700 900123',
      districts: '["LS1","YO1"]',
      van_tonnes: 3.5,
      registration: 'AB12CDE',
    });
    expect(trail(dana.reference)).toEqual([
      {
        actor: dana.email,
        action: 'partner_details_set',
        detail:
          'Changed their details: postcode areas and districts from LS1, LS6, YO1 to LS1, YO1; van from 7.5 t, AB12CDE to 3.5 t, AB12CDE',
      },
    ]);
    expect(vanTasks(dana.reference)).toEqual([{ detail: 'New van 3.5 t, AB12CDE (was 7.5 t, AB12CDE): check its MOT and insurance' }]);

    // The page says so and its boxes hold what is stored now.
    const html = await (await asPartner('/partner?done=details', dana.cookie)).text();
    const page = byId(html);
    expect(html).toContain('Saved: your details.');
    expect(page('details-districts')?.attr('value')).toBe('LS1, YO1');
    expect(page('details-van-tonnes')?.attr('value')).toBe('3.5');

    // A new phone and one more district: audited, but the van is the same, so no second task.
    const again = await asPartner(
      '/partner/details',
      dana.cookie,
      details({ phone: '07700 900456', districts: 'ls1 yo1 LS6', van_tonnes: '3.5', registration: 'ab12cde' }),
    );
    expect(again.status).toBe(303);
    expect(trail(dana.reference).at(-1)?.detail).toBe(
      'Changed their details: phone from 07700 900123 to 07700 900456; postcode areas and districts from LS1, YO1 to LS1, YO1, LS6',
    );
    expect(vanTasks(dana.reference)).toHaveLength(1);

    // Saving what is already stored writes nothing.
    expect(
      (await asPartner('/partner/details', dana.cookie, details({ phone: '07700 900456', districts: 'LS1 YO1 LS6', van_tonnes: '3.5' })))
        .status,
    ).toBe(303);
    expect(trail(dana.reference)).toHaveLength(2);

    // The other partner's details are as they applied.
    expect(stored(other.reference)).toEqual({ phone: '07700 900123', districts: '["LS6"]', van_tonnes: 7.5, registration: 'AB12CDE' });
    expect(trail(other.reference)).toEqual([]);
  });

  it('takes whole postcode areas, "LS, YO", as given, and shows them back', async () => {
    const dana = await partner();
    const saved = await asPartner('/partner/details', dana.cookie, details({ districts: 'ls, YO' }));
    expect(saved.status).toBe(303);
    expect(stored(dana.reference)?.districts).toBe('["LS","YO"]');
    expect(trail(dana.reference).map((line) => line.detail)).toEqual([
      'Changed their details: postcode areas and districts from LS1, LS6, YO1 to LS, YO',
    ]);
    const page = byId(await (await asPartner('/partner?done=details', dana.cookie)).text());
    expect(page('details-districts')?.attr('value')).toBe('LS, YO');
  });

  it('refuses bad districts, a 0.5 t van and no phone, each message with its box, and stores nothing', async () => {
    const dana = await partner();
    const before = stored(dana.reference);
    const refused = await asPartner('/partner/details', dana.cookie, details({ phone: '', districts: 'LS1 Leeds', van_tonnes: '0.5' }));
    expect(refused.status).toBe(400);
    const page = byId(await refused.text());
    const expected = {
      phone: 'Please enter your phone number.',
      districts:
        '"LEEDS" is not a postcode area or district. Use an area\'s letters, such as LS, or the first half of a postcode, such as LS6.',
      'van-tonnes': "Please enter your van's size in tonnes, from 1.5 to 7.5.",
    };
    for (const [name, message] of Object.entries(expected)) {
      expect(page(`details-${name}-error`)?.text).toBe(message);
      expect(page(`details-${name}`)?.attr('aria-invalid')).toBe('true');
      expect(page(`details-${name}`)?.attr('aria-describedby')?.split(' ')).toContain(`details-${name}-error`);
    }
    // The registration was fine: no message; what was typed is given back to correct.
    expect(page('details-registration-error')).toBeNull();
    expect(page('details-districts')?.attr('value')).toBe('LS1 Leeds');
    expect(page('details-errors')?.attr('hidden')).toBeUndefined();
    expect(stored(dana.reference)).toEqual(before);
    expect(trail(dana.reference)).toEqual([]);
    expect(vanTasks(dana.reference)).toEqual([]);
  });

  it('is shut to anyone not signed in as a partner', async () => {
    const dana = await partner();
    const stranger = await fetch(`${apiBase()}/partner/details`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: apiBase() },
      body: details({ districts: 'YO1' }).toString(),
    });
    expect(stranger.status).toBe(303);
    expect(stranger.headers.get('location')).toBe('/login');
    expect(stored(dana.reference)?.districts).toBe('["LS1","LS6","YO1"]');
    const asked = await asPartner('/partner/details', dana.cookie);
    expect(asked.status).toBe(405);
    await asked.arrayBuffer();
  });
});
