/**
 * The lead page's claim forms (issue 44 item 7), registered by functions/office/routes.ts: open a claim from a damage
 * report, mark it as being assessed, offer a sum (paid back as a refund) or decline it with a reason. Staff only; each
 * answered 303 back to the lead page, or a refused form is the lead page again with its message by the field.
 */
import type { Context } from 'hono';
import { CLAIM_MESSAGES, CLAIM_PATH, CLAIM_TYPED_FIELDS, claimFormSchema, type ClaimForm } from '~/lib/claims';
import { leadPath } from '~/lib/office/paths';
import { ACCOUNT_PAGE } from '~/lib/page-headers';
import { isReference } from '~/lib/reference';
import type { LeadFormAnswer } from '~/lib/views/office';
import type { AppBindings } from '../env';
import { astroPageAt } from '../lib/astro-page';
import { assessClaim, declineClaim, findClaim, offerClaim, openClaimFromReport, refundableFor } from '../lib/claims';
import { requestNow } from '../lib/clock';
import { formRoute } from '../lib/pipeline';
import { refusalJson, seeOther, type Refusal } from '../lib/http';
import { staffOnly, type OfficeBindings, type OfficeRoutes, officeLimit } from '../lib/office/gate';
import { notFoundPage } from '../lib/prebuilt-page';
import { findQuote } from '../lib/quote/store';

const MAX_CLAIM_BODY = 4 * 1024;

type ClaimContext = Context<OfficeBindings>;

/** The lead page again, its claims section with the messages by their fields (status: 400, or 409 when it moved on). */
function claimsPage(c: ClaimContext, reference: string, typed: URLSearchParams, status: number, errors: Record<string, string>) {
  const answer: LeadFormAnswer = { action: 'claim', errors, values: Object.fromEntries(typed) };
  return astroPageAt(c as unknown as Context<AppBindings>, leadPath(reference), answer, { status, headers: ACCOUNT_PAGE });
}

const notFound = (c: ClaimContext) => notFoundPage(c.env, c.req.url, { 'Cache-Control': 'no-store' });

/**
 * A refused claim form: no move, the 404; a field a person types, the lead page with its message by the field; a hidden
 * field out of place (no such claim or report, no step), the page out of date at the top. Any other refusal, the error shape.
 */
async function claimRefused(c: ClaimContext, refusal: Refusal, typed: URLSearchParams): Promise<Response> {
  if (!refusal.error.fields) return refusalJson(c, refusal);
  const reference = typed.get('ref') ?? '';
  const quote = isReference(reference) ? await findQuote(c.env.DB, { reference }) : null;
  if (!quote) return notFound(c);
  const fields = refusal.error.fields;
  const hidden = Object.keys(fields).some((field) => !(CLAIM_TYPED_FIELDS as readonly string[]).includes(field));
  // A claim that is not there has moved on (409), as one a step has taken elsewhere.
  if (hidden) return claimsPage(c, reference, typed, fields.claim ? 409 : 400, { form: CLAIM_MESSAGES.changed });
  return claimsPage(c, reference, typed, refusal.status, fields);
}

async function postClaim(c: ClaimContext, form: ClaimForm, typed: URLSearchParams): Promise<Response> {
  const staff = c.var.staff;
  const reference = form.ref;
  const quote = await findQuote(c.env.DB, { reference });
  if (!quote) return notFound(c);
  const now = requestNow(c);
  const refused = (status: number, errors: Record<string, string>) => claimsPage(c, reference, typed, status, errors);
  const done = (step: string) => seeOther(`${leadPath(reference)}&done=claim_${step}#claims`);

  if (form.action === 'open') {
    const opened = await openClaimFromReport(
      c.env,
      quote,
      form.report,
      { item: form.item, declaredPence: form.declaredPence },
      staff.email,
      now,
    );
    return opened ? done('opened') : refused(409, { form: CLAIM_MESSAGES.changed });
  }

  const claim = await findClaim(c.env.DB, form.claim);
  if (!claim || claim.reference !== reference) return refused(409, { form: CLAIM_MESSAGES.changed });
  switch (form.action) {
    case 'assess':
      return (await assessClaim(c.env, quote, claim, staff.email, now)) ? done('assess') : refused(409, { form: CLAIM_MESSAGES.changed });
    case 'offer': {
      const left = await refundableFor(c.env.DB, reference);
      if (form.offer > left) return refused(400, { offer: CLAIM_MESSAGES.offerOver(left) });
      const made = await offerClaim(c.env, quote, claim, form.offer, staff.email, now);
      return made ? done('offer') : refused(409, { form: CLAIM_MESSAGES.changed });
    }
    case 'decline': {
      const declined = await declineClaim(c.env, quote, claim, form.reason, staff.email, now);
      return declined ? done('decline') : refused(409, { form: CLAIM_MESSAGES.changed });
    }
  }
}

export function claimsRoutes(routes: OfficeRoutes): void {
  routes.post(
    CLAIM_PATH,
    staffOnly,
    ...formRoute({ maxBytes: MAX_CLAIM_BODY, limit: officeLimit, schema: claimFormSchema, page: claimRefused }, postClaim),
  );
}
