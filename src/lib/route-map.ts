/** The projection in a few lines, so neither the browser nor the Worker ships d3; tests/unit/route-map.test.ts checks it against d3-geo. */
import { ROUTE_MAP } from '../data/route-map';
import { describeDistance, formatMiles, STRAIGHT_LINE } from './distance';
import { crossesSea } from './ferry';
import type { LatLng } from './geo';

export interface MapPoint {
  x: number;
  y: number;
}

const RADIANS = Math.PI / 180;
const round1 = (value: number) => Math.round(value * 10) / 10;

/** d3's geoMercator with the build's scale and translation: x = tx + kλ, y = ty − k·ln tan(π/4 + φ/2). */
export function projectOnMap({ latitude, longitude }: LatLng): MapPoint {
  const { scale, translate } = ROUTE_MAP;
  const x = translate[0] + scale * longitude * RADIANS;
  const y = translate[1] - scale * Math.log(Math.tan(Math.PI / 4 + (latitude * RADIANS) / 2));
  return { x: round1(x), y: round1(y) };
}

export const mapLabelLines = (miles: number): [string, string] => [`${formatMiles(miles)} miles`, STRAIGHT_LINE];

export interface RouteDrawing {
  from: { cx: string; cy: string };
  to: { cx: string; cy: string };
  route: { x1: string; y1: string; x2: string; y2: string };
  label: { x: string; y: string };
  'label-line': { x: string };
}

/** Map units, for 17 to 20-unit type: keeps the label off the map's sides. */
const LABEL_HALF_WIDTH = 76;
const LABEL_GAP = 14;

export function routeDrawing(from: LatLng, to: LatLng): RouteDrawing {
  const a = projectOnMap(from);
  const b = projectOnMap(to);
  const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  const above = mid.y - LABEL_GAP - 40 > 4;
  const x = round1(clamp(mid.x, LABEL_HALF_WIDTH, ROUTE_MAP.width - LABEL_HALF_WIDTH));
  const y = round1(above ? mid.y - LABEL_GAP - 20 : Math.min(mid.y + LABEL_GAP + 20, ROUTE_MAP.height - 26));
  const text = (n: number) => String(n);
  return {
    from: { cx: text(a.x), cy: text(a.y) },
    to: { cx: text(b.x), cy: text(b.y) },
    route: { x1: text(a.x), y1: text(a.y), x2: text(b.x), y2: text(b.y) },
    label: { x: text(x), y: text(y) },
    'label-line': { x: text(x) },
  };
}

export function routeMapDescription(from: string, to: string, miles: number): string {
  return `Map of the UK and Ireland: a straight line from ${from} to ${to}, ${describeDistance(miles)}.`;
}

export const mapPlaceName = (place: { postcode: string; district?: string | undefined }): string =>
  place.district ? `${place.postcode}, ${place.district}` : place.postcode;

export function routeMapView(
  from: LatLng & { postcode: string; district?: string },
  to: LatLng & { postcode: string; district?: string },
  miles: number,
) {
  const fromName = mapPlaceName(from);
  const toName = mapPlaceName(to);
  return {
    drawing: routeDrawing(from, to),
    description: routeMapDescription(fromName, toName, miles),
    label: mapLabelLines(miles),
    from: fromName,
    to: toName,
    ferry: crossesSea(from.postcode, to.postcode),
  };
}
