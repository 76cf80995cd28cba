/**
 * Sends the quote request to POST /api/send-quote-email. The idempotency key lives in the wizard state:
 * a retry of the same request reuses it (the server answers the first result again and e-mails nothing
 * twice); a changed request gets a new one (the server would rightly refuse a reused key with another body).
 */
import { parsePostcodeInput } from '~/lib/postcodes';
import { quoteRequestSchema, type QuoteAnswer, type QuoteRequestInput } from '~/lib/schemas';
import { $wizard, newIdempotencyKey, type WizardState } from './store';

export const QUOTE_ENDPOINT = '/api/send-quote-email';

export type ContactField = 'name' | 'email' | 'phone' | 'additionalInfo' | 'promoCode';
export type ContactErrors = Partial<Record<ContactField, string>>;

const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'phone', 'additionalInfo', 'promoCode'];

/** Step 5's fields checked with the shared request schema: the same messages the server would give. */
export function checkContact(state: Pick<WizardState, ContactField>): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const value = state[field];
    if ((field === 'additionalInfo' || field === 'promoCode') && !value.trim()) continue;
    const result = quoteRequestSchema.shape[field].safeParse(value);
    if (!result.success) errors[field] = result.error.issues[0]?.message ?? 'Please check this field.';
  }
  return errors;
}

type Body = Omit<QuoteRequestInput, 'idempotencyKey'>;

export function buildBody(state: WizardState, estimate: { total: number; distanceMiles: number }, website: string): Body {
  const fromLine = state.fromPostcode.replace(/\s+/g, ' ').trim();
  const toLine = state.toPostcode.replace(/\s+/g, ' ').trim();
  return {
    name: state.name.trim(),
    email: state.email.trim(),
    phone: state.phone.trim(),
    propertyId: state.propertyId ?? '',
    furnitureIds: state.furnitureIds,
    fromPostcode: parsePostcodeInput(fromLine).postcode ?? fromLine,
    toPostcode: parsePostcodeInput(toLine).postcode ?? toLine,
    fromAddress: fromLine,
    toAddress: toLine,
    moveDate: state.moveDate ?? '',
    ...(state.additionalInfo.trim() ? { additionalInfo: state.additionalInfo.trim() } : {}),
    ...(state.promoCode.trim() ? { promoCode: state.promoCode.trim() } : {}),
    clientEstimate: { total: estimate.total, distance: estimate.distanceMiles },
    ...(website ? { website } : {}),
  } as Body;
}

/** The key for this body: the kept one when the body is unchanged, a fresh one (remembered) otherwise. */
function keyFor(body: Body): string {
  const text = JSON.stringify(body);
  const state = $wizard.get();
  if (state.idempotencyKey && state.keyBody === text) return state.idempotencyKey;
  const key = state.keyBody === '' && state.idempotencyKey ? state.idempotencyKey : newIdempotencyKey();
  $wizard.set({ ...state, idempotencyKey: key, keyBody: text });
  return key;
}

export type SubmitOutcome =
  { ok: true; answer: QuoteAnswer } | { ok: false; status: number; message: string; fields: Record<string, string> };

/** Never throws: a network failure is an outcome like any other. */
export async function sendQuote(body: Body): Promise<SubmitOutcome> {
  const idempotencyKey = keyFor(body);
  try {
    const response = await fetch(QUOTE_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ ...body, idempotencyKey }),
    });
    const data = (await response.json().catch(() => null)) as
      (QuoteAnswer & { error?: undefined }) | { error?: { message?: string; fields?: Record<string, string> } } | null;
    if (response.status === 201 && data && 'reference' in data && typeof data.reference === 'string') return { ok: true, answer: data };
    const error = data && 'error' in data ? data.error : undefined;
    return {
      ok: false,
      status: response.status,
      message: error?.message ?? `The server answered ${response.status}.`,
      fields: error?.fields ?? {},
    };
  } catch {
    return { ok: false, status: 0, message: 'The request could not be sent.', fields: {} };
  }
}
