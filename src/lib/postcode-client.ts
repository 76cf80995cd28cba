/** A postcodes.io-compatible client. Methods take the caller's `AbortSignal`, so whoever starts a request decides when it is stale. */
import { withTimeLimit } from './abort';
import { distanceInMiles } from './geo';
import { POSTCODE_MESSAGES, compactPostcode, invalidPostcodeMessage, outwardCode, parsePostcodeInput, type RouteEnd } from './postcodes';

export const DEFAULT_POSTCODES_API_URL = 'https://api.postcodes.io';
export const SUGGESTION_MIN_CHARS = 3;

export interface PostcodeLookupResult {
  postcode: string;
  latitude: number;
  longitude: number;
  district: string;
  region: string;
}

export interface AddressSuggestion {
  address: string;
  postcode: string;
  building_number?: string;
  thoroughfare?: string;
  locality?: string;
}

/** The service could not be asked: the postcode itself may be fine. */
export class PostcodeServiceError extends Error {
  override name = 'PostcodeServiceError';
}

export class PostcodeNotFoundError extends Error {
  override name = 'PostcodeNotFoundError';
  constructor(readonly end: RouteEnd) {
    super(POSTCODE_MESSAGES.notFound);
  }
}

export class PostcodeFormatError extends Error {
  override name = 'PostcodeFormatError';
  constructor(readonly end: RouteEnd) {
    super(invalidPostcodeMessage(end));
  }
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
}

export interface PostcodeClientOptions {
  baseUrl?: string;
  timeoutMs?: number;
  cacheSize?: number;
}

export interface ResolvedPostcode extends PostcodeLookupResult {
  estimatedFromOutcode?: string;
}

export interface Route {
  from: ResolvedPostcode;
  to: ResolvedPostcode;
  distanceMiles: number;
  notes: string[];
}

type Found<T> = { found: true; value: T } | { found: false };

interface RawPostcode {
  postcode?: unknown;
  latitude?: unknown;
  longitude?: unknown;
  admin_district?: unknown;
  region?: unknown;
  country?: unknown;
  outcode?: unknown;
}

const text = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string').join(', ');
  return '';
};

function toResult(raw: RawPostcode, fallbackName: string): PostcodeLookupResult | null {
  if (typeof raw.latitude !== 'number' || typeof raw.longitude !== 'number') return null;
  return {
    postcode: text(raw.postcode) || text(raw.outcode) || fallbackName,
    latitude: raw.latitude,
    longitude: raw.longitude,
    district: text(raw.admin_district),
    region: text(raw.region) || text(raw.country),
  };
}

