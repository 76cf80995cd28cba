import { geoMercator } from 'd3-geo';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_MAP } from '~/data/route-map';
import { ROUTE_MAP_OUTLINE } from '~/data/route-map-outline';
import { projectOnMap, routeDrawing, routeMapDescription } from '~/lib/route-map';
import { routeMapModules } from '../../scripts/generate-route-map.mjs';

const places = {
  london: { latitude: 51.501, longitude: -0.1416 },
  manchester: { latitude: 53.4808, longitude: -2.2426 },
  belfast: { latitude: 54.5973, longitude: -5.9301 },
  lerwick: { latitude: 60.1553, longitude: -1.1449 },
  stHelier: { latitude: 49.1858, longitude: -2.11 },
};

describe('the route map', () => {
  it('is the committed output of its generator (Natural Earth through d3-geo), a few KB', () => {
    for (const [name, text] of Object.entries(routeMapModules())) {
      expect(readFileSync(new URL(`../../src/data/${name}`, import.meta.url), 'utf8'), name).toBe(text);
    }
    expect(ROUTE_MAP_OUTLINE.length).toBeLessThan(8 * 1024);
  });

  it('places a point exactly where d3-geo’s fitted Mercator does', () => {
    const d3 = geoMercator()
      .scale(ROUTE_MAP.scale)
      .translate([...ROUTE_MAP.translate]);
    for (const place of Object.values(places)) {
      const [x, y] = d3([place.longitude, place.latitude])!;
      const ours = projectOnMap(place);
      expect(ours.x).toBeCloseTo(x, 1);
      expect(ours.y).toBeCloseTo(y, 1);
    }
  });

  it('keeps every UK place inside the map, north above south and west left of east', () => {
    for (const place of Object.values(places)) {
      const { x, y } = projectOnMap(place);
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(ROUTE_MAP.width);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(ROUTE_MAP.height);
    }
    expect(projectOnMap(places.lerwick).y).toBeLessThan(projectOnMap(places.london).y);
    expect(projectOnMap(places.belfast).x).toBeLessThan(projectOnMap(places.manchester).x);
  });

  it('draws the line between the two dots, its label on the map', () => {
    const drawing = routeDrawing(places.london, places.manchester);
    const london = projectOnMap(places.london);
    expect(drawing.from).toEqual({ cx: String(london.x), cy: String(london.y) });
    expect(drawing.route.x1).toBe(drawing.from.cx);
    expect(drawing.route.y2).toBe(drawing.to.cy);
    for (const [a, b] of [
      [places.lerwick, places.stHelier],
      [places.belfast, places.belfast],
    ] as const) {
      const { label } = routeDrawing(a, b);
      expect(Number(label.x)).toBeGreaterThanOrEqual(76);
      expect(Number(label.x)).toBeLessThanOrEqual(ROUTE_MAP.width - 76);
      expect(Number(label.y)).toBeGreaterThan(0);
      expect(Number(label.y)).toBeLessThan(ROUTE_MAP.height);
    }
  });

  it('says what it shows in words', () => {
    expect(routeMapDescription('SW1A 1AA (Westminster)', 'M1 1AE (Manchester)', 162.74)).toBe(
      'Map of the UK and Ireland: a straight line from SW1A 1AA (Westminster) to M1 1AE (Manchester), 162.7 miles as the crow flies.',
    );
  });
});
