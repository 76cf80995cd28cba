/**
 * The lead page's "Addresses" form (issue 40 item 1): staff fill in or correct the street address at each end, as the
 * customer gives it on the phone. What is given is stored with an audit line (functions/lib/quote/addresses.ts); a part
 * left blank keeps what is stored. Both ends are needed before a written quote is sent or the move booked, not here.
 */
import type { Context } from 'hono';
import { LIMITS } from '~/lib/limits';
import { mergedAddresses, overlongAddress, postedAddresses } from '~/lib/move-facts';
import { leadPath, OFFICE_PATHS } from '~/lib/office/paths';
import { isReference } from '~/lib/reference';
import type { AppBindings } from '../env';
import { astroPageAt } from '../lib/astro-page';
import { requestNow } from '../lib/clock';
import { formRoute } from '../lib/pipeline';
import { seeOther } from '../lib/http';
import { staffOnly, officeLimit, type OfficeBindings, type OfficeRoutes } from '../lib/office/gate';
import { ACCOUNT_PAGE } from '~/lib/page-headers';
import { notFoundPage } from '../lib/prebuilt-page';
import { saveAddresses } from '../lib/quote/addresses';
import { findQuote } from '../lib/quote/store';
import type { LeadFormAnswer } from '~/lib/views/office';

const MAX_ADDRESSES_BODY = 8 * 1024;

export const ADDRESSES_CHANGED_MEANWHILE = 'This move changed while you were typing. Check its addresses below and save again.';

async function postAddresses(c: Context<OfficeBindings>, values: URLSearchParams): Promise<Response> {
  const reference = values.get('ref') ?? '';
  const quote = isReference(reference) ? await findQuote(c.env.DB, { reference }) : null;
  if (!quote) return notFoundPage(c.env, c.req.url, { 'Cache-Control': 'no-store' });
  const refused = (status: number, errors: Record<string, string>) => {
    const answer: LeadFormAnswer = { action: 'addresses', errors, values: Object.fromEntries(values) };
    // The page reads only the bindings; the staff variable is the gate's, of no use to it.
    return astroPageAt(c as unknown as Context<AppBindings>, leadPath(reference), answer, { status, headers: ACCOUNT_PAGE });
  };
  const addresses = mergedAddresses(
    quote.addresses,
    postedAddresses((name) => values.get(name)),
  );
  const errors = overlongAddress(addresses, LIMITS.address);
  if (Object.keys(errors).length > 0) return refused(400, errors);
  const saved = await saveAddresses(c.env.DB, quote, addresses, c.var.staff.email, requestNow(c));
  if (!saved.ok) return refused(409, { form: ADDRESSES_CHANGED_MEANWHILE });
  return seeOther(`${leadPath(reference)}&done=addresses`);
}

export function addressesRoutes(routes: OfficeRoutes): void {
  routes.post(OFFICE_PATHS.addresses, staffOnly, ...formRoute({ maxBytes: MAX_ADDRESSES_BODY, limit: officeLimit }, postAddresses));
}