export function createPostcodeClient(options: PostcodeClientOptions = {}) {
  const baseUrl = (options.baseUrl || DEFAULT_POSTCODES_API_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5000;
  const cacheSize = options.cacheSize ?? 200;
  const cache = new Map<string, Found<unknown>>();

  function remember<T>(key: string, value: Found<T>): Found<T> {
    if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
    cache.set(key, value);
    return value;
  }

  /** 404 is an answer ("not found"); anything else not OK is a service failure. */
  async function getJson(path: string, signal: AbortSignal | undefined): Promise<Found<{ result?: unknown }>> {
    const limit = withTimeLimit(timeoutMs, signal);
    try {
      let response: Response;
      try {
        response = await fetch(`${baseUrl}${path}`, { signal: limit.signal, headers: { accept: 'application/json' } });
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new PostcodeServiceError(
          limit.timedOut() ? 'The postcode service did not answer in time' : 'The postcode service could not be reached',
        );
      }
      if (response.status === 404) {
        await response.body?.cancel();
        return { found: false };
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new PostcodeServiceError(`The postcode service answered ${response.status}`);
      }
      try {
        return { found: true, value: (await response.json()) as { result?: unknown } };
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new PostcodeServiceError('The postcode service answered something unreadable');
      }
    } finally {
      limit.release();
    }
  }

  /** A call already aborted rejects even on a cache hit. */
  async function cached<T>(key: string, signal: AbortSignal | undefined, load: () => Promise<Found<T>>): Promise<Found<T>> {
    signal?.throwIfAborted();
    const hit = cache.get(key);
    if (hit) return hit as Found<T>;
    return remember(key, await load());
  }

  async function lookup(postcode: string, { signal }: CallOptions = {}): Promise<PostcodeLookupResult | null> {
    const compact = compactPostcode(postcode);
    const answer = await cached(`pc:${compact}`, signal, async (): Promise<Found<PostcodeLookupResult>> => {
      const response = await getJson(`/postcodes/${encodeURIComponent(compact)}`, signal);
      if (!response.found) return { found: false };
      const result = toResult((response.value.result ?? {}) as RawPostcode, compact);
      if (!result) throw new PostcodeServiceError('The postcode service answered without coordinates');
      return { found: true, value: result };
    });
    return answer.found ? answer.value : null;
  }

  async function lookupOutcode(outcode: string, { signal }: CallOptions = {}): Promise<PostcodeLookupResult | null> {
    const code = compactPostcode(outcode);
    const answer = await cached(`oc:${code}`, signal, async (): Promise<Found<PostcodeLookupResult>> => {
      const response = await getJson(`/outcodes/${encodeURIComponent(code)}`, signal);
      if (!response.found) return { found: false };
      const result = toResult((response.value.result ?? {}) as RawPostcode, code);
      if (!result) throw new PostcodeServiceError('The postcode service answered without coordinates');
      return { found: true, value: { ...result, postcode: code } };
    });
    return answer.found ? answer.value : null;
  }

  async function resolve(postcode: string, end: RouteEnd, options: CallOptions = {}): Promise<ResolvedPostcode> {
    const exact = await lookup(postcode, options);
    if (exact) return exact;
    const outcode = outwardCode(postcode);
    const area = outcode ? await lookupOutcode(outcode, options) : null;
    if (!area || !outcode) throw new PostcodeNotFoundError(end);
    return { ...area, postcode: postcode, estimatedFromOutcode: outcode };
  }

  async function measureRoute(fromInput: string, toInput: string, options: CallOptions = {}): Promise<Route> {
    const from = parsePostcodeInput(fromInput).postcode;
    if (!from) throw new PostcodeFormatError('from');
    const to = parsePostcodeInput(toInput).postcode;
    if (!to) throw new PostcodeFormatError('to');
    const [fromPlace, toPlace] = await Promise.all([resolve(from, 'from', options), resolve(to, 'to', options)]);
    const notes = [fromPlace, toPlace]
      .filter((place) => place.estimatedFromOutcode)
      .map((place) => `Distance estimated from the ${place.estimatedFromOutcode} area`);
    return { from: fromPlace, to: toPlace, distanceMiles: distanceInMiles(fromPlace, toPlace), notes };
  }

  async function autocomplete(partial: string, { signal }: CallOptions = {}): Promise<string[]> {
    const compact = compactPostcode(partial);
    if (compact.length < SUGGESTION_MIN_CHARS || !/^[A-Z0-9]+$/.test(compact)) return [];
    const answer = await cached(`ac:${compact}`, signal, async (): Promise<Found<string[]>> => {
      const response = await getJson(`/postcodes/${encodeURIComponent(compact)}/autocomplete`, signal);
      if (!response.found) return { found: true, value: [] };
      const list = response.value.result;
      return { found: true, value: Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [] };
    });
    return answer.found ? answer.value : [];
  }

  /** Failures give an empty list (spec section 8), but an aborted call rejects, so a stale answer never reads as "no suggestions". */
  async function suggestAddresses(input: string, options: CallOptions = {}): Promise<AddressSuggestion[]> {
    const line = input.replace(/\s+/g, ' ').trim();
    if (line.length < SUGGESTION_MIN_CHARS) return [];
    const building = /^(\d{1,4}[a-z]?)\s+(.*)$/i.exec(line);
    const buildingNumber = building?.[1]?.toUpperCase();
    const postcodePart = parsePostcodeInput(line).postcode ?? (building?.[2] ?? line).split(',').at(-1)!.trim();
    const withBuilding = (postcode: string): AddressSuggestion => ({
      address: buildingNumber ? `${buildingNumber} ${postcode}` : postcode,
      postcode,
      ...(buildingNumber ? { building_number: buildingNumber } : {}),
    });
    try {
      const postcodes = await autocomplete(postcodePart, options);
      if (postcodes.length > 0) return postcodes.slice(0, 10).map(withBuilding);
      const outcode = /^([A-Z]{1,2}\d[A-Z\d]?)/i.exec(compactPostcode(postcodePart))?.[1];
      if (outcode && (await lookupOutcode(outcode, options))) return [withBuilding(outcode.toUpperCase())];
      return [];
    } catch (error) {
      if (options.signal?.aborted) throw error;
      console.warn('Address suggestions failed', error);
      return [];
    }
  }

  return { baseUrl, lookup, lookupOutcode, resolve, measureRoute, autocomplete, suggestAddresses };
}

export type PostcodeClient = ReturnType<typeof createPostcodeClient>;
