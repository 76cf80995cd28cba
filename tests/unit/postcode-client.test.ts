/** The postcode client against the real stand-in server over HTTP (in this process, on a free port). */
import type { Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPostcodesStandIn } from '../../stand-ins/postcodes/server.mjs';
import { createPostcodeClient, PostcodeNotFoundError, PostcodeServiceError } from '~/lib/postcode-client';
import { priceQuote } from '~/lib/quote-pricing';

let server: Server;
let baseUrl = '';
let requests: string[] = [];

const control = (body: object) => fetch(`${baseUrl}/__control`, { method: 'POST', body: JSON.stringify(body) });

beforeAll(async () => {
  server = createPostcodesStandIn();
  server.on('request', (req) => {
    if (!req.url?.startsWith('/__control')) requests.push(req.url ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(async () => {
  requests = [];
  await control({ mode: 'ok' });
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
    expect(route.distanceMiles).toBeGreaterThan(155);
    expect(route.distanceMiles).toBeLessThan(170);
    await expect(client.measureRoute('SW1A 1AA', 'ZZ9 9ZZ')).rejects.toEqual(new PostcodeNotFoundError('to'));
  });

  it('reports a failing or slow service as a service error (timeout)', async () => {
    await control({ mode: 'fail' });
    await expect(createPostcodeClient({ baseUrl }).lookup('B33 8TH')).rejects.toBeInstanceOf(PostcodeServiceError);
    await control({ mode: 'slow', delayMs: 1000 });
    await expect(createPostcodeClient({ baseUrl, timeoutMs: 150 }).lookup('B33 8TH')).rejects.toThrow('did not answer in time');
  });

  it('autocompletes from 3 characters, and a newer call aborts the stale one', async () => {
    const client = createPostcodeClient({ baseUrl });
    expect(await client.autocomplete('SW')).toEqual([]);
    expect(requests).toEqual([]);
    expect(await client.autocomplete('sw1a')).toEqual(['SW1A 1AA', 'SW1A 2AA']);
    await control({ mode: 'slow', delayMs: 400 });
    const stale = client.autocomplete('BT4');
    const fresh = client.autocomplete('BT60');
    await expect(stale).rejects.toMatchObject({ name: 'AbortError' });
    expect(await fresh).toEqual(['BT60 4BD']);
  });

  it('suggests addresses with the building number, falling back to the outward code', async () => {
    const client = createPostcodeClient({ baseUrl });
    expect(await client.suggestAddresses('12 EC1A')).toEqual([{ address: '12 EC1A 1BB', postcode: 'EC1A 1BB', building_number: '12' }]);
    expect(await client.suggestAddresses('ab')).toEqual([]);
    await control({ mode: 'fail' });
    expect(await createPostcodeClient({ baseUrl }).suggestAddresses('SW1A 1')).toEqual([]);
  });
});

describe('priceQuote: the spec messages', () => {
  it('prices a move', async () => {
    const result = await priceQuote(createPostcodeClient({ baseUrl }), {
      propertyId: 'mini',
      fromPostcode: 'SW1A 1AA',
      toPostcode: 'SW1A 2AA',
    });
    expect(result.pricing.total).toBe(199);
    expect(result.pricing.distance).toBeLessThan(1);
  });
  it.each([
    [{ fromPostcode: 'nope' }, "Invalid 'from' postcode format"],
    [{ toPostcode: 'nope' }, "Invalid 'to' postcode format"],
    [{ toPostcode: 'ZZ9 9ZZ' }, 'Postcode not found'],
    [{ propertyId: 'castle' }, 'Invalid property size: castle'],
  ])('%j -> %s', async (change, message) => {
    const input = { propertyId: 'mini', fromPostcode: 'SW1A 1AA', toPostcode: 'M1 1AE', ...change };
    await expect(priceQuote(createPostcodeClient({ baseUrl }), input)).rejects.toThrow(message);
  });
  it('says the distance could not be calculated when the service is down', async () => {
    await control({ mode: 'fail' });
    await expect(
      priceQuote(createPostcodeClient({ baseUrl }), { propertyId: 'mini', fromPostcode: 'SW1A 1AA', toPostcode: 'M1 1AE' }),
    ).rejects.toThrow('Could not calculate distance between postcodes');
  });
});
