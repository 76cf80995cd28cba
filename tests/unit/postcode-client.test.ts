/**
 * The postcode client against the real stand-in server over HTTP (in this process, on a free port). A service that is
 * down or slow is a reserved postcode's (tests/shared/stand-ins.ts): ZZ1 answers 503, ZZ2 after 1 s.
 */
import type { Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPostcodesStandIn } from '../../stand-ins/postcodes/server.mjs';
import { createPostcodeClient, PostcodeNotFoundError, PostcodeServiceError } from '~/lib/postcode-client';
import { priceRoute } from '~/lib/price-route';
import { ROUTES } from '../shared/routes';
import { POSTCODE_DOWN, POSTCODE_SLOW } from '../shared/stand-ins';

let server: Server;
let baseUrl = '';
let requests: string[] = [];

beforeAll(async () => {
  server = createPostcodesStandIn();
  server.on('request', (req) => requests.push(req.url ?? ''));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.closeAllConnections(); // a slow answer a test gave up on
  return new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
});

describe('postcode client', () => {
  it('looks a postcode up (uppercase, no spaces in the path) and reads the spec fields', async () => {
    const client = createPostcodeClient({ baseUrl });
    expect(await client.lookup('sw1a 1aa')).toEqual({
      postcode: 'SW1A 1AA',
      latitude: 51.501009,
      longitude: -0.141588,
      district: 'Westminster',
      region: 'London',
    });
    expect(requests).toEqual(['/postcodes/SW1A1AA']);
    // Scotland has no English region: the country stands in.
    expect((await client.lookup('EH1 1YZ'))?.region).toBe('Scotland');
  });

  it('caches answers', async () => {
    const client = createPostcodeClient({ baseUrl });
    await client.lookup('M1 1AE');
    await client.lookup('m11ae');
    expect(requests).toEqual(['/postcodes/M11AE']);
  });

  it('measures a route, falling back to the outward code for an unknown postcode', async () => {
    const client = createPostcodeClient({ baseUrl });
    const route = await client.measureRoute('12 High St, SW1A 9ZZ', 'M1 1AE');
    expect(route.notes).toEqual(['Distance estimated from the SW1A area']);
    expect(route.from.estimatedFromOutcode).toBe('SW1A');
    expect(route.distanceMiles.toFixed(1)).toBe(ROUTES['SW1A 9ZZ → M1 1AE'].miles.toFixed(1));
    await expect(client.measureRoute('SW1A 1AA', 'ZZ9 9ZZ')).rejects.toEqual(new PostcodeNotFoundError('to'));
  });

  it('reports a failing or slow service as a service error (timeout)', async () => {
    await expect(createPostcodeClient({ baseUrl }).lookup(POSTCODE_DOWN)).rejects.toBeInstanceOf(PostcodeServiceError);
    await expect(createPostcodeClient({ baseUrl, timeoutMs: 150 }).lookup(POSTCODE_SLOW)).rejects.toThrow('did not answer in time');
  });

  it("autocompletes from 3 characters; aborting one caller's signal leaves the other's call alone", async () => {
    const client = createPostcodeClient({ baseUrl });
    expect(await client.autocomplete('SW')).toEqual([]);
    expect(requests).toEqual([]);
    expect(await client.autocomplete('sw1a')).toEqual(['SW1A 1AA', 'SW1A 2AA']);
    const stale = new AbortController();
    const first = client.autocomplete(POSTCODE_SLOW.slice(0, 5), { signal: stale.signal });
    const second = client.autocomplete('BT60');
    stale.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(await second).toEqual(['BT60 4BD']);
  });

  it('suggests addresses with the building number, falling back to the outward code', async () => {
    const client = createPostcodeClient({ baseUrl });
    expect(await client.suggestAddresses('12 EC1A')).toEqual([{ address: '12 EC1A 1BB', postcode: 'EC1A 1BB', building_number: '12' }]);
    expect(await client.suggestAddresses('ab')).toEqual([]);
    expect(await createPostcodeClient({ baseUrl }).suggestAddresses(POSTCODE_DOWN.slice(0, 5))).toEqual([]);
  });
});

