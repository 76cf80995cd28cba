/** The move page's route map comes from the places stored with the quote; a quote stored without them has none. */
import { describe, expect, it } from 'vitest';
import type { StoredQuote } from '../../functions/lib/quote/stored-quote';
import { routeMap } from '../../functions/pages/move-view';

const pricing = { distance: 162.7 } as StoredQuote['pricing'];
const places: StoredQuote['places'] = {
  from: { latitude: 51.501009, longitude: -0.141588, district: 'Westminster' },
  to: { latitude: 53.481, longitude: -2.237, district: 'Manchester' },
};
const quote = (over: Partial<StoredQuote>) => ({ fromPostcode: 'SW1A 1AA', toPostcode: 'M1 1AE', pricing, places, ...over }) as StoredQuote;

describe('routeMap', () => {
  it('places both postcodes from the stored coordinates, named with their districts', () => {
    const map = routeMap(quote({}));
    expect(map).toMatchObject({
      label: ['162.7 miles', 'as the crow flies'],
      from: 'SW1A 1AA, Westminster',
      to: 'M1 1AE, Manchester',
      description: expect.stringContaining('from SW1A 1AA, Westminster to M1 1AE, Manchester'),
    });
    expect(Object.keys(map!.drawing).sort()).toEqual(['from', 'label', 'label-line', 'route', 'to']);
  });

  it('says no ferry on the map: the price notes say it', () => {
    expect(routeMap(quote({ toPostcode: 'BT1 1AA' }))?.ferry).toBe(false);
  });

  it('draws nothing for a quote stored before its places were kept, or not priced', () => {
    expect(routeMap(quote({ places: null }))).toBeNull();
    expect(routeMap(quote({ pricing: null, places: null }))).toBeNull();
  });
});
