// Prefill from /quote?service=&from=&to=&details= (service pages, the other-services form). The service and details
// go into Additional Information, where the business reads them; the request is kept too, so step 1 can show it. The
// query is then removed, so a reload keeps the customer's later edits instead of re-applying it.
import { findService } from '~/data/services';
import { LIMITS } from '~/lib/limits';
import type { Answers } from './store';

/** What a page sent the customer here with, as they typed it (a service value we do not know is kept as text). */
export interface CarriedRequest {
  service: string;
  details: string;
  from: string;
  to: string;
}

export interface Prefill {
  answers: Partial<Answers>;
  /** Null when the answers come from elsewhere (the plain form the wizard replaces). */
  request: CarriedRequest | null;
}

const oneLine = (value: string | null, max: number) => (value ?? '').replace(/\s+/g, ' ').trim().slice(0, max);

export function prefillFromQuery(search: string): Prefill | undefined {
  const params = new URLSearchParams(search);
  const request: CarriedRequest = {
    service: oneLine(params.get('service'), 100),
    details: (params.get('details') ?? '').trim().slice(0, 1000),
    from: oneLine(params.get('from'), LIMITS.address),
    to: oneLine(params.get('to'), LIMITS.address),
  };
  if (!request.service && !request.details && !request.from && !request.to) return undefined;
  const known = findService(request.service);
  const answers: Partial<Answers> = {};
  if (request.from) answers.fromPostcode = request.from;
  if (request.to) answers.toPostcode = request.to;
  if (known?.suggestedSize) answers.propertyId = known.suggestedSize.id;
  const info = [request.service && `Service: ${known?.label ?? request.service}`, request.details].filter(Boolean).join('\n');
  if (info) answers.additionalInfo = info;
  return { answers, request };
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
