/**
 * The contract between the browser and the Worker's lead endpoints, written once: the paths, what each
 * takes (the shared schemas' input types) and answers, the error shape, and the one way the browser
 * calls them (`postJson`, which never throws). The Worker answers with these very types.
 */
import type { PricingResult } from './pricing';
import type { CallbackInput, ContactInput, QuoteRequestInput } from './schemas';

export const API_PATHS = {
  quote: '/api/send-quote-email',
  contact: '/api/send-contact-email',
  callback: '/api/request-callback',
} as const;

/**
 * Pages and files the Worker answers itself (wrangler.jsonc `run_worker_first` lists the page paths): the quote
 * form posted without JavaScript, a stored quote's confirmation and its calendar file (both behind the quote's
 * secret view token), the contact page after a plain form post, and the Help Centre searched without JavaScript.
 */
export const PAGE_PATHS = {
  quote: '/quote',
  confirmation: '/quote-confirmation',
  /** The staff link in a booking request's business e-mail: confirm or decline it (issue 19). */
  staff: '/quote-staff',
  calendar: '/api/quote-calendar',
  contact: '/contact',
  faq: '/faq',
} as const;

/** A stored quote's own address: its reference and its secret view token (`t`). */
export const quoteLink = (
  path: typeof PAGE_PATHS.confirmation | typeof PAGE_PATHS.calendar | typeof PAGE_PATHS.staff,
  reference: string,
  token: string,
): string => `${path}?${new URLSearchParams({ ref: reference, t: token })}`;

/** Every error answer is `{ error: ApiError }`; `fields` maps a request field to its message. */
export interface ApiError {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

export interface ApiErrorBody {
  error: ApiError;
}

/** What POST /api/send-quote-email answers with 201: the server's reference and price are the ones to show. */
export interface QuoteAnswer {
  reference: string;
  /** The server's price; null when the distance could not be checked: the business prices the move and e-mails it. */
  pricing: PricingResult | null;
  emailSent: boolean;
  /** False when the postcode service was down: the quote is stored without a price (`pricing` is null). */
  verified: boolean;
  /** e.g. 'Distance estimated from the SW1A area' */
  notes: string[];
  promoCode?: string;
  /**
   * The quote's confirmation page (`/quote-confirmation?ref=…&t=…`), the customer's link to come back to it. Made
   * afresh for every answer: only a hash of its token is stored, so a replayed answer carries a new link.
   */
  confirmationUrl: string;
}

/** What the contact and call-back endpoints answer with 201: the request is stored; emailSent says whether the business has it yet. */
export interface LeadAnswer {
  reference: string;
  emailSent: boolean;
}

/** Each endpoint's request body and its 201 answer. */
export interface Endpoints {
  [API_PATHS.quote]: { body: QuoteRequestInput; answer: QuoteAnswer };
  [API_PATHS.contact]: { body: ContactInput; answer: LeadAnswer };
  [API_PATHS.callback]: { body: CallbackInput; answer: LeadAnswer };
}

export type ApiPath = keyof Endpoints;

/** A call's outcome: the answer, or an ApiError (status 0 when nothing came back). */
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError };

export const NETWORK_ERROR: ApiError = { code: 'network_error', message: 'The request could not be sent.' };

function isErrorBody(value: unknown): value is ApiErrorBody {
  const error = (value as Partial<ApiErrorBody> | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

/** POSTs JSON to one of our endpoints. Never throws: a network failure is a result like any other. */
export async function postJson<P extends ApiPath>(
  path: P,
  body: Endpoints[P]['body'],
  init: { signal?: AbortSignal } = {},
): Promise<ApiResult<Endpoints[P]['answer']>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: init.signal ?? null,
    });
  } catch {
    return { ok: false, status: 0, error: NETWORK_ERROR };
  }
  const data: unknown = await response.json().catch(() => null);
  if (response.ok && data !== null && typeof data === 'object' && !isErrorBody(data)) {
    return { ok: true, status: response.status, data: data as Endpoints[P]['answer'] };
  }
  const error = isErrorBody(data) ? data.error : { code: 'unexpected_answer', message: `The server answered ${response.status}.` };
  return { ok: false, status: response.status, error };
}