describe('postcode client: every method takes an AbortSignal and keeps no cancel state of its own', () => {
  it('an already aborted signal rejects every method at once, with no request, cached answer or not', async () => {
    const client = createPostcodeClient({ baseUrl });
    await client.lookup('SW1A 1AA');
    requests = [];
    const signal = AbortSignal.abort();
    const calls = [
      client.lookup('SW1A 1AA', { signal }),
      client.lookupOutcode('M1', { signal }),
      client.resolve('M1 1AE', 'to', { signal }),
      client.measureRoute('SW1A 1AA', 'M1 1AE', { signal }),
      client.autocomplete('EC1A', { signal }),
      client.suggestAddresses('12 EC1A', { signal }),
    ];
    for (const call of calls) await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests).toEqual([]);
  });

  it('an abort during a slow lookup rejects at once as an abort (not a service failure) and remembers nothing', async () => {
    const client = createPostcodeClient({ baseUrl });
    const controller = new AbortController();
    const started = Date.now();
    const lookup = client.lookup(POSTCODE_SLOW, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await lookup.catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(error).not.toBeInstanceOf(PostcodeServiceError);
    expect(Date.now() - started).toBeLessThan(900);
    // Asked again, it waits for the (slow) answer this time.
    expect((await client.lookup(POSTCODE_SLOW))?.postcode).toBe(POSTCODE_SLOW);
    expect(requests).toEqual(['/postcodes/ZZ21SL', '/postcodes/ZZ21SL']);
  });

  it('suggestions: an aborted call rejects (a failing service still gives an empty list, above)', async () => {
    const client = createPostcodeClient({ baseUrl });
    const controller = new AbortController();
    const suggestions = client.suggestAddresses(`12 ${POSTCODE_SLOW.slice(0, 5)}`, { signal: controller.signal });
    controller.abort();
    await expect(suggestions).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('postcode client in a browser without AbortSignal.any() or AbortSignal.timeout() (Safari before 17.4)', () => {
  const statics = AbortSignal as unknown as Record<'any' | 'timeout', unknown>;
  const saved = { any: statics.any, timeout: statics.timeout };
  beforeAll(() => {
    delete statics.any;
    delete statics.timeout;
  });
  afterAll(() => Object.assign(statics, saved));

  it("looks up, prices and suggests with the caller's signal", async () => {
    expect(AbortSignal.any).toBeUndefined();
    expect(AbortSignal.timeout).toBeUndefined();
    const client = createPostcodeClient({ baseUrl });
    const { signal } = new AbortController();
    expect((await client.lookup('SW1A 1AA', { signal }))?.district).toBe('Westminster');
    expect(await client.autocomplete('sw1a', { signal })).toEqual(['SW1A 1AA', 'SW1A 2AA']);
    const outcome = await priceRoute(client, { propertyId: 'mini', fromPostcode: 'SW1A 1AA', toPostcode: 'SW1A 2AA' }, { signal });
    expect(outcome.ok && outcome.route.pricing.total).toBe(199);
  });

  it('a cancelled call rejects as an abort, a slow service as a time-out', async () => {
    const controller = new AbortController();
    const cancelled = createPostcodeClient({ baseUrl }).lookup(POSTCODE_SLOW, { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    const slow = createPostcodeClient({ baseUrl, timeoutMs: 150 });
    await expect(slow.lookup(POSTCODE_SLOW, { signal: new AbortController().signal })).rejects.toThrow('did not answer in time');
    await expect(slow.lookup(POSTCODE_SLOW)).rejects.toThrow('did not answer in time');
  });
});

describe('priceRoute: one path from answers to a price, with typed error codes', () => {
  const move = { propertyId: 'mini', fromPostcode: 'SW1A 1AA', toPostcode: 'M1 1AE' };

  it('prices a move and names both places', async () => {
    const outcome = await priceRoute(createPostcodeClient({ baseUrl }), { ...move, toPostcode: 'SW1A 2AA' });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.route.verified).toBe(true);
    // 0.6 miles (tests/shared/routes.ts), inside the free 25: the Mini Move's £199 alone.
    expect(outcome.route.pricing.total).toBe(199);
    expect(outcome.route.pricing.distance).toBe(ROUTES['SW1A 1AA → SW1A 2AA'].miles);
    expect(outcome.route.from).toEqual({
      postcode: 'SW1A 1AA',
      district: 'Westminster',
      region: 'London',
      latitude: 51.501009,
      longitude: -0.141588,
    });
    expect(outcome.route.notes).toEqual([]);
  });

  it('prices from the outward code when only that is known, and says so', async () => {
    const outcome = await priceRoute(createPostcodeClient({ baseUrl }), { ...move, fromPostcode: 'SW1A 9ZZ' });
    expect(outcome.ok && outcome.route.notes).toEqual(['Distance estimated from the SW1A area']);
  });

  it.each([
    [{ fromPostcode: 'nope' }, { code: 'invalid_postcode', message: "Invalid 'from' postcode format", field: 'from' }],
    [{ toPostcode: 'nope' }, { code: 'invalid_postcode', message: "Invalid 'to' postcode format", field: 'to' }],
    [{ toPostcode: 'ZZ9 9ZZ' }, { code: 'postcode_not_found', message: 'Postcode not found', field: 'to' }],
    [{ fromPostcode: 'ZZ9 9ZZ' }, { code: 'postcode_not_found', message: 'Postcode not found', field: 'from' }],
    [{ propertyId: 'castle' }, { code: 'unknown_property', message: 'Invalid property size: castle', field: 'both' }],
    [{ furnitureIds: ['piano'] }, { code: 'pricing_failed', message: 'Error calculating pricing', field: 'both' }],
  ])('%j -> %j', async (change, error) => {
    expect(await priceRoute(createPostcodeClient({ baseUrl }), { ...move, ...change })).toEqual({ ok: false, error });
  });

  it("service down or too slow: the spec's message and no price (no distance is ever assumed)", async () => {
    const expected = {
      ok: false,
      error: { code: 'postcode_service_down', message: 'Could not calculate distance between postcodes', field: 'both' },
    };
    expect(await priceRoute(createPostcodeClient({ baseUrl }), { ...move, toPostcode: POSTCODE_DOWN })).toEqual(expected);
    const slow = { ...move, toPostcode: POSTCODE_SLOW };
    expect(await priceRoute(createPostcodeClient({ baseUrl, timeoutMs: 150 }), slow)).toEqual(expected);
  });

  it('rejects only when its signal is aborted', async () => {
    const controller = new AbortController();
    const outcome = priceRoute(createPostcodeClient({ baseUrl }), { ...move, toPostcode: POSTCODE_SLOW }, { signal: controller.signal });
    controller.abort();
    await expect(outcome).rejects.toMatchObject({ name: 'AbortError' });
  });
});
