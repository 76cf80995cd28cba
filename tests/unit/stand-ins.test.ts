/**
 * The stand-ins' per-request failures (no switch): the mail catcher's address tags and the postcode stand-in's
 * reserved postcodes, over HTTP against servers started in this process on free ports.
 */
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailCatcher } from '../../stand-ins/mail/server.mjs';
import { createPostcodesStandIn } from '../../stand-ins/postcodes/server.mjs';
import { POSTCODE_DOWN, POSTCODE_SLOW, postcodeFoundOnce, tagged } from '../shared/stand-ins';

async function start(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}
const servers = [createMailCatcher(), createPostcodesStandIn()] as const;
let mail = '';
let postcodes = '';
beforeAll(async () => {
  mail = await start(servers[0]);
  postcodes = await start(servers[1]);
});
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

/** A send as the Worker makes it; answers the status and how long it took. */
async function send(fields: Record<string, string>): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const response = await fetch(`${mail}/emails`, {
    method: 'POST',
    headers: { Authorization: 'Bearer re_test', 'Content-Type': 'application/json' },
    body: JSON.stringify({ from: 'Shiftly <hello@shiftly.example>', subject: 'Hi', text: 'Hello', ...fields }),
  });
  return { status: response.status, ms: Date.now() - started };
}

describe('the mail catcher fails or slows only the sends that carry a tagged address', () => {
  it('+fail fails every send to it or replying to it; other addresses are unaffected', async () => {
    const ada = tagged('ada@example.com', 'fail');
    expect((await send({ to: ada })).status).toBe(500);
    expect((await send({ to: 'leads@shiftly.example', reply_to: ada })).status).toBe(500);
    expect((await send({ to: ada })).status).toBe(500);
    expect((await send({ to: 'grace@example.com' })).status).toBe(200);
  });

  it('+failtimes2 fails the first two sends carrying the address, then lets them through', async () => {
    const ada = tagged('ada-twice@example.com', 'failtimes2');
    const sends: Array<Record<string, string>> = [{ to: ada }, { to: 'leads@shiftly.example', reply_to: ada }, { to: ada }];
    const statuses = [];
    for (const fields of sends) statuses.push((await send(fields)).status);
    expect(statuses).toEqual([500, 500, 200]);
  });

  it('+slow<N>s waits before it answers', async () => {
    const { status, ms } = await send({ to: tagged('ada@example.com', 'slow1s') });
    expect(status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(1000);
  });

  it('+slowonce<N>s waits on the first send carrying the address only', async () => {
    const ada = tagged('ada-once@example.com', 'slowonce1s');
    const first = await send({ to: ada });
    const second = await send({ to: 'leads@shiftly.example', reply_to: ada });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.ms).toBeGreaterThanOrEqual(1000);
    expect(second.ms).toBeLessThan(1000);
  });

  it('has no switch: POST /__control is gone (410)', async () => {
    expect((await fetch(`${mail}/__control`, { method: 'POST', body: '{"fail":true}' })).status).toBe(410);
    expect((await fetch(`${postcodes}/__control`, { method: 'POST', body: '{"mode":"fail"}' })).status).toBe(410);
  });
});

describe('the postcode stand-in answers its reserved postcodes as set in fixture.json', () => {
  const compact = (postcode: string) => postcode.replace(' ', '');

  it('the down one answers 503 as a postcode, an outward code and an autocomplete prefix', async () => {
    const outcode = POSTCODE_DOWN.split(' ')[0]!;
    for (const path of [`/postcodes/${compact(POSTCODE_DOWN)}`, `/outcodes/${outcode}`, `/postcodes/${outcode}1/autocomplete`]) {
      expect((await fetch(`${postcodes}${path}`)).status, path).toBe(503);
    }
  });

  it('the slow one answers after a second, with the coordinates of the place it stands for (LS1 1UR)', async () => {
    const started = Date.now();
    const response = await fetch(`${postcodes}/postcodes/${compact(POSTCODE_SLOW)}`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(((await response.json()) as { result: object }).result).toMatchObject({
      postcode: POSTCODE_SLOW,
      latitude: 53.8,
      longitude: -1.5491,
      admin_district: 'Leeds',
    });
  });

  it('a found-once postcode is found, as M1 1AE, by its first look-up only; another one has its own first look-up', async () => {
    const [first, second] = [postcodeFoundOnce(), postcodeFoundOnce()];
    const lookUp = (postcode: string) => fetch(`${postcodes}/postcodes/${compact(postcode)}`);
    const found = await lookUp(first);
    expect(found.status).toBe(200);
    expect(((await found.json()) as { result: object }).result).toMatchObject({
      postcode: first,
      latitude: 53.481,
      longitude: -2.237,
      admin_district: 'Manchester',
    });
    expect((await lookUp(first)).status).toBe(503);
    if (second !== first) expect((await lookUp(second)).status).toBe(200);
  });
});
