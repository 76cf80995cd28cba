/** The contract between the browser and the Worker's lead endpoints; the Worker answers with these very types. */
import type { PricingResult } from './pricing';
import type { CodeOffer } from './referral';
import type { CallbackInput, CodeCheckInput, ContactInput, QuoteRequestInput } from './schemas';

export const API_PATHS = {
  quote: '/api/send-quote-email',
  contact: '/api/send-contact-email',
  callback: '/api/request-callback',
  /** Whether a promo or friend's code is one we know (issue 30): the wizard names a discount only on this answer. */
  code: '/api/check-code',
} as const;

/** Pages and files the Worker answers itself (wrangler.jsonc `run_worker_first` lists the page paths). */
export const PAGE_PATHS = {
  quote: '/quote',
  confirmation: '/quote-confirmation',
  /** The staff link in a booking request's business e-mail (issue 19). */
  staff: '/quote-staff',
  calendar: '/api/quote-calendar',
  contact: '/contact',
  /** The call-back request as a page, for when its dialog cannot open (no JavaScript). */
  callback: '/call-back',
  faq: '/faq',
} as const;

/** `t` is the quote's secret view token; without it, the page for the owner's session. */
export const quoteLink = (
  path: typeof PAGE_PATHS.confirmation | typeof PAGE_PATHS.calendar | typeof PAGE_PATHS.staff,
  reference: string,
  token: string | null,
  extra: Record<string, string> = {},
): string => `${path}?${new URLSearchParams({ ref: reference, ...(token ? { t: token } : {}), ...extra })}`;

export interface ApiError {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

export interface ApiErrorBody {
  error: ApiError;
}

/** The 201 answer: show the server's reference and price, not the browser's. */
export interface QuoteAnswer {
  reference: string;
  /** Null when the distance could not be checked: the business prices the move and e-mails it. */
  pricing: PricingResult | null;
  /** The confirmation e-mail is sent or on its way (queued); false when it is only stored, to be sent later. */
  emailSent: boolean;
  /** False when the postcode service was down: the quote is stored without a price (`pricing` is null). */
  verified: boolean;
  notes: string[];
  promoCode?: string;
  /** Made afresh for every answer: only a hash of its token is stored, so a replayed answer carries a new link. */
  confirmationUrl: string;
}

/** The 200 answer: the code as we write it. A code we do not take is a 400 with the reason on `fields.promoCode`. */
export interface CodeAnswer {
  code: string;
  kind: CodeOffer['kind'];
}

export interface LeadAnswer {
  reference: string;
  emailSent: boolean;
}

export interface Endpoints {
  [API_PATHS.quote]: { body: QuoteRequestInput; answer: QuoteAnswer };
  [API_PATHS.contact]: { body: ContactInput; answer: LeadAnswer };
  [API_PATHS.callback]: { body: CallbackInput; answer: LeadAnswer };
  [API_PATHS.code]: { body: CodeCheckInput; answer: CodeAnswer };
}

export type ApiPath = keyof Endpoints;

/** `status` is 0 when nothing came back. */
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
