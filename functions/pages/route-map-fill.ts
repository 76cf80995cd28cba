/** The record keeps no coordinates, so the postcodes are looked up again; if that fails the map stays hidden (the distance is in words). */
import { createPostcodeClient } from '../../src/lib/postcode-client';
import { routeMapView, type RouteDrawing } from '../../src/lib/route-map';
import type { Env } from '../env';
import { config } from '../lib/config';
import type { Fill } from '../lib/prebuilt-page';

const LOOKUP_TIMEOUT_MS = 2000;

type MapAttributes = Partial<Record<keyof RouteDrawing | 'svg', Record<string, string>>>;

export interface RouteMapFill {
  fill: Fill;
  attributes: MapAttributes;
}

export async function routeMapFill(env: Env, fromPostcode: string, toPostcode: string, miles: number): Promise<RouteMapFill | null> {
  const client = createPostcodeClient({ baseUrl: config(env).postcodesApiUrl, timeoutMs: LOOKUP_TIMEOUT_MS });
  try {
    const [from, to] = await Promise.all([client.resolve(fromPostcode, 'from'), client.resolve(toPostcode, 'to')]);
    const view = routeMapView(from, to, miles);
    return {
      fill: { text: { 'map:miles': view.label[0], 'map:from': view.from, 'map:to': view.to }, show: ['map'] },
      attributes: { ...view.drawing, svg: { 'aria-label': view.description } },
    };
  } catch (error) {
    console.warn('route map: the postcodes could not be placed', String(error));
    return null;
  }
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
