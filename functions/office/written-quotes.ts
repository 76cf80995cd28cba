/**
 * The office's written-quotes routes (issue 33 item 3), registered by functions/office/routes.ts: the writing page and
 * its post. 'Check the total' (the default button, so Enter in a field) shows the figures without storing anything; only
 * 'Send' stores the next version and e-mails it.
 */
import type { Context } from 'hono';
import { londonToday } from '~/lib/dates';
import { DATE_PRICED_FIELD, DATE_PRICED_VALUE, readWrittenQuote } from '~/lib/office/written-quote';
import { OFFICE_PATHS, writtenQuotePath } from '~/lib/office/paths';
import { LIMITS } from '~/lib/limits';
import { mergedAddresses, missingAddress, overlongAddress, postedAddresses } from '~/lib/move-facts';
import { isReference } from '~/lib/reference';
import { astroPageAt } from '../lib/astro-page';
import { requestNow } from '../lib/clock';
import { formRoute } from '../lib/pipeline';
import { seeOther } from '../lib/http';
import { staffOnly, officeLimit, type OfficeBindings, type OfficeRoutes } from '../lib/office/gate';
import { SENT_MEANWHILE, sendWrittenQuote } from '../lib/office/written-quotes';
import { ACCOUNT_PAGE } from '~/lib/page-headers';
import { notFoundPage, PRIVATE_PAGE } from '../lib/prebuilt-page';
import { saveAddresses } from '../lib/quote/addresses';
import { findQuote } from '../lib/quote/store';
import type { WrittenQuoteFormState } from '~/lib/views/written-quote';
import { depositPercent } from '../lib/office/settings';

/** Thirty lines of words and amounts, what is included, and room to spare. */
const MAX_WRITTEN_QUOTE_BODY = 32 * 1024;

async function postWrittenQuote(c: Context<OfficeBindings>, values: URLSearchParams): Promise<Response> {
  const reference = values.get('ref') ?? '';
  const quote = isReference(reference) ? await findQuote(c.env.DB, { reference }) : null;
  if (!quote) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  const now = requestNow(c);
  const page = (status: number, state: Omit<WrittenQuoteFormState, 'reference' | 'values'>) =>
    astroPageAt(c, writtenQuotePath(reference), { reference, values, ...state } satisfies WrittenQuoteFormState, {
      status,
      headers: ACCOUNT_PAGE,
    });
  const read = readWrittenQuote(
    {
      labels: values.getAll('label'),
      amounts: values.getAll('amount'),
      deposit: values.get('deposit') ?? '',
      validUntil: values.get('validUntil') ?? '',
      included: values.get('included') ?? '',
      datePriced: values.get(DATE_PRICED_FIELD) === DATE_PRICED_VALUE,
    },
    quote.promoCode,
    londonToday(now),
    quote.moveDate,
    await depositPercent(c.env.DB),
  );
  // The job's addresses are in the same form: a quote is sent only with both in full (issue 40 item 1).
  // Only the Send button sends: a post without it (Enter in a field presses "Check the total") shows the figures.
  const sending = values.get('action') === 'send';
  const addresses = mergedAddresses(
    quote.addresses,
    postedAddresses((name) => values.get(name)),
  );
  const addressErrors = { ...overlongAddress(addresses, LIMITS.address), ...(sending ? missingAddress(addresses) : {}) };
  const errors = { ...(read.ok ? {} : read.errors), ...addressErrors };
  if (!read.ok || Object.keys(errors).length > 0) return page(400, { errors });
  if (!sending) return page(200, { preview: read.draft });
  const saved = await saveAddresses(c.env.DB, quote, addresses, c.var.staff.email, now);
  if (!saved.ok) return page(409, { errors: { form: SENT_MEANWHILE } });
  const sent = await sendWrittenQuote(c.env, saved.quote, c.var.staff, read.draft, now);
  if (!sent) return page(409, { errors: { form: SENT_MEANWHILE } });
  return seeOther(writtenQuotePath(reference, { done: 'sent' }));
}

export function writtenQuotesRoutes(routes: OfficeRoutes): void {
  routes.page(OFFICE_PATHS.writtenQuote, staffOnly);
  routes.post(
    OFFICE_PATHS.writtenQuote,
    staffOnly,
    ...formRoute({ maxBytes: MAX_WRITTEN_QUOTE_BODY, limit: officeLimit }, postWrittenQuote),
  );
}
