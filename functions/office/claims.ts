/**
 * The lead page's claim forms (issue 44 item 7), registered by functions/office/routes.ts: open a claim from a damage
 * report, mark it as being assessed, offer a sum (paid back as a refund) or decline it with a reason. Staff only; each
 * answered 303 back to the lead page, or a refused form is the lead page again with its message by the field.
 */
import type { Context } from 'hono';
import { CLAIM_MESSAGES, CLAIM_PATH, CLAIM_REASON_MAX, readClaimFields, readOffer } from '~/lib/claims';
import { leadPath } from '~/lib/office/paths';
import { ACCOUNT_PAGE } from '~/lib/page-headers';
import { isReference } from '~/lib/reference';
import type { LeadFormAnswer } from '~/lib/views/office';
import type { AppBindings } from '../env';
import { astroPageAt } from '../lib/astro-page';
import { assessClaim, declineClaim, findClaim, offerClaim, openClaimFromReport, refundableFor } from '../lib/claims';
import { requestNow } from '../lib/clock';
import { formRoute } from '../lib/pipeline';
import { seeOther } from '../lib/http';
import { staffOnly, type OfficeBindings, type OfficeRoutes, officeLimit } from '../lib/office/gate';
import { notFoundPage } from '../lib/prebuilt-page';
import { findQuote } from '../lib/quote/store';

const MAX_CLAIM_BODY = 4 * 1024;

const positiveId = (text: string | null): number | null => {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

async function postClaim(c: Context<OfficeBindings>, values: URLSearchParams): Promise<Response> {
  const staff = c.var.staff;
  const reference = values.get('ref') ?? '';
  const quote = isReference(reference) ? await findQuote(c.env.DB, { reference }) : null;
  if (!quote) return notFoundPage(c.env, c.req.url, { 'Cache-Control': 'no-store' });
  const now = requestNow(c);
  const action = values.get('action') ?? '';
  const refused = (status: number, errors: Record<string, string>) => {
    const answer: LeadFormAnswer = { action: 'claim', errors, values: Object.fromEntries(values) };
    return astroPageAt(c as unknown as Context<AppBindings>, leadPath(reference), answer, { status, headers: ACCOUNT_PAGE });
  };
  const done = (step: string) => seeOther(`${leadPath(reference)}&done=claim_${step}#claims`);

  if (action === 'open') {
    const reportId = positiveId(values.get('report'));
    const read = readClaimFields(values.get('item') ?? '', values.get('value') ?? '', { item: 'item', value: 'value' }) ?? {
      ok: false as const,
      errors: { item: CLAIM_MESSAGES.item, value: CLAIM_MESSAGES.value },
    };
    if (!reportId) return refused(400, { form: CLAIM_MESSAGES.changed });
    if (!read.ok) return refused(400, read.errors);
    const opened = await openClaimFromReport(c.env, quote, reportId, read, staff.email, now);
    return opened ? done('opened') : refused(409, { form: CLAIM_MESSAGES.changed });
  }

  const claim = await findClaim(c.env.DB, positiveId(values.get('claim')) ?? 0);
  if (!claim || claim.reference !== reference) return refused(409, { form: CLAIM_MESSAGES.changed });
  switch (action) {
    case 'assess':
      return (await assessClaim(c.env, quote, claim, staff.email, now)) ? done('assess') : refused(409, { form: CLAIM_MESSAGES.changed });
    case 'offer': {
      const offer = readOffer(values.get('offer') ?? '', await refundableFor(c.env.DB, reference));
      if (!offer.ok) return refused(400, { offer: offer.message });
      const made = await offerClaim(c.env, quote, claim, offer.pence, staff.email, now);
      return made ? done('offer') : refused(409, { form: CLAIM_MESSAGES.changed });
    }
    case 'decline': {
      const reason = (values.get('reason') ?? '').trim();
      if (!reason) return refused(400, { reason: CLAIM_MESSAGES.reason });
      if (reason.length > CLAIM_REASON_MAX) return refused(400, { reason: CLAIM_MESSAGES.reasonLong });
      const declined = await declineClaim(c.env, quote, claim, reason, staff.email, now);
      return declined ? done('decline') : refused(409, { form: CLAIM_MESSAGES.changed });
    }
    default:
      return refused(400, { form: CLAIM_MESSAGES.changed });
  }
}

export function claimsRoutes(routes: OfficeRoutes): void {
  routes.post(CLAIM_PATH, staffOnly, ...formRoute({ maxBytes: MAX_CLAIM_BODY, limit: officeLimit }, postClaim));
}
