/**
 * The lead page's "Addresses" form (issue 40 item 1): staff fill in or correct the street address at each end, as the
 * customer gives it on the phone. What is given is stored with an audit line (functions/lib/quote/addresses.ts); a part
 * left blank keeps what is stored. Both ends are needed before a written quote is sent or the move booked, not here.
 */
import type { Context } from 'hono';
import * as z from 'zod/mini';
import { mergedAddresses, postedAddresses } from '~/lib/move-facts';
import { leadPath, OFFICE_PATHS } from '~/lib/office/paths';
import { isReference } from '~/lib/reference';
import type { AppBindings } from '../env';
import { astroPageAt } from '../lib/astro-page';
import { requestNow } from '../lib/clock';
import { formRoute } from '../lib/pipeline';
import { refusalJson, seeOther, type Refusal } from '../lib/http';
import { staffOnly, officeLimit, type OfficeBindings, type OfficeRoutes } from '../lib/office/gate';
import { ACCOUNT_PAGE } from '~/lib/page-headers';
import { notFoundPage } from '../lib/prebuilt-page';
import { saveAddresses } from '../lib/quote/addresses';
import { findQuote } from '../lib/quote/store';
import { formAddressFields } from '~/lib/quote-form-schema';
import type { LeadFormAnswer } from '~/lib/views/office';

const MAX_ADDRESSES_BODY = 8 * 1024;

export const ADDRESSES_CHANGED_MEANWHILE = 'This move changed while you were typing. Check its addresses below and save again.';

/** Each end's street address as the form posts it (blank parts keep what is stored); the move's `ref` is read as typed. */
const addressesSchema = z.object(formAddressFields);
type AddressesForm = z.output<typeof addressesSchema>;

const movesQuote = (c: Context<OfficeBindings>, reference: string) => (isReference(reference) ? findQuote(c.env.DB, { reference }) : null);
const noMove = (c: Context<OfficeBindings>) => notFoundPage(c.env, c.req.url, { 'Cache-Control': 'no-store' });

/** The lead's page with the form's messages, each by its field, and what was typed. */
const addressesPage = (
  c: Context<OfficeBindings>,
  reference: string,
  status: number,
  errors: Record<string, string>,
  typed: URLSearchParams,
) => {
  const answer: LeadFormAnswer = { action: 'addresses', errors, values: Object.fromEntries(typed) };
  // The page reads only the bindings; the staff variable is the gate's, of no use to it.
  return astroPageAt(c as unknown as Context<AppBindings>, leadPath(reference), answer, { status, headers: ACCOUNT_PAGE });
};

/** Refused fields (a part too long): the 404 of a move not there, else its lead page; any other refusal, the error shape. */
async function addressesRefused(c: Context<OfficeBindings>, refusal: Refusal, typed: URLSearchParams): Promise<Response> {
  if (!refusal.error.fields) return refusalJson(c, refusal);
  const reference = typed.get('ref') ?? '';
  return (await movesQuote(c, reference)) ? addressesPage(c, reference, refusal.status, refusal.error.fields, typed) : noMove(c);
}

async function postAddresses(c: Context<OfficeBindings>, form: AddressesForm, typed: URLSearchParams): Promise<Response> {
  const reference = typed.get('ref') ?? '';
  const quote = await movesQuote(c, reference);
  if (!quote) return noMove(c);
  const addresses = mergedAddresses(
    quote.addresses,
    postedAddresses((name) => form[name as keyof AddressesForm]),
  );
  const saved = await saveAddresses(c.env.DB, quote, addresses, c.var.staff.email, requestNow(c));
  if (!saved.ok) return addressesPage(c, reference, 409, { form: ADDRESSES_CHANGED_MEANWHILE }, typed);
  return seeOther(`${leadPath(reference)}&done=addresses`);
}

export function addressesRoutes(routes: OfficeRoutes): void {
  routes.post(
    OFFICE_PATHS.addresses,
    staffOnly,
    ...formRoute({ maxBytes: MAX_ADDRESSES_BODY, limit: officeLimit, schema: addressesSchema, page: addressesRefused }, postAddresses),
  );
}
