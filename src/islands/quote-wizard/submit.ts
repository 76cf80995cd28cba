// Loaded as the customer nears step 5. A retry of the same request reuses its idempotency key (the server answers the
// first result again, e-mailing nothing twice); a changed request gets a new one, as the server refuses a reused key.
import { ACCESS_FIELD_NAMES } from '~/data/access';
import { findService } from '~/data/services';
import { addressLine } from '~/lib/address';
import { ADDRESS_FIELD_NAMES } from '~/lib/move-facts';
import { API_PATHS, postJson, type QuoteAnswer } from '~/lib/api';
import { parsePostcodeInput } from '~/lib/postcodes';
import { quoteRequestSchema, type QuoteRequestInput } from '~/lib/schemas';
import { settledPricing } from './pricing-runner';
import { TEXTS_NEED_MOBILE, ukMobile } from '~/lib/texts-consent';
import { $textUpdates, $wizard, CONTACT_FIELDS, type ContactField, type WizardState } from './store';

export type { ContactField } from './store';
export type ContactErrors = Partial<Record<ContactField, string>>;

/** With the shared request schema, so the messages are the server's. */
export function checkContact(state: Pick<WizardState, ContactField>): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const value = state[field];
    const schema = quoteRequestSchema.shape[field];
    if (!value.trim() && schema.safeParse(undefined).success) continue; // an optional field left empty
    const result = schema.safeParse(value);
    if (!result.success) errors[field] = result.error.issues[0]?.message ?? 'Please check this field.';
  }
  return errors;
}

type Body = Omit<QuoteRequestInput, 'idempotencyKey'>;

export function buildBody(state: WizardState, estimate: { total: number; distanceMiles: number }, website: string): Body {
  const fromLine = state.fromPostcode.replace(/\s+/g, ' ').trim();
  const toLine = state.toPostcode.replace(/\s+/g, ' ').trim();
  // Only a service of the table travels (the server refuses any other); an unknown one stays in the notes as text.
  const service = findService(state.request?.service)?.value;
  return {
    ...(service ? { service } : {}),
    name: state.name.trim(),
    email: state.email.trim(),
    phone: state.phone.trim(),
    propertyId: state.propertyId ?? '',
    furnitureIds: state.furnitureIds,
    fromPostcode: parsePostcodeInput(fromLine).postcode ?? fromLine,
    toPostcode: parsePostcodeInput(toLine).postcode ?? toLine,
    // Line 1 with anything typed around the postcode in its field; the other parts as typed.
    ...Object.fromEntries(
      ADDRESS_FIELD_NAMES.map((name) => [
        name,
        name === 'fromAddress'
          ? addressLine(state[name], fromLine)
          : name === 'toAddress'
            ? addressLine(state[name], toLine)
            : state[name].trim(),
      ]).filter(([, value]) => value),
    ),
    ...Object.fromEntries(ACCESS_FIELD_NAMES.filter((name) => state[name]).map((name) => [name, state[name]])),
    moveDate: state.moveDate ?? '',
    ...(state.additionalInfo.trim() ? { additionalInfo: state.additionalInfo.trim() } : {}),
    ...(state.promoCode.trim() ? { promoCode: state.promoCode.trim() } : {}),
    clientEstimate: { total: estimate.total, distance: estimate.distanceMiles },
    ...(website ? { website } : {}),
  } as Body;
}

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return `quote-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `quote-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function keyFor(body: Body): string {
  const text = JSON.stringify(body);
  const state = $wizard.get();
  if (state.idempotencyKey && state.keyBody === text) return state.idempotencyKey;
  const key = newIdempotencyKey();
  $wizard.set({ ...state, idempotencyKey: key, keyBody: text });
  return key;
}

export type SubmitOutcome =
  | { status: 'invalid'; errors: ContactErrors }
  /** No settled price or no move date: steps 3 and 4 need a look; nothing was sent. */
  | { status: 'unpriced' }
  | { status: 'refused'; errors: ContactErrors; message: string; date?: { date: string; message: string } }
  | { status: 'accepted'; answer: QuoteAnswer };

export interface SubmitOptions {
  honeypot: string;
  /** Once the details pass the check, before waiting for the price. */
  onSending: () => void;
}

export async function submitQuote({ honeypot, onSending }: SubmitOptions): Promise<SubmitOutcome> {
  const errors = checkContact($wizard.get());
  // Texts go only to a UK mobile: said at the phone number, which is what to change (or untick the box).
  if (!errors.phone && $textUpdates.get() && !ukMobile($wizard.get().phone)) errors.phone = TEXTS_NEED_MOBILE;
  if (Object.values(errors).some(Boolean)) return { status: 'invalid', errors };
  onSending();
  // A change a moment ago may still be being priced: send the price the customer will see.
  const priced = await settledPricing();
  const state = $wizard.get();
  if (priced.status !== 'success' || !state.moveDate || !state.propertyId) return { status: 'unpriced' };

  const body = {
    ...buildBody(state, { total: priced.result.total, distanceMiles: priced.distanceMiles }, honeypot),
    ...($textUpdates.get() ? { textUpdates: true } : {}),
  };
  const sent = await postJson(API_PATHS.quote, { ...body, idempotencyKey: keyFor(body) });
  if (!sent.ok) {
    const fields = sent.error.fields ?? {};
    const refused: ContactErrors = {};
    for (const field of CONTACT_FIELDS) if (fields[field]) refused[field] = fields[field];
    if (fields.textUpdates && !refused.phone) refused.phone = fields.textUpdates;
    // The move date is step 4's field (a day that filled meanwhile): the wizard goes back there with its message.
    const date = fields.moveDate ? { date: body.moveDate, message: fields.moveDate } : undefined;
    return { status: 'refused', errors: refused, message: fields.body ?? sent.error.message, ...(date ? { date } : {}) };
  }
  return { status: 'accepted', answer: sent.data };
}
