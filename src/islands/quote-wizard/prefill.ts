// Prefill from /quote?service=&from=&to=&details= (src/lib/carried-request.ts); the request is kept too, so step 1 can
// show it. The query is then removed, so a reload keeps the customer's later edits instead of re-applying it.
import { carriedAnswers, carriedRequest, type CarriedRequest } from '~/lib/carried-request';
import type { Answers } from './answers';

export type { CarriedRequest } from '~/lib/carried-request';

export interface Prefill {
  answers: Partial<Answers>;
  /** Null when the answers come from elsewhere (the plain form the wizard replaces). */
  request: CarriedRequest | null;
}

export function prefillFromQuery(search: string): Prefill | undefined {
  const request = carriedRequest(new URLSearchParams(search));
  return request && { answers: carriedAnswers(request), request };
}

export function readPrefill(): Prefill | undefined {
  if (!window.location.search) return undefined;
  const prefill = prefillFromQuery(window.location.search);
  history.replaceState(history.state, '', window.location.pathname + window.location.hash);
  return prefill;
}

/** A saved request read back from storage, or null when there is none or it is malformed. */
export function readCarried(value: unknown): CarriedRequest | null {
  if (!value || typeof value !== 'object') return null;
  const { service, details, from, to } = value as Record<string, unknown>;
  const text = [service, details, from, to];
  if (!text.every((v) => typeof v === 'string')) return null;
  return { service, details, from, to } as CarriedRequest;
}
