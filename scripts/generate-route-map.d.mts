export const MAP_WIDTH: number;
export const MAP_HEIGHT: number;
export function drawRouteMap(): { scale: number; translate: [number, number]; outline: string };
export function routeMapModules(): Record<'route-map.ts' | 'route-map-outline.ts', string>;
