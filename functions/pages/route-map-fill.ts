/** Drawn from the places stored with the quote when it was priced: no page asks the postcode service again. */
import { routeMapView, type RouteDrawing } from '../../src/lib/route-map';
import type { Fill } from '../lib/prebuilt-page';
import type { StoredQuote } from '../lib/quote/stored-quote';

type MapAttributes = Partial<Record<keyof RouteDrawing | 'svg', Record<string, string>>>;

export interface RouteMapFill {
  fill: Fill;
  attributes: MapAttributes;
}

/**
 * Null for a quote with no measured route, or stored before its places were kept: that page shows the distance in words
 * without the map, rather than make every view of an old quote wait on the postcode service.
 */
export function routeMapFill(quote: StoredQuote): RouteMapFill | null {
  if (!quote.pricing || !quote.places) return null;
  const { from, to } = quote.places;
  const view = routeMapView({ ...from, postcode: quote.fromPostcode }, { ...to, postcode: quote.toPostcode }, quote.pricing.distance);
  return {
    fill: { text: { 'map:miles': view.label[0], 'map:from': view.from, 'map:to': view.to }, show: ['map'] },
    attributes: { ...view.drawing, svg: { 'aria-label': view.description } },
  };
}

export function withMapAttributes(page: Response, attributes: MapAttributes): Response {
  const rewritten = new HTMLRewriter()
    .on('[data-map]', {
      element(element) {
        const values = attributes[element.getAttribute('data-map') as keyof MapAttributes];
        for (const [name, value] of Object.entries(values ?? {})) element.setAttribute(name, value);
      },
    })
    .transform(page);
  return new Response(rewritten.body, { status: page.status, headers: page.headers });
}
