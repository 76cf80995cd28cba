/** The confirmation's route map comes from the places stored with the quote; a quote stored without them has none. */
import { describe, expect, it } from 'vitest';
import type { StoredQuote } from '../../functions/lib/quote/stored-quote';
import { routeMapFill } from '../../functions/pages/route-map-fill';

const pricing = { distance: 162.7 } as StoredQuote['pricing'];
const places: StoredQuote['places'] = {
  from: { latitude: 51.501009, longitude: -0.141588, district: 'Westminster' },
  to: { latitude: 53.481, longitude: -2.237, district: 'Manchester' },
};
const quote = (over: Partial<StoredQuote>) => ({ fromPostcode: 'SW1A 1AA', toPostcode: 'M1 1AE', pricing, places, ...over }) as StoredQuote;

describe('routeMapFill', () => {
  it('places both postcodes from the stored coordinates, named with their districts', () => {
    const map = routeMapFill(quote({}));
    expect(map?.fill).toEqual({
      text: { 'map:miles': '162.7 miles', 'map:from': 'SW1A 1AA, Westminster', 'map:to': 'M1 1AE, Manchester' },
      show: ['map'],
    });
    expect(Object.keys(map!.attributes).sort()).toEqual(['from', 'label', 'label-line', 'route', 'svg', 'to']);
  });

  it('draws nothing for a quote stored before its places were kept, or not priced', () => {
    expect(routeMapFill(quote({ places: null }))).toBeNull();
    expect(routeMapFill(quote({ pricing: null, places: null }))).toBeNull();
  });
});
