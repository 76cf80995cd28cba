/**
 * "On our way" worked out from the crew's phone's location (issue 44 item 2): the straight line to the pickup (haversine,
 * src/lib/geo.ts) times a road factor, at a town speed, rounded up to the next 5 minutes and kept within the sheet's
 * list. The location is used for this sum only: the Worker never stores, logs or audits it.
 */
import { distanceInMiles, type LatLng } from '../geo';
import { ETA_CHOICES } from './job-sheet';

/** Roads are longer than the straight line; 1.3 is the usual allowance for town streets. */
export const ROAD_FACTOR = 1.3;
/** An average speed in town, stops and lights included. */
export const TOWN_MPH = 25;
export const ESTIMATE_STEP_MINUTES = 5;
/** Even from round the corner the crew need time to park and knock. */
export const ESTIMATE_MIN_MINUTES = 10;
/** No longer than the longest estimate the crew could choose from the list. */
export const ESTIMATE_MAX_MINUTES = Math.max(...ETA_CHOICES.map((choice) => choice.minutes));

/** The UK's extremes, Scilly to Shetland and Northern Ireland to Lowestoft, with a little to spare. */
export const UK_BOUNDS = { south: 49.8, north: 60.9, west: -8.7, east: 1.8 } as const;

/** Decimal degrees as the sheet's script sends them (3 places, about 100 m); a few more are accepted. */
const DEGREES = /^-?\d{1,2}(\.\d{1,6})?$/;

/** The crew's posted latitude and longitude, or null when either is missing, malformed or outside the UK. */
export function crewLocation(latitude: string, longitude: string): LatLng | null {
  if (!DEGREES.test(latitude) || !DEGREES.test(longitude)) return null;
  const place = { latitude: Number(latitude), longitude: Number(longitude) };
  const inUk =
    place.latitude >= UK_BOUNDS.south &&
    place.latitude <= UK_BOUNDS.north &&
    place.longitude >= UK_BOUNDS.west &&
    place.longitude <= UK_BOUNDS.east;
  return inUk ? place : null;
}

/** Minutes from `crew` to `pickup`: road miles at town speed, up to the next 5, within 10 and the list's longest. */
export function arrivalMinutes(crew: LatLng, pickup: LatLng): number {
  const roadMiles = distanceInMiles(crew, pickup) * ROAD_FACTOR;
  const minutes = (roadMiles / TOWN_MPH) * 60;
  // The tiny allowance keeps a sum that lands on a step (20.000000001 from floating point) on that step.
  const stepped = Math.ceil(minutes / ESTIMATE_STEP_MINUTES - 1e-9) * ESTIMATE_STEP_MINUTES;
  return Math.min(ESTIMATE_MAX_MINUTES, Math.max(ESTIMATE_MIN_MINUTES, stepped));
}
